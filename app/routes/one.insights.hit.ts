import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { countHit, type Hit } from '~/services/insights.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { env } from '~/utils/env.server'
import { ownerPagePath, requestDomain } from '~/utils/public-url.server'
import { isLinkName, parsePagePath, SHARE_METHODS, sourceOf, utmSourceOf } from '~/utils/insights'

const text = (max: number) => z.string().max(max, `at most ${max} characters`)

const HitSchema = z.object({
	/** What happened: a page view, a click on a counted link, or a share. */
	t: z.enum(['view', 'click', 'share'], { error: "'view', 'click' or 'share'" }),
	/** The public page it happened on (`location.pathname`). */
	p: text(200),
	/** view: `document.referrer`. */
	r: text(2000).optional(),
	/** view: the page address's query (`location.search`), for utm_source. */
	q: text(2000).optional(),
	/** click: the link (`linkedInUrl`, …, `portfolio:{id}`). */
	l: text(80).refine(isLinkName, 'a social field name or portfolio:{id}').optional(),
	/** share: how ('native' share sheet or a 'copy' of the link). */
	m: z.enum(SHARE_METHODS).optional(),
})

/**
 * POST /one/insights/hit: the beacon of the public pages' script (app/entry.public.ts). Answers
 * 200 whether or not the hit was counted (bots, prefetches and the owner are not): nothing is
 * told about who is counted. See docs/decisions/022-insights.md.
 */
export async function action({ request }: ActionFunctionArgs) {
	const body = await readJsonBody(request, HitSchema)
	// On an owner's own domain the page's path is short (`/portfolio`): the owner's page path.
	const parsed = parsePagePath(ownerPagePath(request, body.p))
	if (!parsed) return apiError(400, 'p: a public page of an owner')
	const { pname, page } = parsed
	let hit: Hit
	if (body.t === 'view') {
		hit = {
			kind: 'view',
			page,
			source: sourceOf({
				referrer: body.r ?? null,
				utmSource: utmSourceOf(body.q),
				// A visitor coming from another page of the same site (the main host or the domain).
				ownHost: requestDomain(request)?.domain ?? new URL(env().PUBLIC_SITE_URL).host,
			}),
		}
	} else if (body.t === 'click') {
		if (!body.l) return apiError(400, 'l: a link is needed for a click')
		hit = { kind: 'click', link: body.l }
	} else {
		if (!body.m) return apiError(400, 'm: a method is needed for a share')
		hit = { kind: 'share', method: body.m }
	}
	await countHit(request, pname, hit)
	return apiOk()
}

export const loader = postOnlyLoader

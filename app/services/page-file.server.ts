/**
 * What the files beside an owner's page share (`/{pname}/og.png`, `qr.png`, `contact.vcf`): the
 * page's version, or the owner's previous path's 301 and else a 404; then the file, made once per
 * version, host (the owner's domain when the request came in on it) and language (the owner's, which the card's and the vCard's words are in) and
 * kept in memory (app/utils/generated-cache.server.ts). The query string is never part of the key
 * (docs/decisions/026-generated-cache-key.md).
 */
import { getPageVersion, type PageVersion } from '~/models/page-version.server'
import { getProfile, type ProfileData } from '~/models/profile.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { pageUrl, publicBase } from '~/utils/public-url.server'
import { notFoundOrMoved } from './moved.server'

export type PageFileResource = 'og.png' | 'qr.png' | 'contact.vcf'

/**
 * The bytes of `resource` for the page at `pname`, made by `make` from the owner's profile and
 * the page's public address when not kept yet. Throws the 301 or 404 a visitor gets.
 */
export async function pageFile(
	request: Request,
	pname: string | undefined,
	resource: PageFileResource,
	make: (profile: ProfileData, pageUrl: string) => Promise<Buffer>,
): Promise<{ body: Buffer; version: PageVersion }> {
	const version = await getPageVersion(pname ?? '')
	if (!version) throw await notFoundOrMoved(request, pname)
	// `https://{domain}/` on the owner's own domain, else PUBLIC_SITE_URL/{pname}.
	const base = publicBase(request, version.path)
	const key = {
		resource,
		owner: version.customerId,
		version: version.version,
		host: base.host,
		language: version.language,
		// The vCard carries the owner's links live now: a start or an end makes a new card.
		...(resource === 'contact.vcf' ? { schedule: version.schedule } : {}),
	}
	const made = await generatedCache().get(key, async () => {
		const profile = await getProfile(version.customerId)
		if (!profile?.path) return null
		return { body: await make(profile, pageUrl(base)), meta: null }
	})
	if (!made) throw new Response('Not found', { status: 404 })
	return { body: made.body, version }
}

import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCustomerEmail } from '~/models/customer.server'
import { getPageVersion } from '~/models/page-version.server'
import { getProfile } from '~/models/profile.server'
import { publishedEmail } from '~/models/public-page.server'
import { readDisplayPicture } from '~/models/share.server'
import { countHit } from '~/services/insights.server'
import { env } from '~/utils/env.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { profileVCard } from '~/utils/vcard.server'
import { notFoundOrMoved } from '~/services/moved.server'

/**
 * GET /{pname}/contact.vcf: the owner's contact card (vCard 3.0), as contact.vcf. Each download
 * reaches the server (no-store) and is counted in the owner's insights; the card itself is made
 * once per page version (a change of the owner's email moves it too) and kept in memory.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const version = await getPageVersion(params.pname ?? '')
	if (!version) throw await notFoundOrMoved(request, params.pname)
	const site = env().PUBLIC_SITE_URL
	const key = {
		resource: 'contact.vcf',
		owner: version.customerId,
		version: version.version,
		host: new URL(site).host,
	}
	const made = await generatedCache().get(key, async () => {
		const profile = await getProfile(version.customerId)
		if (!profile?.path) return null
		const [email, photo] = await Promise.all([
			profile.socialLinks.email || profile.hideEmail
				? Promise.resolve(publishedEmail(profile, null))
				: getCustomerEmail(profile.customerId),
			readDisplayPicture(profile.customerId, Boolean(profile.pictureUrl)),
		])
		const card = await profileVCard({
			firstName: profile.name.firstName,
			lastName: profile.name.lastName,
			designation: profile.designation,
			...profile.socialLinks,
			email,
			companySite: profile.socialLinks.companySite ?? `${site}/${profile.path}`,
			photo,
		})
		return { body: Buffer.from(card, 'utf8'), meta: null }
	})
	if (!made) throw new Response('Not found', { status: 404 })
	// A real download: counted here (docs/decisions/022-insights.md), so never cached.
	if (request.method === 'GET') await countHit(request, version.path, { kind: 'vcard' })
	return new Response(new Uint8Array(made.body), {
		headers: {
			'Content-Type': 'text/vcard; charset=utf-8',
			'Content-Disposition': 'attachment; filename="contact.vcf"',
			'Cache-Control': 'no-store',
		},
	})
}

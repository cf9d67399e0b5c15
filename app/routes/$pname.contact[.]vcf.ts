import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCustomerEmail } from '~/models/customer.server'
import { listLiveLinks } from '~/models/link.server'
import { publishedEmail } from '~/models/public-page.server'
import { readDisplayPicture } from '~/models/share.server'
import { countHit } from '~/services/insights.server'
import { pageFile } from '~/services/page-file.server'
import { serverI18n } from '~/utils/i18n.server'
import { profileVCard } from '~/utils/vcard.server'

/**
 * GET /{pname}/contact.vcf: the owner's contact card (vCard 3.0), as contact.vcf. Each download
 * reaches the server (no-store) and is counted in the owner's insights; the card itself is made
 * once per page version (a change of the owner's email moves it too) and kept in memory.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const { body, version } = await pageFile(
		request,
		params.pname,
		'contact.vcf',
		async (profile, pageUrl) => {
			const [email, photo, links] = await Promise.all([
				profile.socialLinks.email || profile.hideEmail
					? Promise.resolve(publishedEmail(profile, null))
					: getCustomerEmail(profile.customerId),
				readDisplayPicture(profile.customerId, Boolean(profile.pictureUrl)),
				// The owner's links live now: the card is kept per schedule window (pageFile).
				listLiveLinks(profile.customerId),
			])
			const card = await profileVCard({
				firstName: profile.name.firstName,
				lastName: profile.name.lastName,
				designation: profile.designation,
				...profile.socialLinks,
				email,
				companySite: profile.socialLinks.companySite ?? pageUrl,
				photo,
				links,
				i18n: serverI18n(profile.language),
			})
			return Buffer.from(card, 'utf8')
		},
	)
	// A real download: counted here (docs/decisions/022-insights.md), so never cached.
	if (request.method === 'GET') await countHit(request, version.path, { kind: 'vcard' })
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': 'text/vcard; charset=utf-8',
			'Content-Disposition': 'attachment; filename="contact.vcf"',
			'Cache-Control': 'no-store',
		},
	})
}

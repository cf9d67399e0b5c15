import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCustomerEmail } from '~/models/customer.server'
import { publishedEmail } from '~/models/public-page.server'
import { getShareProfile, readDisplayPicture } from '~/models/share.server'
import { countHit } from '~/services/insights.server'
import { env } from '~/utils/env.server'
import { profileVCard } from '~/utils/vcard.server'
import { notFoundOrMoved } from '~/services/moved.server'

/**
 * GET /{pname}/contact.vcf: the owner's contact card (vCard 3.0), as contact.vcf. Each download
 * reaches the server (no-store) and is counted in the owner's insights.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const profile = await getShareProfile(params.pname ?? '')
	if (!profile?.path) throw await notFoundOrMoved(request, params.pname)
	const [email, photo] = await Promise.all([
		profile.socialLinks.email || profile.hideEmail
			? Promise.resolve(publishedEmail(profile, null))
			: getCustomerEmail(profile.customerId),
		readDisplayPicture(profile.customerId, Boolean(profile.pictureUrl)),
	])
	// A real download: counted here (docs/decisions/022-insights.md), so never cached.
	if (request.method === 'GET') await countHit(request, profile.path, { kind: 'vcard' })
	const card = await profileVCard({
		firstName: profile.name.firstName,
		lastName: profile.name.lastName,
		designation: profile.designation,
		...profile.socialLinks,
		email,
		companySite: profile.socialLinks.companySite ?? `${env().PUBLIC_SITE_URL}/${profile.path}`,
		photo,
	})
	return new Response(card, {
		headers: {
			'Content-Type': 'text/vcard; charset=utf-8',
			'Content-Disposition': 'attachment; filename="contact.vcf"',
			'Cache-Control': 'no-store',
		},
	})
}

/**
 * Everything a visitor's profile page shows, read in a fixed number of queries.
 */
import { getCustomerEmail, getCustomerIdByPath } from './customer.server'
import { listLiveLinks } from './link.server'
import { countActivePortfolios, listPortfolios } from './portfolio/lists.server'
import { getProfile, type ProfileData } from './profile.server'
import { getResume } from './resume.server'

/**
 * The email visitors see (page, Find Me, vCard): the contact email, else the login email; none
 * when the owner hides it.
 */
export function publishedEmail(
	profile: Pick<ProfileData, 'hideEmail' | 'socialLinks'>,
	loginEmail: string | null,
) {
	if (profile.hideEmail) return null
	return profile.socialLinks.email ?? loginEmail
}

/**
 * The profile page's data. `links` are the owner's links live at `now`: worked out
 * at each request, never stored, so a hidden, not yet started or ended link never reaches a
 * visitor (the page cache keys on the schedule window: server/page-cache.ts).
 */
export async function getProfilePage(customerId: string, now = new Date()) {
	const [profile, resume, email, featured, activeCount, links] = await Promise.all([
		getProfile(customerId),
		getResume(customerId),
		getCustomerEmail(customerId),
		// 'My Portfolio': up to 3 featured active items, and whether 'View All' shows.
		listPortfolios(customerId, 'featured'),
		countActivePortfolios(customerId),
		listLiveLinks(customerId, now),
	])
	if (!profile) return null
	return {
		profile,
		resume,
		email: publishedEmail(profile, email),
		portfolio: { featured, activeCount },
		links,
	}
}

export async function getPublicProfilePage(path: string) {
	const customerId = await getCustomerIdByPath(path)
	if (!customerId) return null
	return getProfilePage(customerId)
}

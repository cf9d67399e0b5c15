/**
 * Everything a visitor's profile page shows, read in a fixed number of queries.
 */
import { getCustomerEmail, getCustomerIdByPath } from './customer.server'
import { getProfile } from './profile.server'
import { getResume } from './resume.server'

export async function getProfilePage(customerId: string) {
	const [profile, resume, email] = await Promise.all([
		getProfile(customerId),
		getResume(customerId),
		getCustomerEmail(customerId),
	])
	if (!profile) return null
	return { profile, resume, email: profile.socialLinks.email ?? email }
}

export async function getPublicProfilePage(path: string) {
	const customerId = await getCustomerIdByPath(path)
	if (!customerId) return null
	return getProfilePage(customerId)
}

/**
 * What the share files (QR code, contact card, link-preview card) need of a public profile.
 */
import { getCustomerIdByPath } from './customer.server'
import { displayPictureKey, getProfile } from './profile.server'
import { storage } from '~/utils/storage.server'

export async function getShareProfile(path: string) {
	const customerId = await getCustomerIdByPath(path)
	if (!customerId) return null
	return getProfile(customerId)
}

/** The stored display picture (512 px WebP), or null when none was uploaded or it is missing. */
export async function readDisplayPicture(customerId: string, version: number | boolean) {
	if (!version) return null
	try {
		return await storage().get(displayPictureKey(customerId, 'large'))
	} catch {
		return null
	}
}

/**
 * Test data factories, shared by the tests and the seed script. They go through the models,
 * like every other writer of data.
 */
import crypto from 'node:crypto'
import { claimPath, createCustomer } from '~/models/customer.server'
import { createSession } from '~/services/session.server'
import { SUDO_TTL_MS } from '~/services/sudo.server'
import { prisma } from '~/utils/db.server'
import { hashPassword } from '~/utils/password.server'

export const DEFAULT_PASSWORD = 'correct-horse-battery'

export function uniqueEmail(prefix = 'owner') {
	return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`
}

export function uniquePath(prefix = 'Owner') {
	return `${prefix}-${crypto.randomBytes(4).toString('hex')}`
}

/**
 * One bcrypt hash per password for all the owners a test process makes: a hash costs a core a
 * tenth of a second, and thousands of owners are made in a run. Each still verifies as a real
 * one (bcrypt salts make no two hashes alike; none needs to differ here).
 */
const hashes = new Map<string, Promise<string>>()
function hashOnce(password: string) {
	let hash = hashes.get(password)
	if (!hash) {
		hash = hashPassword(password)
		hashes.set(password, hash)
	}
	return hash
}

/**
 * A registered owner, optionally with a claimed path, and an access token of a session in sudo
 * mode (as an owner who just confirmed it's them: the tests of sudo mode itself sign in for a
 * session without it). Their address is verified unless `emailVerified` is false (then its
 * verification link is queued, as at sign-up).
 */
export async function createOwner(
	options: {
		name?: string
		email?: string
		password?: string
		path?: string | null
		emailVerified?: boolean
	} = {},
) {
	const email = options.email ?? uniqueEmail()
	const password = options.password ?? DEFAULT_PASSWORD
	const customer = await createCustomer(
		{ email, password, name: options.name ?? 'Jane Doe' },
		{ emailVerified: options.emailVerified ?? true, passwordHash: await hashOnce(password) },
	)
	let path: string | null = null
	if (options.path !== null) {
		const claim = await claimPath(customer.id, options.path ?? uniquePath())
		if (!claim.ok) throw new Error(`could not claim path: ${claim.reason}`)
		path = claim.path
	}
	return { id: customer.id, email, password, path, token: await sudoSessionToken(customer.id) }
}

/** The access token of a new session of `customerId`, in sudo mode for its 10 minutes. */
export async function sudoSessionToken(customerId: string) {
	const session = await createSession(customerId)
	await prisma().sudoGrant.create({
		data: {
			sessionId: session.sessionId,
			customerId,
			until: new Date(Date.now() + SUDO_TTL_MS),
		},
	})
	return session.accessToken
}

// ---------------------------------------------------------------- portfolio
// (imports are hoisted; kept beside the helpers that use them)
import {
	addPortfolioImageRecord,
	createPortfolio as createPortfolioItem,
} from '~/models/portfolio.server'

/** A portfolio item of `ownerId` (inactive and empty unless `fields` say otherwise). */
export async function createPortfolio(
	ownerId: string,
	fields: Parameters<typeof createPortfolioItem>[1] = {},
) {
	return createPortfolioItem(ownerId, fields)
}

/** An image record of one of the owner's portfolio items (no bytes are stored). */
export async function createPortfolioImage(
	ownerId: string,
	portfolioId: string,
	image: Parameters<typeof addPortfolioImageRecord>[2] = {},
) {
	const record = await addPortfolioImageRecord(ownerId, portfolioId, image)
	if (!record) throw new Error(`portfolio ${portfolioId} is not owned by ${ownerId}`)
	return record
}

// ---------------------------------------------------------------- account snapshots
// (imports are hoisted; kept beside the helper that uses them)
import { getCredentials } from '~/models/account.server'
import { allContacts } from '~/models/contact.server'
import { getCustomerEmail, getCustomerPath, listHeldPaths } from '~/models/customer.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import { getProfile } from '~/models/profile.server'
import { getResume } from '~/models/resume.server'
import { storage } from '~/utils/storage.server'

/**
 * Everything an owner's account holds, read through the models: email, credentials (password
 * hash, when sessions were last ended), claimed path (and the previous paths held for the owner),
 * profile
 * (with its updatedAt, so any write to the row shows), the five resume lists, every portfolio
 * item in order with all its images, and the stored objects under the owner's prefix. Two equal
 * snapshots mean nothing of the account changed in between.
 */
export async function snapshotAccount(customerId: string) {
	const storedObjects: string[] = []
	for await (const key of storage().list(`${customerId}/`)) storedObjects.push(key)
	return {
		email: await getCustomerEmail(customerId),
		credentials: await getCredentials(customerId),
		path: await getCustomerPath(customerId),
		heldPaths: await listHeldPaths(customerId),
		profile: await getProfile(customerId),
		resume: await getResume(customerId),
		portfolios: await listPortfolios(customerId, 'all'),
		// The details visitors left, read or not.
		contacts: await allContacts(customerId),
		storedObjects: storedObjects.sort(),
	}
}

/**
 * Profiles: the owner's name, headline, links, highlights and bio, in the /one API's shapes.
 */
import { toAppearance, type Appearance } from '~/utils/appearance'
import { prisma, type Prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/utils/locales'
import { type Precondition } from '~/utils/etag.server'
import { type SocialField } from '~/utils/profile-schemas'
import { type Tx, writeAsOwner } from './tx.server'

export type SocialLinks = Record<SocialField, string | null>

export type ProfileData = {
	customerId: string
	path: string | null
	name: { firstName: string; lastName: string }
	designation: string
	city: string
	country: string
	tagline: string
	siteName: string
	bio: string[]
	carHighlights: { highOne: string | null; highTwo: string | null; highThree: string | null }
	socialLinks: SocialLinks
	/** The owner hides every email address from visitors. */
	hideEmail: boolean
	pictureUrl: string | null
	pictureSmallUrl: string | null
	/** Accent colour, light/dark, type pairing and header style of the owner's pages. */
	appearance: Appearance
	/** The language of the owner's public pages (app/utils/locales.ts). */
	language: Locale
	updatedAt: string
}

/** The columns of the owner's links (the API's `socialLinks`). */
export const socialSelect = {
	linkedInUrl: true,
	xUrl: true,
	igUrl: true,
	fbUrl: true,
	ytUrl: true,
	whatAppBusUrl: true,
	mobileNumber: true,
	companySite: true,
	email: true,
} satisfies Prisma.ProfileSelect

export const profileSelect = {
	customerId: true,
	path: true,
	firstName: true,
	lastName: true,
	designation: true,
	city: true,
	country: true,
	tagline: true,
	siteName: true,
	bio: true,
	highOne: true,
	highTwo: true,
	highThree: true,
	...socialSelect,
	hideEmail: true,
	pictureVersion: true,
	accent: true,
	themeMode: true,
	font: true,
	headerStyle: true,
	language: true,
	updatedAt: true,
} satisfies Prisma.ProfileSelect

type ProfileRow = Prisma.ProfileGetPayload<{ select: typeof profileSelect }>

export function displayPictureKey(customerId: string, size: 'large' | 'small' = 'large') {
	return size === 'large'
		? `${customerId}/display-picture.webp`
		: `${customerId}/display-picture-small.webp`
}

export function displayPictureUrl(
	customerId: string,
	version: number,
	size: 'large' | 'small' = 'large',
) {
	if (!version) return null
	return `${env().CDN_URL}/${displayPictureKey(customerId, size)}?v=${version}`
}

export function toProfileData(row: ProfileRow): ProfileData {
	return {
		customerId: row.customerId,
		path: row.path,
		name: { firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
		designation: row.designation ?? '',
		city: row.city ?? '',
		country: row.country ?? '',
		tagline: row.tagline ?? '',
		siteName: row.siteName ?? '',
		bio: row.bio,
		carHighlights: { highOne: row.highOne, highTwo: row.highTwo, highThree: row.highThree },
		socialLinks: {
			linkedInUrl: row.linkedInUrl,
			xUrl: row.xUrl,
			igUrl: row.igUrl,
			fbUrl: row.fbUrl,
			ytUrl: row.ytUrl,
			whatAppBusUrl: row.whatAppBusUrl,
			mobileNumber: row.mobileNumber,
			companySite: row.companySite,
			email: row.email,
		},
		hideEmail: row.hideEmail,
		pictureUrl: displayPictureUrl(row.customerId, row.pictureVersion),
		pictureSmallUrl: displayPictureUrl(row.customerId, row.pictureVersion, 'small'),
		appearance: toAppearance(row),
		language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
		updatedAt: row.updatedAt.toISOString(),
	}
}

/** The profile of an active customer, or null. */
export async function getProfile(customerId: string): Promise<ProfileData | null> {
	const row = await prisma().profile.findFirst({
		where: { customerId, customer: { disabled: false } },
		select: profileSelect,
	})
	return row ? toProfileData(row) : null
}

type ProfileUpdate = Partial<
	Pick<
		Prisma.ProfileUpdateInput,
		| 'firstName'
		| 'lastName'
		| 'designation'
		| 'city'
		| 'country'
		| 'tagline'
		| 'siteName'
		| 'bio'
		| 'highOne'
		| 'highTwo'
		| 'highThree'
		| 'hideEmail'
		| 'accent'
		| 'themeMode'
		| 'font'
		| 'headerStyle'
		| 'language'
		| SocialField
	>
>

/**
 * Writes fields of the owner's own profile and returns the whole profile as this write left it.
 * With a precondition (an `If-Match`, the builder's section version) the check runs on the
 * current data under the owner's write lock and throws PreconditionFailed (nothing written) when
 * it does not hold.
 * A caller already inside the owner's write (`writeAsOwner`) passes its transaction `tx`.
 */
export async function updateProfile(
	customerId: string,
	data: ProfileUpdate,
	precondition?: Precondition<ProfileData>,
	tx?: Tx,
): Promise<ProfileData> {
	// The owner's lock makes sure the row exists, and makes check-then-write one step.
	const write = async (db: Tx) => {
		if (precondition) {
			const current = await db.profile.findUnique({ where: { customerId }, select: profileSelect })
			precondition(current ? toProfileData(current) : null)
		}
		return db.profile.update({ where: { customerId }, data, select: profileSelect })
	}
	const row = await (tx ? write(tx) : writeAsOwner(customerId, write))
	return toProfileData(row)
}

export async function bumpPictureVersion(customerId: string) {
	const row = await writeAsOwner(customerId, (tx) =>
		tx.profile.update({
			where: { customerId },
			data: { pictureVersion: { increment: 1 } },
			select: { pictureVersion: true },
		}),
	)
	return row.pictureVersion
}

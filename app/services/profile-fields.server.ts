/**
 * The profile fields of the /one API: for each URL word, how it is validated, written, and
 * answered (`data` keyed by field, SPEC.md section 7).
 */
import { type z } from 'zod'
import { type ProfileData } from '~/models/profile.server'
import { appearanceUpdate } from '~/utils/appearance'
import {
	AppearanceSchema,
	BioSchema,
	CitySchema,
	CountrySchema,
	DesignationSchema,
	EmailVisibilitySchema,
	HighlightsSchema,
	NameSchema,
	SiteNameSchema,
	SocialLinksSchema,
	TaglineSchema,
} from '~/utils/profile-schemas'

type FieldSpec<S extends z.ZodType> = {
	schema: S
	toUpdate: (value: z.output<S>) => Record<string, unknown>
	read: (profile: ProfileData) => Record<string, unknown>
}

const field = <S extends z.ZodType>(spec: FieldSpec<S>) => spec

export const PROFILE_FIELDS = {
	name: field({
		schema: NameSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ name: profile.name }),
	}),
	designation: field({
		schema: DesignationSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ designation: profile.designation }),
	}),
	city: field({
		schema: CitySchema,
		toUpdate: (value) => value,
		read: (profile) => ({ city: profile.city }),
	}),
	country: field({
		schema: CountrySchema,
		toUpdate: (value) => value,
		read: (profile) => ({ country: profile.country }),
	}),
	'social-links': field({
		schema: SocialLinksSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ socialLinks: profile.socialLinks }),
	}),
	'email-visibility': field({
		schema: EmailVisibilitySchema,
		toUpdate: (value) => value,
		read: (profile) => ({ hideEmail: profile.hideEmail }),
	}),
	tagline: field({
		schema: TaglineSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ tagline: profile.tagline }),
	}),
	'site-name': field({
		schema: SiteNameSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ siteName: profile.siteName }),
	}),
	highlights: field({
		schema: HighlightsSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ carHighlights: profile.carHighlights }),
	}),
	bio: field({
		schema: BioSchema,
		toUpdate: (value) => value,
		read: (profile) => ({ bio: profile.bio }),
	}),
	appearance: field({
		schema: AppearanceSchema,
		toUpdate: (value) => appearanceUpdate(value),
		read: (profile) => ({ appearance: profile.appearance }),
	}),
} as const

export type ProfileFieldName = keyof typeof PROFILE_FIELDS

export function isProfileField(name: string | undefined): name is ProfileFieldName {
	return typeof name === 'string' && Object.prototype.hasOwnProperty.call(PROFILE_FIELDS, name)
}

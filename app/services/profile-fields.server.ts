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
	LanguageSchema,
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

/** A field written as sent and answered as `{ [key]: profile[key] }`. */
const plain = <S extends z.ZodType<Record<string, unknown>>>(schema: S, key: keyof ProfileData) =>
	field({ schema, toUpdate: (value) => value, read: (profile) => ({ [key]: profile[key] }) })

export const PROFILE_FIELDS = {
	name: plain(NameSchema, 'name'),
	designation: plain(DesignationSchema, 'designation'),
	city: plain(CitySchema, 'city'),
	country: plain(CountrySchema, 'country'),
	'social-links': plain(SocialLinksSchema, 'socialLinks'),
	'email-visibility': plain(EmailVisibilitySchema, 'hideEmail'),
	tagline: plain(TaglineSchema, 'tagline'),
	'site-name': plain(SiteNameSchema, 'siteName'),
	highlights: plain(HighlightsSchema, 'carHighlights'),
	bio: plain(BioSchema, 'bio'),
	language: plain(LanguageSchema, 'language'),
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

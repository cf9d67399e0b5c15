/** The social and contact fields of a profile (no validation code: safe for every page bundle). */
export const SOCIAL_FIELDS = [
	'linkedInUrl',
	'xUrl',
	'igUrl',
	'fbUrl',
	'ytUrl',
	'whatAppBusUrl',
	'mobileNumber',
	'companySite',
	'email',
] as const
export type SocialField = (typeof SOCIAL_FIELDS)[number]

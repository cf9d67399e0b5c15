/**
 * Update bodies with every field empty. The /one updates and the builder's saves take whole
 * bodies (the presence rule: a field left out is an error, a field sent empty is cleared), so a
 * test spreads one of these and then sets what it changes.
 */
export const BLANK_NAME_CARD = {
	firstName: '',
	lastName: '',
	designation: '',
	city: '',
	country: '',
}

export const BLANK_LINKS = {
	linkedInUrl: '',
	xUrl: '',
	igUrl: '',
	fbUrl: '',
	ytUrl: '',
	whatAppBusUrl: '',
	mobileNumber: '',
	companySite: '',
	email: '',
}

export const BLANK_HEAD = {
	productName: '',
	company: '',
	role: '',
	projectSummary: '',
	duration: '',
	industries: [] as string[],
	categories: [] as string[],
}

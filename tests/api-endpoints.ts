/**
 * Every endpoint of the /one API (and POST /refresh) in one table: how to call it, whether it
 * needs a session, and a valid example call against a fixture of two owners. The fuzz test
 * (app/routes/one.fuzz.test.ts) and the access-control test (app/routes/one.access.test.ts) both
 * walk this table, so an endpoint added here is covered by both; `endpointTableProblems()` (run
 * by both) makes sure no /one route module is missing from it.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { type AppLoadContext } from '@remix-run/node'
import sharp from 'sharp'
import { SKILLS } from '~/data/options'
import { claimPath } from '~/models/customer.server'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { createEmailChangeToken, createPasswordResetToken } from '~/models/account.server'
import { cardKey } from '~/models/image.server'
import { addCounts } from '~/models/insights.server'
import { replaceLinks } from '~/models/link.server'
import { createSecondStep } from '~/models/sign-in-factor.server'
import { claimDomain, markVerified } from '~/models/domain.server'
import { resetEnv } from '~/utils/env.server'
import { startDnsServer, type TestDnsServer } from './dns-server'
import { action as deleteAccount } from '~/routes/one.account.delete'
import { action as deleteDomain } from '~/routes/one.account.domain.delete'
import { loader as getDomain } from '~/routes/one.account.domain.get'
import { action as updateDomain } from '~/routes/one.account.domain.update'
import { action as verifyDomain } from '~/routes/one.account.domain.verify'
import { action as confirmEmail } from '~/routes/one.account.email.confirm'
import { action as updateEmail } from '~/routes/one.account.email.update'
import { action as exportAccount } from '~/routes/one.account.export'
import { action as disableMfa } from '~/routes/one.account.mfa.disable'
import { loader as getMfa } from '~/routes/one.account.mfa.get'
import { action as passkeyRegisterOptions } from '~/routes/one.account.mfa.passkeys.register.options'
import { action as passkeyRegisterVerify } from '~/routes/one.account.mfa.passkeys.register.verify'
import { action as passkeyRemove } from '~/routes/one.account.mfa.passkeys.remove'
import { action as passkeyRename } from '~/routes/one.account.mfa.passkeys.rename'
import { action as remakeRecoveryCodes } from '~/routes/one.account.mfa.recovery-codes'
import { action as enableTotp } from '~/routes/one.account.mfa.totp.enable'
import { action as setupTotp } from '~/routes/one.account.mfa.totp.setup'
import { action as updatePassword } from '~/routes/one.account.password.update'
import { action as openSudo, loader as readSudo } from '~/routes/one.account.sudo'
import { action as revokeSessions } from '~/routes/one.account.sessions.revoke'
import { loader as getCustomerId } from '~/routes/one.auth.new.get.[customer_id].$pname'
import { loader as getEmail } from '~/routes/one.auth.new.get.email'
import { action as login } from '~/routes/one.auth.new.login'
import { action as loginSecondStep } from '~/routes/one.auth.new.login.mfa'
import { action as passkeyLoginOptions } from '~/routes/one.auth.new.passkey.options'
import { action as passkeyLoginVerify } from '~/routes/one.auth.new.passkey.verify'
import { action as logout } from '~/routes/one.auth.new.logout'
import { action as forgotPassword } from '~/routes/one.auth.new.password.forgot'
import { action as resetPassword } from '~/routes/one.auth.new.password.reset'
import { action as register } from '~/routes/one.auth.new.register'
import { loader as session } from '~/routes/one.auth.new.session'
import { action as insightsHit } from '~/routes/one.insights.hit'
import { loader as insightsPixel } from '~/routes/one.insights.pixel[.]gif'
import { loader as insightsSummary } from '~/routes/one.insights.summary'
import { loader as getPath } from '~/routes/one.path-name.get'
import { action as releasePath } from '~/routes/one.path-name.release'
import { action as updatePath } from '~/routes/one.path-name.update'
import { loader as getLinks } from '~/routes/one.sites.links.get'
import { action as updateLinks } from '~/routes/one.sites.links.update'
import { loader as listContacts } from '~/routes/one.contacts._index'
import { action as leaveContact } from '~/routes/one.contacts.$pname'
import { loader as contactCard } from '~/routes/one.contacts.$contactId.contact[.]vcf'
import { action as deleteContact } from '~/routes/one.contacts.delete'
import { loader as exportContacts } from '~/routes/one.contacts.export[.]csv'
import { loader as readContactForm } from '~/routes/one.sites.info.general.contact-form'
import { action as updateContactForm } from '~/routes/one.sites.info.general.contact-form.update'
import { createContact } from '~/models/contact.server'
import { action as deleteImage } from '~/routes/one.sites.images.delete'
import { loader as listImages } from '~/routes/one.sites.images.get.portfolio-images'
import { action as reorderImages } from '~/routes/one.sites.images.reorder'
import { action as uploadDisplayPicture } from '~/routes/one.sites.images.update.display-picture'
import { action as setImageStatus } from '~/routes/one.sites.images.update.image.status'
import { action as setImageDetails } from '~/routes/one.sites.images.update.image.details'
import { action as uploadPortfolioImages } from '~/routes/one.sites.images.update.portfolio-images'
import { loader as readProfileField } from '~/routes/one.sites.info.general.$field'
import { action as updateProfileField } from '~/routes/one.sites.info.general.$field.update'
import { action as createPortfolio } from '~/routes/one.sites.portfolio.data.create.new.portfolio'
import { action as deletePortfolio } from '~/routes/one.sites.portfolio.data.delete'
import { action as discardPortfolio } from '~/routes/one.sites.portfolio.data.discard'
import { action as portfolioPresence } from '~/routes/one.sites.portfolio.data.presence'
import { loader as listPortfolios } from '~/routes/one.sites.portfolio.data.get.$type'
import { loader as getPortfolio } from '~/routes/one.sites.portfolio.data.get.individual.data'
import { action as reorderPortfolios } from '~/routes/one.sites.portfolio.data.reorder'
import { action as updatePortfolioSection } from '~/routes/one.sites.portfolio.data.update.$section'
import { action as setPortfolioStatus } from '~/routes/one.sites.portfolio.data.update.status'
import { loader as getResume } from '~/routes/one.sites.resume.work-exp.get'
import { action as updateResumeSection } from '~/routes/one.sites.resume.work-exp.update.$section'
import { action as applyResumeImport } from '~/routes/one.sites.resume.import.apply'
import { action as previewResumeImport } from '~/routes/one.sites.resume.import.preview'
import { action as refresh } from '~/routes/refresh'
import { type ProfileFieldName } from '~/services/profile-fields.server'
import {
	passkeyLoginOptions as loginOptionsFor,
	passkeyRegistrationOptions,
	registerPasskey,
	relyingParty,
	startTotpSetup,
} from '~/services/sign-in-factors.server'
import { i18nFor } from '~/utils/i18n'
import { utcDay } from '~/utils/insights'
import { type PortfolioSection } from '~/utils/portfolio-schemas'
import { createSession } from '~/services/session.server'
import { storage } from '~/utils/storage.server'
import {
	createOwner,
	createPortfolio as createPortfolioItem,
	createPortfolioImage,
	uniqueEmail,
	uniquePath,
} from './factories'
import { makeRequest } from './route'
import { codeAt, currentStep, SoftwareAuthenticator, turnOnTotp } from './second-factor'

/** A route's loader or action. */
export type Handler = (args: {
	request: Request
	params: Record<string, string>
	context: AppLoadContext
}) => unknown

type Owner = Awaited<ReturnType<typeof createOwner>>

/**
 * An owner with something in every part of the account: a claimed path (and a previous one
 * still held after a change), profile, the five resume
 * lists, and two portfolio items: the first inactive with two stored images, the second active.
 */
export type FixtureOwner = Owner & {
	path: string
	/** The owner's verified domain (`{id}.example`). */
	domain: string
	/** The owner's path before a change: held for them (it redirects to `path`). */
	previousPath: string
	portfolioId: string
	imageId: string
	secondImageId: string
	secondPortfolioId: string
	/** A contact a visitor left for the owner. */
	contactId: string
}

/**
 * Owner A (with a refresh token, a password reset link and an email change link too, and sign-in
 * factors: authenticator codes on, a passkey, ceremonies under way) and owner B, the same way
 * (with a passkey too).
 */
export type Fixture = {
	a: FixtureOwner & {
		refreshToken: string
		resetToken: string
		emailChangeToken: string
		/** Authenticator codes are on with this secret (a code of the next step is still fresh). */
		totpSecret: string
		/** A new authenticator app being set up (its first code turns it on). */
		pendingTotpSecret: string
		/** A login waiting for its second step. */
		mfaToken: string
		/** A's passkey (named after A's path). */
		passkeyId: string
		/** A second passkey's registration response, made for A's challenge. */
		passkeyRegistration: unknown
		/** A sign-in response of A's passkey, made for a sign-in challenge. */
		passkeyAssertion: unknown
	}
	b: FixtureOwner & { passkeyId: string }
	/** A small real PNG, a valid upload for the multipart endpoints. */
	png: Buffer
}

export type UploadPart = { field: string; data: Buffer; filename: string; type: string }

/** One call: path parameters, query parameters, and a JSON body or multipart files (or nothing). */
export type Example = {
	params?: Record<string, string>
	query?: Record<string, string>
	body?: unknown
	/** Multipart parts: the file first, then any text fields. */
	files?: Array<UploadPart | { field: string; value: string }>
}

type Common = {
	method: 'GET' | 'POST'
	/** The URL, with `{param}` for the route's dynamic segments. */
	path: string
	/** Values of the dynamic segments, as Remix passes them to the handler (or see `example`). */
	params?: Record<string, string>
	/** Tells apart two rows of one URL (e.g. the two keys of the image status call). */
	variant?: string
	/** The route module under app/routes. */
	file: string
	handler: Handler
	/** What the request carries besides the query: a JSON body, multipart files, or nothing. */
	payload: 'none' | 'json' | 'multipart'
	/** Query parameters the endpoint reads. */
	queryKeys: readonly string[]
	/** A valid call by owner A on A's own objects. */
	example: (fx: Fixture) => Example
	/** The content type of a 200 that is not JSON (errors are still the JSON envelope). */
	binary?: string
}

/** Answers the same to anyone; a session is never needed. */
type PublicEndpoint = Common & { auth: 'public' }

/**
 * `owner`: 401 without a valid session. `optional`: a session may show more (an owner's own
 * inactive item) but is not needed.
 */
export type SignedInEndpoint = Common & {
	auth: 'owner' | 'optional'
	/** Whether A's own example call changes A's account. */
	mutates: boolean
	/**
	 * What owner B gets for A's example call (A's ids and names) with B's token: 404 for another
	 * owner's object, 409 for another owner's name, 400 when A's name is no valid confirmation
	 * for B, or 200 when the call only ever touches the caller's own account (`changesCaller`:
	 * whether B's account changes).
	 */
	asOtherOwner: { status: 200 | 400 | 404 | 409; changesCaller: boolean }
}

export type ApiEndpoint = PublicEndpoint | SignedInEndpoint

/** A readable name: the method and the URL with its parameters filled in. */
export function endpointName(endpoint: ApiEndpoint) {
	const name = `${endpoint.method} ${fillPath(endpoint.path, endpoint.params)}`
	return endpoint.variant ? `${name} (${endpoint.variant})` : name
}

function fillPath(template: string, params: Record<string, string> = {}) {
	return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
		const value = params[name]
		return value === undefined ? placeholder : encodeURIComponent(wellFormed(value))
	})
}

/**
 * A URL cannot carry a lone surrogate (it is no character), so path parameters that Remix
 * decodes from one never hold any: they stand for U+FFFD here, as in a URL.
 */
function wellFormed(value: string) {
	return value.replace(
		/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
		'\ufffd',
	)
}

// ---------------------------------------------------------------- examples

const PROFILE_EXAMPLES: Record<ProfileFieldName, Record<string, unknown>> = {
	name: { firstName: 'Ada', lastName: 'Lovelace' },
	designation: { designation: 'Analyst' },
	city: { city: 'London' },
	country: { country: 'United Kingdom' },
	'social-links': {
		linkedInUrl: 'https://www.linkedin.com/in/ada',
		xUrl: null,
		igUrl: null,
		fbUrl: null,
		ytUrl: null,
		whatAppBusUrl: null,
		mobileNumber: '+44 20 7946 0000',
		companySite: null,
		email: 'ada@example.com',
	},
	'email-visibility': { hideEmail: true },
	tagline: { tagline: 'The first programmer' },
	'site-name': { siteName: 'Ada' },
	language: { language: 'pt-BR' },
	highlights: { highOne: 'Notes on the Engine', highTwo: 'Bernoulli numbers', highThree: null },
	bio: { bio: 'First paragraph.\n\nSecond paragraph.' },
	appearance: { accent: '#047857', mode: 'dark', font: 'classic', header: 'solid' },
}

const PORTFOLIO_EXAMPLES: Record<PortfolioSection, Record<string, unknown>> = {
	head: {
		productName: 'Analytical Engine',
		company: 'Babbage & Co',
		role: 'Programmer',
		projectSummary: 'Line one\nLine two',
		duration: '3 months',
		industries: ['Agriculture'],
		categories: ['Web Development'],
	},
	skills: { skills: [SKILLS[0], SKILLS[1]] },
	challenges: { challenges: ['No compiler'] },
	solutions: { solution: ['Wrote the notes'] },
	result: { results: ['A program'] },
}

const RESUME_SECTIONS = ['workexp', 'education', 'skills', 'certificates', 'achievements'] as const
const RESUME_EXAMPLES: Record<(typeof RESUME_SECTIONS)[number], Record<string, unknown>> = {
	workexp: {
		workExp: [
			{
				company: 'Acme',
				role: 'Engineer',
				startDate: 'Jan 2020',
				endDate: 'Ongoing',
				experience: ['Built things'],
			},
		],
	},
	education: {
		education: [{ eduName: 'BSc', eduInstitution: 'UCL', eduStartYear: 2010, eduEndYear: 2014 }],
	},
	skills: { skills: [{ skillName: SKILLS[0], rating: 4.5 }] },
	certificates: {
		certificates: [
			{ crtName: 'Cloud', crtPlat: 'Coursera', crtUrl: 'https://example.com/c', crtYear: 2021 },
		],
	},
	achievements: { achievements: ['Won a prize'] },
}

/** A JSON Resume file for the import calls. */
const RESUME_FILE: UploadPart = {
	field: 'file',
	data: Buffer.from(
		JSON.stringify({
			work: [{ name: 'Imported Co', position: 'Engineer', startDate: '2020-01' }],
			skills: [{ name: SKILLS[3], level: '4/5' }],
		}),
	),
	filename: 'resume.json',
	type: 'application/json',
}

const upload = (field: string, fx: Fixture): UploadPart[] => [
	{ field, data: fx.png, filename: 'picture.png', type: 'image/png' },
]

// ---------------------------------------------------------------- the table

export const API_ENDPOINTS: readonly ApiEndpoint[] = [
	// ------------------------------------------------------------ accounts and sessions
	{
		method: 'POST',
		path: '/one/auth/new/register',
		file: 'one.auth.new.register.ts',
		handler: register,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: { email: uniqueEmail(), password: 'a-long-password', name: 'Ada' } }),
	},
	{
		method: 'POST',
		path: '/one/auth/new/login',
		file: 'one.auth.new.login.ts',
		handler: login,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { email: fx.a.email, password: fx.a.password } }),
	},
	{
		method: 'POST',
		path: '/one/auth/new/login/mfa',
		file: 'one.auth.new.login.mfa.ts',
		handler: loginSecondStep,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { mfa_token: fx.a.mfaToken, code: nextCode(fx) } }),
	},
	{
		method: 'POST',
		path: '/one/auth/new/passkey/options',
		file: 'one.auth.new.passkey.options.ts',
		handler: passkeyLoginOptions,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: {} }),
	},
	{
		method: 'POST',
		path: '/one/auth/new/passkey/verify',
		file: 'one.auth.new.passkey.verify.ts',
		handler: passkeyLoginVerify,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { response: fx.a.passkeyAssertion } }),
	},
	{
		method: 'POST',
		path: '/refresh',
		file: 'refresh.ts',
		handler: refresh,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { refresh_token: fx.a.refreshToken } }),
	},
	{
		method: 'POST',
		path: '/one/auth/new/logout',
		file: 'one.auth.new.logout.ts',
		handler: logout,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { refresh_token: fx.a.refreshToken } }),
	},
	{
		method: 'GET',
		path: '/one/auth/new/session',
		file: 'one.auth.new.session.ts',
		handler: session,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'GET',
		path: '/one/auth/new/get/customer_id/{pname}',
		file: 'one.auth.new.get.[customer_id].$pname.ts',
		handler: getCustomerId,
		auth: 'public',
		payload: 'none',
		queryKeys: [],
		example: (fx) => ({ params: { pname: fx.a.path } }),
	},
	{
		method: 'GET',
		path: '/one/auth/new/get/email',
		file: 'one.auth.new.get.email.ts',
		handler: getEmail,
		auth: 'public',
		payload: 'none',
		queryKeys: ['customerId'],
		example: (fx) => ({ query: { customerId: fx.a.id } }),
	},
	{
		method: 'GET',
		path: '/one/path-name/get',
		file: 'one.path-name.get.ts',
		handler: getPath,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/insights/hit',
		file: 'one.insights.hit.ts',
		handler: insightsHit,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { t: 'click', p: `/${fx.b.path}`, l: 'linkedInUrl' } }),
	},
	{
		method: 'GET',
		path: '/one/insights/pixel.gif',
		file: 'one.insights.pixel[.]gif.ts',
		handler: insightsPixel,
		auth: 'public',
		payload: 'none',
		queryKeys: ['p'],
		example: (fx) => ({ query: { p: `/${fx.b.path}/portfolio` } }),
		binary: 'image/gif',
	},
	{
		method: 'GET',
		path: '/one/insights/summary',
		file: 'one.insights.summary.ts',
		handler: insightsSummary,
		auth: 'owner',
		payload: 'none',
		queryKeys: ['range'],
		example: () => ({ query: { range: '30d' } }),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/path-name/update',
		file: 'one.path-name.update.ts',
		handler: updatePath,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A re-cases its own name; for B it is another owner's name (case-insensitive): 409.
		example: (fx) => ({ body: { path: fx.a.path.toUpperCase() } }),
		mutates: true,
		asOtherOwner: { status: 409, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/path-name/release',
		file: 'one.path-name.release.ts',
		handler: releasePath,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A lets its previous path go; B holds no such path: 404.
		example: (fx) => ({ body: { path: fx.a.previousPath } }),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},

	// ------------------------------------------------------------ account self-service
	{
		method: 'POST',
		path: '/one/auth/new/password/forgot',
		file: 'one.auth.new.password.forgot.ts',
		handler: forgotPassword,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { email: fx.a.email } }),
	},
	{
		method: 'POST',
		path: '/one/auth/new/password/reset',
		file: 'one.auth.new.password.reset.ts',
		handler: resetPassword,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { token: fx.a.resetToken, password: 'a-brand-new-password' } }),
	},
	{
		method: 'POST',
		path: '/one/account/email/confirm',
		file: 'one.account.email.confirm.ts',
		handler: confirmEmail,
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { token: fx.a.emailChangeToken } }),
	},
	{
		method: 'POST',
		path: '/one/account/password/update',
		file: 'one.account.password.update.ts',
		handler: updatePassword,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// Both owners have the same password: B changes its own.
		example: (fx) => ({
			body: { currentPassword: fx.a.password, newPassword: 'another-long-password' },
		}),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},
	{
		method: 'POST',
		path: '/one/account/email/update',
		file: 'one.account.email.update.ts',
		handler: updateEmail,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// Only a link is sent: the account changes when it is opened.
		example: (fx) => ({ body: { email: uniqueEmail('moved'), password: fx.a.password } }),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/sessions/revoke',
		file: 'one.account.sessions.revoke.ts',
		handler: revokeSessions,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// For B, A's refresh token is not its own: every session of B ends.
		example: (fx) => ({ body: { refresh_token: fx.a.refreshToken } }),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},
	{
		method: 'POST',
		path: '/one/account/export',
		file: 'one.account.export.ts',
		handler: exportAccount,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// Both owners have the same password: B downloads its own account.
		example: (fx) => ({ body: { password: fx.a.password } }),
		binary: 'application/gzip',
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/delete',
		file: 'one.account.delete.ts',
		handler: deleteAccount,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// B typing A's address does not confirm deleting B.
		example: (fx) => ({ body: { password: fx.a.password, path: fx.a.path } }),
		mutates: true,
		asOtherOwner: { status: 400, changesCaller: false },
	},

	// ------------------------------------------------------------ own domains
	// The Domain row is not in the account snapshot. Each owner has a verified domain named
	// after their id (so B's read shows it is B's), its TXT record served by the fixture's DNS.
	{
		method: 'GET',
		path: '/one/account/domain/get',
		file: 'one.account.domain.get.ts',
		handler: getDomain,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/domain/update',
		file: 'one.account.domain.update.ts',
		handler: updateDomain,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A's own domain again (unchanged); B cannot take A's verified domain.
		example: (fx) => ({ body: { domain: fx.a.domain } }),
		mutates: false,
		asOtherOwner: { status: 409, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/domain/verify',
		file: 'one.account.domain.verify.ts',
		handler: verifyDomain,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: {} }),
		mutates: false,
		// B checks its own domain.
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/domain/delete',
		file: 'one.account.domain.delete.ts',
		handler: deleteDomain,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: {} }),
		mutates: false,
		// B removes its own domain, never A's.
		asOtherOwner: { status: 200, changesCaller: false },
	},

	// ------------------------------------------------------------ sign-in factors
	// The factor rows are not in the account snapshot: `mutates` and `changesCaller` say whether
	// the credentials it holds change (turning authenticator codes on ends every session).
	{
		method: 'GET',
		path: '/one/account/mfa/get',
		file: 'one.account.mfa.get.ts',
		handler: getMfa,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: false,
		// B reads its own factors (its passkey is named after its path).
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/sudo',
		file: 'one.account.sudo.ts',
		handler: openSudo,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { password: fx.a.password } }),
		mutates: false,
		// The fixture's owners share a password: B proves its own presence, for its own session.
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'GET',
		path: '/one/account/sudo',
		file: 'one.account.sudo.ts',
		handler: readSudo,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/totp/setup',
		file: 'one.account.mfa.totp.setup.ts',
		handler: setupTotp,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A moves to another app with a code of the current one; B (codes off) sets up its own.
		example: (fx) => ({ body: { code: nextCode(fx) } }),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/totp/enable',
		file: 'one.account.mfa.totp.enable.ts',
		handler: enableTotp,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A confirms the app being set up; B has none being set up: 409.
		example: (fx) => ({ body: { code: codeAt(fx.a.pendingTotpSecret, currentStep()) } }),
		mutates: true,
		asOtherOwner: { status: 409, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/disable',
		file: 'one.account.mfa.disable.ts',
		handler: disableMfa,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// B's authenticator codes are off: 409.
		example: (fx) => ({ body: { password: fx.a.password, code: nextCode(fx) } }),
		mutates: false,
		asOtherOwner: { status: 409, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/recovery-codes',
		file: 'one.account.mfa.recovery-codes.ts',
		handler: remakeRecoveryCodes,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { code: nextCode(fx) } }),
		mutates: false,
		asOtherOwner: { status: 409, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/passkeys/register/options',
		file: 'one.account.mfa.passkeys.register.options.ts',
		handler: passkeyRegisterOptions,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: {} }),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/passkeys/register/verify',
		file: 'one.account.mfa.passkeys.register.verify.ts',
		handler: passkeyRegisterVerify,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// Made for A's challenge: B presenting it is refused (and A's challenge is not spent).
		example: (fx) => ({ body: { response: fx.a.passkeyRegistration, name: 'Second key' } }),
		mutates: false,
		asOtherOwner: { status: 400, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/passkeys/rename',
		file: 'one.account.mfa.passkeys.rename.ts',
		handler: passkeyRename,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { id: fx.a.passkeyId, name: 'Renamed key' } }),
		mutates: false,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/account/mfa/passkeys/remove',
		file: 'one.account.mfa.passkeys.remove.ts',
		handler: passkeyRemove,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { id: fx.a.passkeyId, password: fx.a.password } }),
		mutates: false,
		asOtherOwner: { status: 404, changesCaller: false },
	},

	// ------------------------------------------------------------ profile
	...(Object.keys(PROFILE_EXAMPLES) as ProfileFieldName[]).flatMap((field): ApiEndpoint[] => [
		{
			method: 'GET',
			path: '/one/sites/info/general/{field}',
			params: { field },
			file: 'one.sites.info.general.$field.ts',
			handler: readProfileField,
			auth: 'public',
			payload: 'none',
			queryKeys: ['customer_id'],
			example: (fx) => ({ query: { customer_id: fx.a.id } }),
		},
		{
			method: 'POST',
			path: '/one/sites/info/general/{field}/update',
			params: { field },
			file: 'one.sites.info.general.$field.update.ts',
			handler: updateProfileField,
			auth: 'owner',
			payload: 'json',
			queryKeys: [],
			// Another owner's id in the body is ignored: the caller edits its own profile.
			example: (fx) => ({ body: { ...PROFILE_EXAMPLES[field], customer_id: fx.a.id } }),
			mutates: true,
			asOtherOwner: { status: 200, changesCaller: true },
		},
	]),

	// ------------------------------------------------------------ resume
	{
		method: 'GET',
		path: '/one/sites/resume/work-exp/get',
		file: 'one.sites.resume.work-exp.get.ts',
		handler: getResume,
		auth: 'public',
		payload: 'none',
		queryKeys: ['customer_id'],
		example: (fx) => ({ query: { customer_id: fx.a.id } }),
	},
	...RESUME_SECTIONS.map((section): ApiEndpoint => ({
		method: 'POST',
		path: '/one/sites/resume/work-exp/update/{section}',
		params: { section },
		file: 'one.sites.resume.work-exp.update.$section.ts',
		handler: updateResumeSection,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: RESUME_EXAMPLES[section] }),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	})),
	{
		method: 'POST',
		path: '/one/sites/resume/import/preview',
		file: 'one.sites.resume.import.preview.ts',
		handler: previewResumeImport,
		auth: 'owner',
		payload: 'multipart',
		queryKeys: [],
		example: () => ({ files: [RESUME_FILE] }),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/resume/import/apply',
		file: 'one.sites.resume.import.apply.ts',
		handler: applyResumeImport,
		auth: 'owner',
		payload: 'multipart',
		queryKeys: [],
		example: () => ({
			files: [
				RESUME_FILE,
				{ field: 'sections', value: 'workExp,skills' },
				{ field: 'mode', value: 'replace' },
			],
		}),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},

	// ------------------------------------------------------------ contact exchange
	{
		method: 'POST',
		path: '/one/contacts/{pname}',
		file: 'one.contacts.$pname.ts',
		handler: leaveContact,
		// Visitors leave their details: no session, held by the limits (per client and owner).
		auth: 'public',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({
			params: { pname: fx.a.path },
			body: { name: 'Grace Hopper', email: 'grace@example.com', consent: true },
		}),
	},
	{
		method: 'GET',
		path: '/one/contacts',
		file: 'one.contacts._index.ts',
		handler: listContacts,
		auth: 'owner',
		payload: 'none',
		queryKeys: ['limit', 'cursor', 'q'],
		example: () => ({}),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/contacts/delete',
		file: 'one.contacts.delete.ts',
		handler: deleteContact,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { contactId: fx.a.contactId } }),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'GET',
		path: '/one/contacts/export.csv',
		file: 'one.contacts.export[.]csv.ts',
		handler: exportContacts,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: false,
		asOtherOwner: { status: 200, changesCaller: false },
		binary: 'text/csv; charset=utf-8',
	},
	{
		method: 'GET',
		path: '/one/contacts/{contactId}/contact.vcf',
		file: 'one.contacts.$contactId.contact[.]vcf.ts',
		handler: contactCard,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: (fx) => ({ params: { contactId: fx.a.contactId } }),
		// Opening a contact marks it read.
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
		binary: 'text/vcard; charset=utf-8',
	},
	{
		method: 'GET',
		path: '/one/sites/info/general/contact-form',
		file: 'one.sites.info.general.contact-form.ts',
		handler: readContactForm,
		// Public with `customer_id` (the page shows it anyway); the caller's own without.
		auth: 'public',
		payload: 'none',
		queryKeys: ['customer_id'],
		example: (fx) => ({ query: { customer_id: fx.a.id } }),
	},
	{
		method: 'POST',
		path: '/one/sites/info/general/contact-form/update',
		file: 'one.sites.info.general.contact-form.update.ts',
		handler: updateContactForm,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: () => ({ body: { enabled: false } }),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},

	// ------------------------------------------------------------ links of your own
	{
		method: 'GET',
		path: '/one/sites/links/get',
		file: 'one.sites.links.get.ts',
		handler: getLinks,
		// No session needed (visitors get the live links); the owner's own session gets all.
		auth: 'public',
		payload: 'none',
		queryKeys: ['customer_id'],
		example: (fx) => ({ query: { customer_id: fx.a.id } }),
	},
	{
		method: 'POST',
		path: '/one/sites/links/update',
		file: 'one.sites.links.update.ts',
		handler: updateLinks,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: () => ({
			body: {
				links: [
					{ title: 'My GitHub', url: 'https://github.com/ada', icon: null, highlight: true },
					{ title: 'Write to me', url: 'mailto:ada@example.com', icon: null },
					{
						title: 'Book a call',
						url: 'https://cal.com/ada',
						icon: null,
						startsAt: '2026-01-01T09:00:00Z',
						endsAt: '2099-01-01T09:00:00+01:00',
					},
				],
			},
		}),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},

	// ------------------------------------------------------------ portfolio
	...(['featured', 'active', 'all'] as const).map((type): ApiEndpoint =>
		type === 'all'
			? {
					method: 'GET',
					path: '/one/sites/portfolio/data/get/{type}',
					params: { type },
					file: 'one.sites.portfolio.data.get.$type.ts',
					handler: listPortfolios,
					auth: 'owner',
					payload: 'none',
					queryKeys: ['customer_id', 'limit', 'cursor'],
					example: (fx) => ({ query: { customer_id: fx.a.id } }),
					mutates: false,
					asOtherOwner: { status: 404, changesCaller: false },
				}
			: {
					method: 'GET',
					path: '/one/sites/portfolio/data/get/{type}',
					params: { type },
					file: 'one.sites.portfolio.data.get.$type.ts',
					handler: listPortfolios,
					auth: 'public',
					payload: 'none',
					queryKeys: ['customer_id', 'limit', 'cursor'],
					example: (fx) => ({ query: { customer_id: fx.a.id } }),
				},
	),
	{
		method: 'GET',
		path: '/one/sites/portfolio/data/get/individual/data',
		file: 'one.sites.portfolio.data.get.individual.data.ts',
		handler: getPortfolio,
		auth: 'optional',
		payload: 'none',
		queryKeys: ['customer_id', 'portfolioId'],
		// A's item is inactive: only A's own session sees it.
		example: (fx) => ({ query: { customer_id: fx.a.id, portfolioId: fx.a.portfolioId } }),
		mutates: false,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/portfolio/data/create/new/portfolio',
		file: 'one.sites.portfolio.data.create.new.portfolio.ts',
		handler: createPortfolio,
		auth: 'owner',
		payload: 'none',
		queryKeys: [],
		example: () => ({}),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},
	...(Object.keys(PORTFOLIO_EXAMPLES) as PortfolioSection[]).map((section): ApiEndpoint => ({
		method: 'POST',
		path: '/one/sites/portfolio/data/update/{section}',
		params: { section },
		file: 'one.sites.portfolio.data.update.$section.ts',
		handler: updatePortfolioSection,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({
			body: { portfolioId: fx.a.portfolioId, ...PORTFOLIO_EXAMPLES[section] },
		}),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	})),
	{
		method: 'POST',
		path: '/one/sites/portfolio/data/update/status',
		file: 'one.sites.portfolio.data.update.status.ts',
		handler: setPortfolioStatus,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { portfolioId: fx.a.portfolioId, active: true } }),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/portfolio/data/reorder',
		file: 'one.sites.portfolio.data.reorder.ts',
		handler: reorderPortfolios,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A's whole list is [second, first]; for B these are another owner's ids.
		example: (fx) => ({ body: { portfolioIds: [fx.a.secondPortfolioId, fx.a.portfolioId] } }),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/portfolio/data/delete',
		file: 'one.sites.portfolio.data.delete.ts',
		handler: deletePortfolio,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		example: (fx) => ({ body: { portfolioId: fx.a.portfolioId } }),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/portfolio/data/discard',
		file: 'one.sites.portfolio.data.discard.ts',
		handler: discardPortfolio,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A's item has fields saved: it stays (discarded: false).
		example: (fx) => ({ body: { portfolioId: fx.a.portfolioId } }),
		mutates: false,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/portfolio/data/presence',
		file: 'one.sites.portfolio.data.presence.ts',
		handler: portfolioPresence,
		auth: 'owner',
		payload: 'json',
		queryKeys: [],
		// A's item has fields saved (not pristine): a page opening it changes nothing.
		example: (fx) => ({
			body: { portfolioId: fx.a.portfolioId, view: 'a1b2c3d4e5f6a7b8', here: true },
		}),
		mutates: false,
		asOtherOwner: { status: 404, changesCaller: false },
	},

	// ------------------------------------------------------------ images
	{
		method: 'GET',
		path: '/one/sites/images/get/portfolio-images',
		file: 'one.sites.images.get.portfolio-images.ts',
		handler: listImages,
		auth: 'optional',
		payload: 'none',
		queryKeys: ['customer_id', 'productId', 'limit', 'cursor'],
		// A's item is inactive: only A's own session sees its gallery.
		example: (fx) => ({ query: { customer_id: fx.a.id, productId: fx.a.portfolioId } }),
		mutates: false,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/images/update/display-picture',
		file: 'one.sites.images.update.display-picture.ts',
		handler: uploadDisplayPicture,
		auth: 'owner',
		payload: 'multipart',
		queryKeys: [],
		example: (fx) => ({ files: upload('display_picture', fx) }),
		mutates: true,
		asOtherOwner: { status: 200, changesCaller: true },
	},
	{
		method: 'POST',
		path: '/one/sites/images/update/portfolio-images',
		file: 'one.sites.images.update.portfolio-images.ts',
		handler: uploadPortfolioImages,
		auth: 'owner',
		payload: 'multipart',
		queryKeys: ['productId'],
		example: (fx) => ({
			query: { productId: fx.a.portfolioId },
			files: upload('product_images', fx),
		}),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	...(
		[
			['Active', { active: false }],
			['Featured', { featured: true }],
		] as const
	).map(([key, body]): ApiEndpoint => ({
		method: 'POST',
		path: '/one/sites/images/update/image/status',
		variant: `key=${key}`,
		file: 'one.sites.images.update.image.status.ts',
		handler: setImageStatus,
		auth: 'owner',
		payload: 'json',
		queryKeys: ['key', 'productId', 'imageId'],
		example: (fx) => ({
			query: { key, productId: fx.a.portfolioId, imageId: fx.a.imageId },
			body,
		}),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	})),
	{
		method: 'POST',
		path: '/one/sites/images/update/image/details',
		file: 'one.sites.images.update.image.details.ts',
		handler: setImageDetails,
		auth: 'owner',
		payload: 'json',
		queryKeys: ['productId', 'imageId'],
		example: (fx) => ({
			query: { productId: fx.a.portfolioId, imageId: fx.a.imageId },
			body: {
				caption: 'The checkout',
				alt: 'A phone showing the checkout',
				focalPoint: { x: 50, y: 20 },
			},
		}),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/images/reorder',
		file: 'one.sites.images.reorder.ts',
		handler: reorderImages,
		auth: 'owner',
		payload: 'json',
		queryKeys: ['productId'],
		// A's item holds [image, second image]; the example swaps them.
		example: (fx) => ({
			query: { productId: fx.a.portfolioId },
			body: { imageIds: [fx.a.secondImageId, fx.a.imageId] },
		}),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
	{
		method: 'POST',
		path: '/one/sites/images/delete',
		file: 'one.sites.images.delete.ts',
		handler: deleteImage,
		auth: 'owner',
		payload: 'none',
		queryKeys: ['productId', 'imageId'],
		example: (fx) => ({ query: { productId: fx.a.portfolioId, imageId: fx.a.imageId } }),
		mutates: true,
		asOtherOwner: { status: 404, changesCaller: false },
	},
]

// ---------------------------------------------------------------- the fixture

let pngBytes: Promise<Buffer> | undefined
/** A small real PNG (made once per test file). */
export function samplePng() {
	pngBytes ??= sharp({
		create: { width: 64, height: 48, channels: 3, background: { r: 214, g: 36, b: 110 } },
	})
		.png()
		.toBuffer()
	return pngBytes
}

/**
 * Two owners with data in every part of their accounts (so a write that reaches the wrong
 * owner shows in a snapshot): profile, the five resume lists, links, portfolio items and stored
 * images.
 */
export async function createApiFixture(): Promise<Fixture> {
	const png = await samplePng()
	const [a, b] = await Promise.all([
		createOwner({ name: 'Ada Lovelace' }),
		createOwner({ name: 'Mallory Mal' }),
	])
	const owners = await Promise.all(
		[a, b].map(async (owner) => {
			await updateProfile(owner.id, { designation: 'Original', tagline: 'Original' })
			await replaceWorkExp(owner.id, [
				{
					company: 'Original',
					role: 'Original',
					startDate: '2019-01-01',
					endDate: '',
					experience: ['Original'],
				},
			])
			await replaceEducation(owner.id, [
				{ eduName: 'Original', eduInstitution: 'Original', eduStartYear: 2000, eduEndYear: 2004 },
			])
			await replaceSkills(owner.id, [{ skillName: SKILLS[2], halves: 6 }])
			await replaceCertificates(owner.id, [
				{ crtName: 'Original', crtPlat: 'Original', crtUrl: null, crtYear: 2010 },
			])
			await replaceAchievements(owner.id, ['Original'])
			await replaceLinks(owner.id, [
				{
					title: 'Original',
					url: 'https://example.com/original',
					icon: null,
					active: true,
					highlight: false,
					startsAt: null,
					endsAt: null,
				},
				{
					title: 'Original hidden',
					url: 'tel:+442079460000',
					icon: null,
					active: false,
					highlight: false,
					startsAt: null,
					endsAt: null,
				},
			])
			const item = await createPortfolioItem(owner.id, { productName: 'Original' })
			const second = await createPortfolioItem(owner.id, { productName: 'Second', active: true })
			const images = [
				await createPortfolioImage(owner.id, item.portfolioId),
				await createPortfolioImage(owner.id, item.portfolioId),
			]
			// Both renditions, as an upload stores them (an export reads both).
			for (const image of images) {
				await storage().put(image.key, png, 'image/webp')
				await storage().put(cardKey(image.key), png, 'image/webp')
			}
			const renamed = await claimPath(owner.id, uniquePath('Renamed'))
			if (!renamed.ok) throw new Error(`could not change the path: ${renamed.reason}`)
			// A visitor's details: the owner's own, like the rest.
			const contact = await createContact(
				owner.id,
				// The owner's id in it: a read of one's contacts is about oneself.
				{ name: 'Original Visitor', email: `visitor+${owner.id}@example.com` },
				{ text: 'Original consent', at: new Date() },
			)
			// Some insights: an owner's summary shows their own pages (never the other's).
			await addCounts(
				[{ day: utcDay(), customerId: owner.id, metric: 'view', dimension: '/', count: 3 }],
				[],
			)
			const domain = await verifiedFixtureDomain(owner.id)
			return {
				path: renamed.path,
				domain,
				previousPath: owner.path!,
				portfolioId: item.portfolioId,
				secondPortfolioId: second.portfolioId,
				imageId: images[0]!.id,
				secondImageId: images[1]!.id,
				contactId: contact.contactId,
			}
		}),
	)
	const factors = await createFactorFixture(a.id, b.id, owners[0]!.path, owners[1]!.path)
	// Turning authenticator codes on ended A's earlier sessions: what A holds is issued after.
	const { refreshToken } = await createSession(a.id)
	const resetToken = (await createPasswordResetToken(a.email))!.token
	const emailChangeToken = (await createEmailChangeToken(a.id, uniqueEmail('new')))!
	return {
		a: { ...a, ...owners[0]!, ...factors.a, refreshToken, resetToken, emailChangeToken },
		b: { ...b, ...owners[1]!, ...factors.b },
		png,
	}
}

/**
 * A verified domain of the fixture's owner (`{id}.example`), its TXT record served by a DNS
 * server of this process (started once; DNS_SERVERS points at it), so a verify call succeeds.
 */
async function verifiedFixtureDomain(customerId: string) {
	fixtureDns ??= startDnsServer().then((server) => {
		process.env.DNS_SERVERS = server.address
		resetEnv()
		return server
	})
	const dns = await fixtureDns
	const name = `${customerId.toLowerCase()}.example`
	const claimed = await claimDomain(customerId, name, `tagg-verify=${customerId.padEnd(24, '0')}`)
	if (!claimed.ok) throw new Error(`could not claim ${name}`)
	dns.records.set(`_tagg.${name}`, [claimed.domain.token])
	await markVerified(customerId, name)
	return name
}

let fixtureDns: Promise<TestDnsServer> | undefined

/**
 * Sign-in factors of the fixture: each owner a passkey named after their path (so B's read of
 * its factors shows it is B's), and A authenticator codes on (the first code was of the step
 * before now, the move to a new app confirmed with the code of now: the next step's code is
 * fresh for an example), a new app being set up, a login waiting for its second step, and two
 * ceremonies under way: a passkey registration for A's challenge and a passkey sign-in.
 */
async function createFactorFixture(aId: string, bId: string, aPath: string, bPath: string) {
	const english = i18nFor('en')
	const addPasskey = async (customerId: string, name: string) => {
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const options = await passkeyRegistrationOptions(customerId)
		if (!options.ok) throw new Error(options.message)
		const added = await registerPasskey(
			customerId,
			{ response: authenticator.create(options.options), name },
			english,
		)
		if (!added.ok) throw new Error(added.message)
		return { authenticator, passkeyId: added.passkey.id }
	}
	const passkeyA = await addPasskey(aId, `${aPath} laptop`)
	const passkeyB = await addPasskey(bId, `${bPath} laptop`)
	const totp = await turnOnTotp(aId)
	const moving = await startTotpSetup(aId, { code: codeAt(totp.secret, currentStep()) })
	if (!moving.ok) throw new Error(moving.message)
	const registration = await passkeyRegistrationOptions(aId)
	if (!registration.ok) throw new Error(registration.message)
	const signIn = await loginOptionsFor(
		makeRequest('/one/auth/new/passkey/options', {
			headers: { 'x-tagg-remote-address': '10.99.0.1' },
		}),
	)
	if (!signIn.ok) throw new Error(signIn.message)
	return {
		a: {
			token: totp.token,
			totpSecret: totp.secret,
			pendingTotpSecret: moving.secret,
			mfaToken: (await createSecondStep(aId, { purpose: 'login' })).token,
			passkeyId: passkeyA.passkeyId,
			passkeyRegistration: new SoftwareAuthenticator(relyingParty().origin).create(
				registration.options,
			),
			passkeyAssertion: passkeyA.authenticator.get(signIn.options),
		},
		b: { passkeyId: passkeyB.passkeyId },
	}
}

/** A fresh code of A's authenticator app (the step after now: a code of now may be used). */
const nextCode = (fx: Fixture) => codeAt(fx.a.totpSecret, currentStep() + 1)

// ---------------------------------------------------------------- calling an endpoint

/** What a request carries: a JSON value, raw bytes or text, or multipart parts. */
export type CallBody =
	| { json: unknown }
	| { raw: string | Uint8Array; contentType?: string }
	| { parts: Array<UploadPart | { field: string; value: string }> }

export type Call = {
	params?: Record<string, string>
	/** Parameters, or a raw query string (without `?`). */
	query?: Record<string, string> | string
	body?: CallBody
	token?: string
	headers?: Record<string, string>
}

/** The call of the endpoint's example, with `token` (when given). */
export function exampleCall(endpoint: ApiEndpoint, fx: Fixture, token?: string): Call {
	const example = endpoint.example(fx)
	return {
		params: { ...endpoint.params, ...example.params },
		query: example.query,
		body: example.files
			? { parts: example.files }
			: example.body !== undefined
				? { json: example.body }
				: undefined,
		token,
	}
}

export function buildRequest(endpoint: ApiEndpoint, call: Call) {
	const url = new URL(fillPath(endpoint.path, call.params), 'http://tagg.test')
	if (typeof call.query === 'string') url.search = call.query
	else if (call.query) url.search = new URLSearchParams(call.query).toString()
	const headers = new Headers(call.headers)
	if (call.token !== undefined) headers.set('Authorization', `Bearer ${call.token}`)
	let body: BodyInit | undefined
	const payload = call.body
	if (payload && 'json' in payload) {
		body = JSON.stringify(payload.json)
		headers.set('Content-Type', 'application/json')
	} else if (payload && 'raw' in payload) {
		body = typeof payload.raw === 'string' ? payload.raw : new Uint8Array(payload.raw)
		if (payload.contentType !== undefined) headers.set('Content-Type', payload.contentType)
	} else if (payload) {
		const form = new FormData()
		for (const part of payload.parts) {
			if ('value' in part) form.append(part.field, part.value)
			else {
				const blob = new Blob([new Uint8Array(part.data)], { type: part.type })
				form.append(part.field, blob, part.filename)
			}
		}
		body = form
	}
	return new Request(url, { method: endpoint.method, headers, body })
}

/**
 * Calls the endpoint's handler like Remix does and answers the Response it returned or threw.
 * Anything else it throws (a crash, which the HTTP server would turn into a 500) is rethrown.
 */
export async function callEndpoint(endpoint: ApiEndpoint, call: Call): Promise<Response> {
	const request = buildRequest(endpoint, call)
	let result: unknown
	try {
		const params = Object.fromEntries(
			Object.entries(call.params ?? {}).map(([name, value]) => [name, wellFormed(value)]),
		)
		result = await endpoint.handler({ request, params, context: {} })
	} catch (thrown) {
		if (!(thrown instanceof Response)) throw thrown
		result = thrown
	}
	if (!(result instanceof Response)) {
		throw new Error(`${endpointName(endpoint)} answered a ${typeof result}, not a Response`)
	}
	return result
}

/**
 * Calls the endpoint and reads its JSON answer. A binary 200 (an export archive) stands as
 * `{status: 200}`, and `text` is its content (gunzipped) so tests can search it.
 */
export async function callEndpointJson(endpoint: ApiEndpoint, call: Call) {
	const response = await callEndpoint(endpoint, call)
	if (endpoint.binary && response.status === 200) {
		const bytes = Buffer.from(await response.arrayBuffer())
		const contentType = response.headers.get('content-type')
		if (contentType !== endpoint.binary) {
			throw new Error(`${endpointName(endpoint)} answered ${contentType}, not ${endpoint.binary}`)
		}
		// An export archive is gzip; a CSV or a vCard is text as it is.
		const text =
			contentType === 'application/gzip'
				? zlib.gunzipSync(bytes).toString('latin1')
				: bytes.toString('utf8')
		return { status: 200, text, json: { status: 200 } as Record<string, unknown> }
	}
	const text = await response.text()
	return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> }
}

// ---------------------------------------------------------------- completeness

const ROUTES_DIR = path.join(import.meta.dirname, '..', 'app', 'routes')

/** The route modules of the /one API and /refresh (tests excluded). */
export function apiRouteFiles() {
	return (
		fs
			.readdirSync(ROUTES_DIR)
			.filter((name) => /^one\./.test(name) || /^refresh\.tsx?$/.test(name))
			.filter((name) => !/\.test\.tsx?$/.test(name))
			// The catch-all answering unknown /one paths is no endpoint.
			.filter((name) => name !== 'one.$.ts')
			.sort()
	)
}

/**
 * Problems with the table: a route module missing from it, a listed module that does not exist,
 * or a row whose handler is not its module's loader (GET) or action (POST).
 */
export async function endpointTableProblems() {
	const problems: string[] = []
	const listed = new Set(API_ENDPOINTS.map((endpoint) => endpoint.file))
	for (const file of apiRouteFiles()) {
		if (!listed.has(file)) problems.push(`${file} is not in tests/api-endpoints.ts`)
	}
	for (const endpoint of API_ENDPOINTS) {
		const file = path.join(ROUTES_DIR, endpoint.file)
		if (!fs.existsSync(file)) {
			problems.push(`${endpointName(endpoint)}: ${endpoint.file} does not exist`)
			continue
		}
		const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>
		const expected = endpoint.method === 'GET' ? module.loader : module.action
		if (endpoint.handler !== expected) {
			problems.push(
				`${endpointName(endpoint)}: the handler is not the ${endpoint.method === 'GET' ? 'loader' : 'action'} of ${endpoint.file}`,
			)
		}
	}
	return problems
}

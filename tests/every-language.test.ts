/**
 * Every page in every language: the visitors' pages in their owner's language, the
 * builder in the owner's, the signed-out pages by `?lang=`, rendered by the real server with a
 * complete owner whose own words are in scripts no catalog holds. In each language but English:
 * `<html lang dir>` names it, no English label of SPEC.md is left, and no English message of the
 * catalogs is left where its language has another text. English pages keep SPEC.md's words.
 * Every page kind in three languages (English, Spanish, Arabic) passes the W3C Nu HTML Checker
 * (vnu.jar from npm, run with the machine's Java) with no error: its HTML as served, and the CSS
 * inlined in visitors' pages (docs/decisions/043-visitor-css.md).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { type Messages } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES } from '~/locales/index.server'
import { unsubscribeUrl } from '~/services/contact-notices.server'
import { LOCALES, type Locale } from '~/utils/locales'
import {
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
	replaceCertificates,
	replaceAchievements,
} from '~/models/resume.server'
import { updateProfile } from '~/models/profile.server'
import { createOwner, createPortfolio, createPortfolioImage } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'

/** SPEC.md's labels, each on the pages that show it. */
const SPEC_LABELS = {
	profile: [
		'Share',
		'Find Me',
		'Career Highlights',
		'About Me',
		'My Portfolio',
		'Resume',
		'Work Experience',
		'Education',
		'Skills',
		'Certificates',
		'Achievements',
		'View All',
	],
	portfolio: ['Know More'],
	project: [
		'Agency Name',
		'Role',
		'Project Categories',
		'Skills And Expertise',
		'Challenges',
		'Solutions',
		'Result',
	],
	builder: ['Portfolio Home', 'Manage Portfolio', 'Edit Mode', 'View Live', 'Logout'],
	builderPortfolio: ['Add New'],
	manageImages: [
		'Manage Product Images',
		'Active Product',
		'Update Product Images',
		'Is Active',
		'Is Featured',
	],
	login: ['Log In', "Don't have an account? Create one"],
	signup: [
		'Full Name',
		'Enter Email',
		'Enter password',
		'Re-enter Password',
		'Already have an account? Login',
	],
	setPath: ['Claim your space'],
} as const

/** The owner's own words: scripts and words no catalog holds, so they never look like a label. */
const OWN = {
	firstName: 'ليلى',
	lastName: '山田',
	designation: 'デザイナー ✨',
	city: '東京',
	country: '日本',
	tagline: 'كل شيء يبدأ بفكرة',
	company: '株式会社アクメ',
	role: 'リードデザイナー',
}

/** The languages whose pages the W3C checker reads: left to right, Latin and right to left. */
const CHECKED: readonly Locale[] = ['en', 'es', 'ar']
/** Each page as served, by `{locale} {url}`, for the checker. */
const served = new Map<string, string>()

let server: AppServer
let owner: Awaited<ReturnType<typeof createOwner>>
let projectId: string

beforeAll(async () => {
	owner = await createOwner({ name: `${OWN.firstName} ${OWN.lastName}` })
	await updateProfile(owner.id, {
		firstName: OWN.firstName,
		lastName: OWN.lastName,
		designation: OWN.designation,
		city: OWN.city,
		country: OWN.country,
		tagline: OWN.tagline,
		highOne: 'ハイライト一',
		highTwo: 'ハイライト二',
		highThree: 'ハイライト三',
		bio: ['自己紹介の文章です。'],
	})
	await replaceWorkExp(owner.id, [
		{
			company: OWN.company,
			role: OWN.role,
			startDate: '2019-03-01',
			endDate: 'Ongoing',
			experience: ['仕事の説明'],
		},
	])
	await replaceEducation(owner.id, [
		{ eduName: '学士', eduInstitution: '東京大学', eduStartYear: 2010, eduEndYear: 2014 },
	])
	await replaceSkills(owner.id, [{ skillName: 'Python', halves: 7 }])
	await replaceCertificates(owner.id, [
		{ crtName: '資格', crtPlat: '団体', crtUrl: null, crtYear: 2022 },
	])
	await replaceAchievements(owner.id, ['受賞'])
	const items = []
	for (let index = 0; index < 4; index++) {
		items.push(
			await createPortfolio(owner.id, {
				productName: `プロジェクト${index}`,
				company: OWN.company,
				role: OWN.role,
				duration: '3ヶ月',
				projectSummary: ['概要の文章'],
				challenges: ['課題'],
				solution: ['解決策'],
				results: ['結果'],
				categories: ['Web Design', '自分の分類'],
				industries: ['Healthcare'],
				skills: ['Figma', 'User Research'],
				active: true,
				featured: index < 3,
			}),
		)
	}
	projectId = items[0]!.portfolioId
	await createPortfolioImage(owner.id, projectId, { active: true, featured: true })
	server = await startAppServer({})
}, 120_000)

afterAll(async () => {
	await server?.stop()
})

/** What a person reads or hears on a page: its text, and its labels, titles, alts, placeholders. */
function readable(html: string) {
	const body = html
		.replace(/<script[\s\S]*?<\/script>/g, ' ')
		.replace(/<style[\s\S]*?<\/style>/g, ' ')
	const attributes = [...body.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map(
		(match) => match[1],
	)
	const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])
	const text = body.replace(/<[^>]+>/g, '\n')
	return [text, ...attributes, ...titles]
		.join('\n')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&nbsp;/g, ' ')
}

/** Whether `phrase` stands in `text` as words of its own (not inside a longer word). */
const containsPhrase = (text: string, phrase: string) =>
	new RegExp(
		`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`,
		'u',
	).test(text)

const OPTION_KINDS = ['skill', 'category', 'industry']

/** A compiled message's text up to its first placeholder or tag. */
const plainText = (value: unknown) =>
	Array.isArray(value) && typeof value[0] === 'string'
		? value[0]
		: typeof value === 'string'
			? value
			: ''

/**
 * The English messages of the catalogs that read differently in `locale`, as plain text (a
 * message with placeholders or tags is checked by the text before its first one), of two words
 * or more (a single word may be a brand or the same word in that language).
 */
function englishLeft(locale: Locale, text: string) {
	const english = MESSAGES.en as Messages
	const translated = MESSAGES[locale] as Messages
	const found: string[] = []
	for (const [id, source] of Object.entries(english)) {
		const head = plainText(source).trim()
		if (head.split(/\s+/).length < 2 || head.length < 8) continue
		// A fixed list's choice (a message with its list as context) may be an owner's own words.
		if (OPTION_KINDS.some((kind) => generateMessageId(head, kind) === id)) continue
		if (plainText(translated[id]).trim() === head) continue
		if (containsPhrase(text, head)) found.push(head)
	}
	return found
}

async function page(url: string, headers: Record<string, string> = {}) {
	const response = await fetch(`${server.url}${url}`, { headers, redirect: 'manual' })
	expect(response.status, url).toBe(200)
	return await response.text()
}

async function setOwnerLanguage(language: Locale) {
	const response = await fetch(`${server.url}/one/sites/info/general/language/update`, {
		method: 'POST',
		headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
		body: JSON.stringify({ language }),
	})
	expect(response.status).toBe(200)
}

describe('every page in every language', () => {
	test.each(LOCALES)(
		'%s',
		async (locale) => {
			await setOwnerLanguage(locale)
			const builderHeaders = {
				authorization: `Bearer ${owner.token}`,
				cookie: `tagg_lang=${locale}`,
			}
			const pages: Array<[string, Record<string, string>, readonly string[]]> = [
				[`/${owner.path}`, {}, SPEC_LABELS.profile],
				[`/${owner.path}/portfolio`, {}, SPEC_LABELS.portfolio],
				[`/${owner.path}/portfolio/${projectId}`, {}, SPEC_LABELS.project],
				[`/${owner.path}/resume`, {}, []],
				[`/${owner.path}/connect`, {}, []],
				[
					'/builder',
					builderHeaders,
					[...SPEC_LABELS.builder, ...SPEC_LABELS.profile.filter((label) => label !== 'Share')],
				],
				[
					'/builder/portfolio',
					builderHeaders,
					[...SPEC_LABELS.builder, ...SPEC_LABELS.builderPortfolio],
				],
				[`/builder/portfolio/${projectId}`, builderHeaders, SPEC_LABELS.project],
				[`/builder/portfolio/manage-images/${projectId}`, builderHeaders, SPEC_LABELS.manageImages],
				['/builder/import', builderHeaders, []],
				['/builder/appearance', builderHeaders, []],
				['/builder/insights', builderHeaders, []],
				['/builder/settings', builderHeaders, []],
				[`/login?lang=${locale}`, {}, SPEC_LABELS.login],
				[`/signup?lang=${locale}`, {}, SPEC_LABELS.signup],
				[`/forgot-password?lang=${locale}`, {}, []],
				[`/privacy?lang=${locale}`, {}, []],
			]
			const problems: string[] = []
			for (const [url, headers, labels] of pages) {
				// A visitor's browser never changes the owner's language.
				const html = await page(url, { 'accept-language': 'fr-CA,fr;q=0.9', ...headers })
				if (CHECKED.includes(locale)) served.set(`${locale} ${url}`, html)
				const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1]
				const dir = /<html[^>]*\sdir="([^"]+)"/.exec(html)?.[1]
				if (lang !== locale) problems.push(`${url}: <html lang="${lang}">`)
				if (dir !== (locale === 'ar' ? 'rtl' : 'ltr')) problems.push(`${url}: <html dir="${dir}">`)
				// Valid as sent: what streams in after the shell is inside the body, not after </html>
				// (app/utils/html-end.server.ts), and a <style> only in the head.
				if (!/<\/body><\/html>\s*$/.test(html) || html.split('</html>').length !== 2)
					problems.push(`${url}: content after </html>`)
				if (/<body[\s\S]*<style[\s>]/.test(html)) problems.push(`${url}: a <style> in the body`)
				const text = readable(html)
				if (locale === 'en') {
					for (const label of labels)
						if (!containsPhrase(text, label)) problems.push(`${url}: no "${label}" in English`)
					continue
				}
				for (const label of labels) {
					// A label that reads the same in this language (French "Solutions") is no leftover.
					const same = plainText((MESSAGES[locale] as Messages)[generateMessageId(label)]) === label
					if (!same && containsPhrase(text, label))
						problems.push(`${url}: SPEC label "${label}" left in English`)
				}
				for (const message of englishLeft(locale, text))
					problems.push(`${url}: English left: "${message}"`)
			}
			expect(problems).toEqual([])
		},
		120_000,
	)
})

/** vnu.jar as the npm package `vnu-jar` ships it (its own launcher may download a Java: not used). */
const VNU_JAR = path.join(
	path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
	'build/dist/vnu.jar',
)

type VnuMessage = {
	type: string
	url: string
	message: string
	extract?: string
	lastLine?: number
}

describe('the W3C Nu HTML Checker', () => {
	test('every page kind in English, Spanish and Arabic: no error in the HTML or its inline CSS', async () => {
		// The pages the label checks above do not read: the not-found page (by the visitor's
		// browser: no owner to follow), the rest of the builder, and the signed-out pages a link
		// leads to (a reset or confirmation link without its token, a notice's unsubscribe link).
		const unsubscribe = new URL(unsubscribeUrl(owner.id)).pathname
		for (const locale of CHECKED) {
			await setOwnerLanguage(locale)
			const builder = { authorization: `Bearer ${owner.token}`, cookie: `tagg_lang=${locale}` }
			const visitor = { 'accept-language': locale }
			const more: Array<[string, Record<string, string>, number]> = [
				['/no-one-has-this-name', visitor, 404],
				['/builder/contacts', builder, 200],
				['/builder/settings/domain', builder, 200],
				[`/contact?lang=${locale}`, {}, 200],
				[`/reset-password?lang=${locale}`, {}, 400],
				[`/confirm-email?lang=${locale}`, {}, 400],
				[unsubscribe, visitor, 200],
			]
			for (const [url, headers, status] of more) {
				const response = await fetch(`${server.url}${url}`, { headers, redirect: 'manual' })
				expect(response.status, url).toBe(status)
				served.set(`${locale} ${url}`, await response.text())
			}
		}
		expect(served.size).toBeGreaterThanOrEqual(CHECKED.length * 24)
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-vnu-'))
		const names = new Map<string, string>()
		try {
			const files = [...served].map(([page, html], index) => {
				const file = path.join(dir, `${index}.html`)
				fs.writeFileSync(file, html)
				names.set(`${index}.html`, page)
				return file
			})
			// One run for every page: the JVM starts once.
			const run = spawnSync(
				process.env.JAVA ?? 'java',
				['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
				{ encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
			)
			expect(run.error, 'java (npm test installs it)').toBeUndefined()
			const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages
			const errors = messages
				.filter((message) => message.type === 'error' || message.type === 'non-document-error')
				.map(
					(message) =>
						`${names.get(path.basename(message.url)) ?? message.url}:${message.lastLine ?? ''} ${message.message} ${JSON.stringify(message.extract ?? '')}`,
				)
			expect(errors).toEqual([])
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	}, 120_000)
})

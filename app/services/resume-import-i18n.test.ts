/**
 * The resume import speaks the owner's language: the preview's notes and the skipped
 * items' values and reasons of a LinkedIn export and of a JSON Resume file come back in the
 * request's language from the /one API and in the builder's language on the import page, with
 * no English sentence left and the owner's own words (a company, a date, a level they typed)
 * as typed. In English they stay what they were, byte for byte.
 */
import { strToU8, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, makeRequest } from '#tests/route'
import { action as builderImport } from '~/routes/builder.import'
import { action as preview } from '~/routes/one.sites.resume.import.preview'
import { runInLocale } from '~/utils/locale.server'
import { type Locale } from '~/utils/locales'
import { type ImportPreview } from '~/utils/resume-import'

/** A skill longer than the 60 characters a skill may have (the owner's words, in Danish). */
const LONG_SKILL = 'Kurvefletning af genbrugte fiskenet på vestkysten af Jylland og Fanø'

/** LinkedIn's export with most kinds of note and skipped item; the owner writes Danish. */
function linkedInExport() {
	const files: Record<string, string> = {
		'Profile.csv':
			'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers\r\n' +
			`Zoë,${'Ø'.repeat(70)},Jensen,Nørregade 7,"1. jan. 1990",Platformingeniør,"Jeg bygger pålidelige systemer.",Softwareudvikling,1165,"København, Hovedstaden, Danmark","[zoe,zoe_to]","[PERSONAL:zoe.dk,COMPANY:https://nordlys.dk]",Signal\r\n`,
		'Positions.csv':
			'Company Name,Title,Description,Location,Started On,Finished On\r\n' +
			'Nordlys,Platformingeniør,"• Ledede platformteamet",Aarhus,forår 2019,\r\n',
		'Education.csv':
			'School Name,Start Date,End Date,Notes,Degree Name,Activities\r\n' +
			'Danmarks Tekniske Universitet,2015,2010,Bestået,Kandidat,Robotklub\r\n',
		'Skills.csv': `Name\r\nPython\r\nKurvefletning\r\n${LONG_SKILL}\r\n`,
		'Certifications.csv':
			'Name,Url,Authority,Started On,Finished On,License Number\r\n' +
			'Certificeret arkitekt,ftp://nordlys.dk/bevis,Nordlys Akademi,Jun 2022,Jun 2025,ABC-123\r\n',
		'Honors.csv':
			'Title,Description,Issued On\r\nÅrets ingeniør,Omskrivning af platformen,Dec 2023\r\n',
		'Languages.csv': 'Name,Proficiency\r\nDansk,Modersmål\r\n',
		'Projects.csv': 'Title,Description\r\nUdrulning,Hurtigere\r\n',
	}
	return zipSync(
		Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
	)
}

/** A JSON Resume file with the other kinds of note and skipped item. */
const JSON_RESUME = JSON.stringify({
	basics: {
		name: 'Ada Holm',
		label: 'Analytiker',
		summary: Array.from({ length: 21 }, (_, i) => `Afsnit ${i + 1}.`).join('\n\n'),
		url: 'https://ada.dk',
		image: 'https://ada.dk/ada.jpg',
		location: {
			address: 'Nørregade 7',
			postalCode: '1165',
			city: 'København',
			countryCode: 'DK',
			region: 'Hovedstaden',
		},
		profiles: [
			{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/ada' },
			{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/ada-to' },
			{ network: 'GitHub', username: 'ada' },
		],
	},
	work: [
		{
			name: 'Ø'.repeat(130),
			position: 'Analytiker',
			url: 'https://maskiner.dk',
			location: 'Odense',
			description: 'Regnemaskiner',
			startDate: '2019',
			highlights: [
				'Noter om maskinen',
				'å'.repeat(520),
				...Array.from({ length: 30 }, (_, i) => `Linje ${i + 1}`),
			],
		},
		{ name: 'Tidsmaskinen', position: 'Rejsende', startDate: '2020-05', endDate: '2019-01' },
		...Array.from({ length: 54 }, (_, i) => ({ name: `Firma ${i}` })),
	],
	education: [
		{
			institution: 'Hjemmeundervisning',
			area: 'Matematik',
			studyType: 'Privatstudier',
			score: 'Udmærkelse',
			courses: ['Differentialregning', 'Logik'],
		},
	],
	skills: [
		{ name: 'Webudvikling', level: 'Mester', keywords: ['React', 'Væve'] },
		{ name: 'Håndværk', keywords: [LONG_SKILL] },
		{ name: 'Python', level: 'Troldmand' },
	],
	awards: [
		{ title: 'Æresmedlem', awarder: 'Selskabet', date: '2018', summary: 'Om noterne' },
		{ title: 'æ'.repeat(310) },
	],
	volunteer: [{ organization: 'Biblioteket' }],
	interests: [{ name: 'Poesi' }, { name: 'Sejlads' }],
	'x-værktøj': { tema: 'elegant' },
})

const FILES = {
	linkedin: { name: 'Basic_LinkedInDataExport.zip', data: linkedInExport() },
	json: { name: 'resume.json', data: strToU8(JSON_RESUME) },
}

function upload(file: { name: string; data: Uint8Array }, fields: Record<string, string> = {}) {
	const body = new FormData()
	body.append('file', new Blob([file.data as Uint8Array<ArrayBuffer>]), file.name)
	for (const [name, value] of Object.entries(fields)) body.append(name, value)
	return body
}

type Shown = ImportPreview<string>

/** The API's preview of a file, in the language the request names (none: English). */
async function apiPreview(file: keyof typeof FILES, locale?: Locale): Promise<Shown> {
	const owner = await createOwner()
	const call = () =>
		callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload(FILES[file]),
		})
	const response = await (locale ? runInLocale(locale, call) : call())
	expect(response.status).toBe(200)
	return response.json.data as Shown
}

/** The notes of each section, and each skipped item as `field: value: reason`. */
const said = (data: Shown) => ({
	notes: Object.fromEntries(
		Object.entries(data.sections).map(([section, shown]) => [section, shown.notes]),
	),
	skipped: Object.fromEntries(
		data.skipped.map((item) => [item.field, `${item.value}: ${item.reason}`]),
	),
})

// SPEC.md's English, as the import said it before its messages went into the catalogs.
const ENGLISH = {
	linkedin: {
		notes: {
			profile: ['The last name was cut to 60 characters.'],
			// The second X handle and the second website are links.
			links: [],
			workExp: ['Work entry “Platformingeniør”: the start date “forår 2019” could not be read.'],
			education: [
				'Education “Kandidat”: the end year 2010 is before the start year and was left out.',
			],
			skills: [],
			certificates: [
				'Certificate “Certificeret arkitekt”: the link “ftp://nordlys.dk/bevis” is not an http(s) link and was left out.',
			],
			achievements: [],
		},
		skipped: {
			'Profile.csv.Maiden Name': 'Maiden name “Jensen”: Tagg’s profile has no maiden name',
			'Profile.csv.Address': 'Street address “Nørregade 7”: Tagg’s profile has no street address',
			'Profile.csv.Birth Date': 'Birth date “1. jan. 1990”: Tagg’s profile has no birth date',
			'Profile.csv.Industry': 'Industry “Softwareudvikling”: Tagg’s profile has no industry',
			'Profile.csv.Zip Code': 'Postal code “1165”: Tagg’s profile has no postal code',
			'Profile.csv.Instant Messengers':
				'Messenger accounts “Signal”: Tagg’s profile has no messenger accounts',
			'Profile.csv.Geo Location': 'Region “Hovedstaden”: Tagg keeps the city and the country',
			'Positions.csv[0].Location':
				'Work “Platformingeniør”, place “Aarhus”: Tagg’s work entries have no place',
			'Education.csv[0].Notes':
				'Education “Kandidat”, notes “Bestået”: Tagg’s education entries have no notes',
			'Education.csv[0].Activities':
				'Education “Kandidat”, activities “Robotklub”: Tagg’s education entries have no activities',
			'Certifications.csv[0].Finished On':
				'Certificate “Certificeret arkitekt”, expiry date “Jun 2025”: Tagg’s certificates have no expiry date',
			'Certifications.csv[0].License Number':
				'Certificate “Certificeret arkitekt”, licence number “ABC-123”: Tagg’s certificates have no licence number',
			'Honors.csv[0].Description':
				'Honor “Årets ingeniør”, description “Omskrivning af platformen”: an achievement is one line: its title, issuer and year are imported',
			'Languages.csv': 'Languages.csv: Tagg’s resume has no languages section',
			'Projects.csv':
				'Projects.csv: Tagg keeps projects as portfolio case studies, which an import does not create',
			'Skills.csv[2].name': `${LONG_SKILL}: longer than 60 characters, the most a skill may have`,
		},
	},
	json: {
		notes: {
			profile: ['Only the first 20 of 21 bio paragraphs are kept.'],
			// The second LinkedIn profile is a link.
			links: [],
			workExp: [
				'Only the first 50 of 56 work entries are kept.',
				'Only the first 30 of 32 lines of Work entry “Analytiker” are kept.',
				'A line of Work entry “Analytiker” was cut to 500 characters.',
				'The company of Work entry “Analytiker” was cut to 120 characters.',
				'Work entry “Rejsende” was left out: The end date cannot be before the start date',
			],
			education: [],
			skills: [
				'Skill “Webudvikling”: the level “Mester” could not be read, so it is rated 3 stars.',
				'Skill “Python”: the level “Troldmand” could not be read, so it is rated 3 stars.',
			],
			achievements: [`Achievement “${'æ'.repeat(40)}…” was cut to 300 characters.`],
		},
		skipped: {
			'basics.location.address':
				'Street address “Nørregade 7”: Tagg’s profile has no street address',
			'basics.location.postalCode': 'Postal code “1165”: Tagg’s profile has no postal code',
			'basics.location.region': 'Region “Hovedstaden”: Tagg keeps the city and the country',
			'basics.profiles[2]': 'GitHub: ada: Tagg needs a full link (https://…) for this network',
			'basics.image': 'Picture: upload your display picture in the builder',
			'work[0].url':
				'Work “Analytiker”, link “https://maskiner.dk”: Tagg’s work entries have no link',
			'work[0].location': 'Work “Analytiker”, place “Odense”: Tagg’s work entries have no place',
			'work[0].description':
				'Work “Analytiker”, description “Regnemaskiner”: Tagg’s work entries have no description',
			'education[0].score':
				'Education “Privatstudier”, grade “Udmærkelse”: Tagg’s education entries have no grade',
			'education[0].courses':
				'Education “Privatstudier”, course list “Differentialregning, Logik”: Tagg’s education entries have no course list',
			'awards[0].summary':
				'Award “Æresmedlem”, summary “Om noterne”: an achievement is one line: its title, awarder and year are imported',
			volunteer: '1 entry: Tagg’s resume has no volunteering section',
			interests: '2 entries: Tagg’s resume has no interests section',
			'x-værktøj': 'X-værktøj “elegant”: not a JSON Resume section Tagg knows',
			'skills[0].name':
				'Webudvikling: a skill group: Tagg keeps skills one by one, and its keywords are imported',
			'skills[1].name':
				'Håndværk: a skill group: Tagg keeps skills one by one, and its keywords are imported',
			'skills[1].keywords[0]': `${LONG_SKILL}: longer than 60 characters, the most a skill may have`,
		},
	},
}

/** The owner's own words in each file: in every language they are shown as typed. */
const OWNER_WORDS = {
	linkedin: [
		'Platformingeniør',
		'forår 2019',
		'Kandidat',
		'2010',
		'ftp://nordlys.dk/bevis',
		'Jensen',
		'Nørregade 7',
		'1. jan. 1990',
		'Hovedstaden',
		'Aarhus',
		'Årets ingeniør',
		'Omskrivning af platformen',
		'Languages.csv',
		LONG_SKILL,
	],
	json: [
		'Analytiker',
		'Rejsende',
		'Mester',
		'Troldmand',
		`${'æ'.repeat(40)}…`,
		'GitHub',
		'Differentialregning, Logik',
		'Om noterne',
		'X-værktøj',
		'elegant',
		'Webudvikling',
		LONG_SKILL,
	],
}

/**
 * The words of the import's English messages. None may be left in another language's text once
 * the owner's words are taken out (quoted values, links, file names); the few English words that
 * German writes the same (Link, Region, Website, Name, Messenger) are not listed.
 */
const ENGLISH_WORDS =
	/(?<!\p{L})(the|was|cut|characters?|could|not|read|only|first|are|kept|entry|entries|work|education|skills?|certificates?|award|honor|achievements?|lines?|company|role|degree|institution|issuer|level|rated|stars?|left|out|start|end|date|year|before|keeps|one|and|file|names|another|has|have|field|for|profile|section|place|summary|description|grade|course|notes|activities|expiry|licence|number|street|address|postal|maiden|birth|industry|accounts|picture|group|keywords|imported|longer|than|most|may|empty|valid|bio|paragraphs?|this|your|itself|upload|display|builder|its|title|awarder|kind|needs|full|network|projects|case|studies|does|create|volunteering|languages|interests)(?!\p{L})/iu

const withoutOwnerWords = (text: string) =>
	text
		.replace(/[«„“][^»“”]*[»“”]/gu, '')
		.replace(/(?:https?|ftp):\/\/\S+/g, '')
		.replace(/\S+\.csv/g, '')

function expectNoEnglish(english: Shown, translated: Shown, file: keyof typeof FILES) {
	// The same sections, notes and skipped fields as in English.
	expect(Object.keys(translated.sections)).toEqual(Object.keys(english.sections))
	expect(translated.skipped.map((item) => [item.section, item.field])).toEqual(
		english.skipped.map((item) => [item.section, item.field]),
	)
	const texts: string[] = []
	for (const [section, shown] of Object.entries(translated.sections)) {
		const notes = english.sections[section as keyof Shown['sections']]!.notes
		expect(shown.notes).toHaveLength(notes.length)
		shown.notes.forEach((note, index) => {
			expect(note).not.toBe(notes[index])
			texts.push(note)
		})
	}
	translated.skipped.forEach((item, index) => {
		expect(item.reason).not.toBe(english.skipped[index]!.reason)
		texts.push(item.value, item.reason)
	})
	const left = texts.filter((text) => ENGLISH_WORDS.test(withoutOwnerWords(text)))
	expect(left, 'English left in the translated preview').toEqual([])
	const all = texts.join('\n')
	for (const words of OWNER_WORDS[file]) expect(all).toContain(words)
}

describe('the import preview in the owner’s language', () => {
	test('in English (no language named), the notes, values and reasons are as they were', async () => {
		for (const file of ['linkedin', 'json'] as const) {
			expect(said(await apiPreview(file))).toEqual(ENGLISH[file])
			expect(said(await apiPreview(file, 'en'))).toEqual(ENGLISH[file])
		}
	})

	test.each(['de', 'ar'] as const)(
		'in %s: no English sentence left, the owner’s words as typed',
		async (locale) => {
			for (const file of ['linkedin', 'json'] as const) {
				const english = await apiPreview(file)
				const translated = await apiPreview(file, locale)
				expectNoEnglish(english, translated, file)
				// What was imported is the same in every language: only the words around it change.
				expect(translated.sections.skills?.items).toEqual(english.sections.skills?.items)
			}
		},
	)

	test('whole sentences, with the entry named inside and the plural of the language', async () => {
		const de = said(await apiPreview('linkedin', 'de'))
		expect(de.notes.workExp).toEqual([
			'Berufserfahrung „Platformingeniør“: Das Startdatum „forår 2019“ konnte nicht gelesen werden.',
		])
		expect(de.skipped['Positions.csv[0].Location']).toBe(
			'Berufserfahrung „Platformingeniør“, Ort „Aarhus“: In Tagg hat die Berufserfahrung keinen Ort',
		)
		// Right to left, the owner's words inside a sentence are isolated (U+2068 … U+2069): a
		// date or a name written left to right keeps its order.
		const ar = said(await apiPreview('json', 'ar'))
		const analytiker = '\u2068Analytiker\u2069'
		expect(ar.notes.workExp).toEqual([
			'يُحتفظ فقط بأول 50 من أصل 56 عنصرًا في الخبرة العملية.',
			`الخبرة العملية «${analytiker}»: يُحتفظ فقط بأول 30 من أصل 32 سطرًا.`,
			`الخبرة العملية «${analytiker}»: تم اختصار أحد الأسطر إلى 500 حرف.`,
			`الخبرة العملية «${analytiker}»: تم اختصار اسم الشركة إلى 120 حرفًا.`,
			'تم استبعاد الخبرة العملية «\u2068Rejsende\u2069»: لا يمكن أن يكون تاريخ الانتهاء قبل تاريخ البدء',
		])
		expect(said(await apiPreview('linkedin', 'ar')).skipped['Profile.csv.Birth Date']).toBe(
			'تاريخ الميلاد «\u20681. jan. 1990\u2069»: لا يتضمن الملف الشخصي في Tagg تاريخ الميلاد',
		)
		expect(ar.skipped.volunteer).toBe(
			'عنصر واحد: لا تتضمن السيرة الذاتية في Tagg قسمًا للعمل التطوعي',
		)
		expect(ar.skipped.interests).toBe('عنصران: لا تتضمن السيرة الذاتية في Tagg قسمًا للاهتمامات')
	})
})

describe('the builder’s import page in the builder’s language', () => {
	async function builderPreview(file: { name: string; data: Uint8Array }, lang: string) {
		const owner = await createOwner()
		const result = (await builderImport({
			request: makeRequest('/builder/import', {
				rawBody: upload(file, { intent: 'preview' }),
				token: owner.token,
				cookie: `tagg_lang=${lang}`,
			}),
			params: {},
			context: {},
		})) as { data: Record<string, unknown>; init: ResponseInit | null }
		return { status: result.init?.status ?? 200, data: result.data }
	}

	test('the preview says what the API says in that language', async () => {
		for (const file of ['linkedin', 'json'] as const) {
			const page = await builderPreview(FILES[file], 'ar')
			expect(page.data.ok).toBe(true)
			expect(said(page.data.preview as Shown)).toEqual(said(await apiPreview(file, 'ar')))
		}
	})

	test('a refusal with a value in it is translated too', async () => {
		const deep = {
			name: 'deep.json',
			data: strToU8(`{"work":${'['.repeat(100)}${']'.repeat(100)}}`),
		}
		const english = await builderPreview(deep, 'en')
		expect(english).toMatchObject({
			status: 400,
			data: {
				ok: false,
				message: 'This file nests deeper than 64 levels, so it cannot be a JSON Resume file.',
			},
		})
		const german = await builderPreview(deep, 'de')
		expect(german.status).toBe(400)
		expect(german.data.message).toMatch(/64/)
		expect(german.data.message).not.toBe(english.data.message)
	})
})

/**
 * An owner's own links through the resume import (ARCHITECTURE.md "Links of your
 * own"): the eight social fields are filled from the networks they name (section `profile`),
 * every other link of the file is offered as the section `links`, from a JSON Resume file
 * (`basics.profiles`, `basics.url`) and from a LinkedIn export (Profile.csv's `Websites` and
 * `Twitter Handles`). Applied in `replace` or `append` mode in the import's one transaction,
 * never past 50 links, an address a link cannot have skipped with its reason; the round trip
 * through `/{pname}/resume.json` gives a fresh owner the same links and social fields. The
 * visitors' JSON-LD names the same pages in `sameAs`.
 */
import { strToU8, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, callRoute, makeRequest } from '#tests/route'
import { listOwnLinks, replaceLinks } from '~/models/link.server'
import { getProfile, updateProfile } from '~/models/profile.server'
import { type LinkInput } from '~/utils/link-schemas'
import { runInLocale } from '~/utils/locale.server'
import { type ImportPreview } from '~/utils/resume-import'
import { action as builderImport } from './builder.import'
import { action as apply } from './one.sites.resume.import.apply'
import { action as preview } from './one.sites.resume.import.preview'
import { loader as resumeJson } from './$pname.resume[.]json'

type Owner = Awaited<ReturnType<typeof createOwner>>
type Shown = ImportPreview<string>
type File = { name: string; data: Uint8Array | string }

const input = (title: string, url: string, extra: Partial<LinkInput> = {}): LinkInput => ({
	title,
	url,
	icon: null,
	active: true,
	highlight: false,
	startsAt: null,
	endsAt: null,
	...extra,
})

function upload(file: File, fields: Record<string, string> = {}) {
	const body = new FormData()
	const bytes = typeof file.data === 'string' ? strToU8(file.data) : file.data
	body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), file.name)
	for (const [name, value] of Object.entries(fields)) body.append(name, value)
	return body
}

async function previewOf(owner: Owner, file: File) {
	const response = await callApi(preview, '/one/sites/resume/import/preview', {
		token: owner.token,
		rawBody: upload(file),
	})
	expect(response.status, JSON.stringify(response.json)).toBe(200)
	return response.json.data as Shown
}

async function applyOf(owner: Owner, file: File, sections: string, mode: 'replace' | 'append') {
	return callApi(apply, '/one/sites/resume/import/apply', {
		token: owner.token,
		rawBody: upload(file, { sections, mode }),
	})
}

/** A JSON Resume file whose `basics.profiles` are these. */
const jsonResume = (
	profiles: Array<{ network?: string; url?: string; username?: string }>,
	basics: Record<string, unknown> = {},
): File => ({
	name: 'resume.json',
	data: JSON.stringify({ basics: { name: 'Zoë Ørsted', ...basics, profiles } }),
})

/** A LinkedIn export with only Profile.csv, its columns as LinkedIn writes them. */
function linkedInExport(twitter: string, websites: string): File {
	const csv =
		'First Name,Last Name,Headline,Geo Location,Twitter Handles,Websites\r\n' +
		`Zoë,Ørsted,Engineer,"Copenhagen, Denmark","${twitter}","${websites}"\r\n`
	return { name: 'export.zip', data: zipSync({ 'Profile.csv': strToU8(csv) }) }
}

const shape = (links: Awaited<ReturnType<typeof listOwnLinks>>) =>
	links.map(({ title, url, icon, active, highlight }) => ({ title, url, icon, active, highlight }))

describe('the import’s links section', () => {
	test('round trip: an owner’s social and own links → resume.json → a fresh owner has the same', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		await updateProfile(owner.id, {
			linkedInUrl: 'https://www.linkedin.com/in/ada',
			xUrl: 'https://x.com/ada',
			companySite: 'https://ada.example/',
		})
		await replaceLinks(owner.id, [
			input('My code', 'https://github.com/ada'),
			input('Toots', 'https://mastodon.social/@ada', { highlight: true }),
			input('Newsletter', 'https://ada.substack.com/'),
			// A brand of the eight networks whose field holds another address: a link still.
			input('Our company', 'https://www.linkedin.com/company/engines'),
			input('Talks', 'https://www.ada.example/talks'),
			// Not in resume.json: a mail address is no profile, a hidden link no visitor sees.
			input('Write to me', 'mailto:hello@ada.example'),
			input('Secret', 'https://secret.example/', { active: false }),
		])
		const response = await callRoute(resumeJson, `/${owner.path}/resume.json`, {
			params: { pname: owner.path! },
		})
		expect(response.status).toBe(200)
		const document = (await response.json()) as { basics: { profiles: unknown[] } }
		const file = { name: 'resume.json', data: JSON.stringify(document) }

		const fresh = await createOwner({ name: 'Someone Else' })
		const shown = await previewOf(fresh, file)
		expect(shown.sections.profile!.fields).toMatchObject({
			linkedInUrl: 'https://www.linkedin.com/in/ada',
			xUrl: 'https://x.com/ada',
			companySite: 'https://ada.example/',
		})
		expect(shown.sections.links).toEqual({
			items: [
				{ title: 'GitHub', url: 'https://github.com/ada', icon: 'github' },
				{ title: 'Mastodon', url: 'https://mastodon.social/@ada', icon: 'mastodon' },
				{ title: 'Substack', url: 'https://ada.substack.com/', icon: 'substack' },
				{ title: 'LinkedIn', url: 'https://www.linkedin.com/company/engines', icon: 'linkedin' },
				{ title: 'ada.example', url: 'https://www.ada.example/talks', icon: 'link' },
			],
			current: 0,
			appendAdds: 5,
			notes: [],
		})
		// The owner's own Tagg address is not a link of theirs.
		expect(shown.skipped).toContainEqual(
			expect.objectContaining({ field: 'basics.url', reason: 'this is your Tagg page itself' }),
		)

		const applied = await applyOf(fresh, file, 'profile,links', 'replace')
		expect(applied.status).toBe(200)
		// The same links (titled by their network), live, none highlighted, icons automatic.
		expect(shape(await listOwnLinks(fresh.id))).toEqual([
			{
				title: 'GitHub',
				url: 'https://github.com/ada',
				icon: null,
				active: true,
				highlight: false,
			},
			{
				title: 'Mastodon',
				url: 'https://mastodon.social/@ada',
				icon: null,
				active: true,
				highlight: false,
			},
			{
				title: 'Substack',
				url: 'https://ada.substack.com/',
				icon: null,
				active: true,
				highlight: false,
			},
			{
				title: 'LinkedIn',
				url: 'https://www.linkedin.com/company/engines',
				icon: null,
				active: true,
				highlight: false,
			},
			{
				title: 'ada.example',
				url: 'https://www.ada.example/talks',
				icon: null,
				active: true,
				highlight: false,
			},
		])
		const socials = (await getProfile(fresh.id))!.socialLinks
		expect(socials).toMatchObject({
			linkedInUrl: 'https://www.linkedin.com/in/ada',
			xUrl: 'https://x.com/ada',
			companySite: 'https://ada.example/',
		})
		// And the fresh owner's resume.json lists the same profiles.
		const again = (await (
			await callRoute(resumeJson, `/${fresh.path}/resume.json`, { params: { pname: fresh.path! } })
		).json()) as typeof document
		expect(again.basics.profiles).toEqual(document.basics.profiles)
	})

	test('a JSON Resume file: the first profile of a network fills its field, the others and basics.url are links', async () => {
		const owner = await createOwner()
		const shown = await previewOf(
			owner,
			jsonResume(
				[
					{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/zoe' },
					{ network: 'Website', url: 'https://zoe.dev' },
					{ network: 'GitHub', url: 'https://github.com/zoe', username: 'zoe' },
					{ network: 'Twitter', username: 'zoe_dev' },
					{ url: 'https://dribbble.com/zoe' },
					{ network: 'Mastodon', username: 'zoe@hachyderm.io' },
					// The same address as the website: imported once, as the website.
					{ network: 'Blog', url: 'https://zoe.dev/' },
				],
				{ url: 'https://zoe.example/cv' },
			),
		)
		expect(shown.sections.profile!.fields).toMatchObject({
			linkedInUrl: 'https://www.linkedin.com/in/zoe',
			companySite: 'https://zoe.dev',
			xUrl: 'https://x.com/zoe_dev',
		})
		expect(shown.sections.links!.items).toEqual([
			{ title: 'GitHub', url: 'https://github.com/zoe', icon: 'github' },
			{ title: 'Dribbble', url: 'https://dribbble.com/zoe', icon: 'dribbble' },
			{ title: 'zoe.example', url: 'https://zoe.example/cv', icon: 'link' },
		])
		// A user name with no address makes no link, and says so.
		expect(shown.skipped).toEqual([
			{
				section: 'links',
				field: 'basics.profiles[5]',
				value: 'Mastodon: zoe@hachyderm.io',
				reason: 'Tagg needs a full link (https://…) for this network',
			},
		])
	})

	test('a LinkedIn export: its websites and Twitter handles that fill no field are links', async () => {
		const owner = await createOwner()
		const file = linkedInExport(
			'[zoe,@zoe_two,not a handle!]',
			'[PERSONAL:https://zoe.dev,COMPANY:https://nordlys.dk,OTHER:www.youtube.com/@zoe,PORTFOLIO:https://github.com/zoe,BLOG:zoe.dev]',
		)
		const shown = await previewOf(owner, file)
		expect(shown.sections.profile!.fields).toMatchObject({
			xUrl: 'https://x.com/zoe',
			companySite: 'https://zoe.dev',
			ytUrl: 'https://www.youtube.com/@zoe',
		})
		expect(shown.sections.links!.items).toEqual([
			{ title: 'X', url: 'https://x.com/zoe_two', icon: 'x' },
			{ title: 'nordlys.dk', url: 'https://nordlys.dk', icon: 'link' },
			{ title: 'GitHub', url: 'https://github.com/zoe', icon: 'github' },
		])
		expect(shown.skipped).toEqual([
			{
				section: 'profile',
				field: 'Profile.csv.Twitter Handles',
				value: 'X: not a handle!',
				reason: 'not an X username',
			},
		])

		const applied = await applyOf(owner, file, 'links', 'replace')
		expect(applied.status).toBe(200)
		expect((await listOwnLinks(owner.id)).map((link) => [link.title, link.url])).toEqual([
			['X', 'https://x.com/zoe_two'],
			['nordlys.dk', 'https://nordlys.dk'],
			['GitHub', 'https://github.com/zoe'],
		])
		// Only the ticked section changed.
		expect((await getProfile(owner.id))!.socialLinks.xUrl).toBeFalsy()
	})

	test('append adds the links whose address is new after the owner’s own; replace swaps the list and keeps a same address’s id', async () => {
		const owner = await createOwner()
		await replaceLinks(owner.id, [
			input('Code', 'https://GitHub.com/zoe', { highlight: true }),
			input('Hidden shop', 'https://shop.example/zoe', { active: false }),
		])
		const [code] = await listOwnLinks(owner.id)
		const file = jsonResume([
			{ network: 'GitHub', url: 'https://github.com/zoe' },
			{ network: 'Behance', url: 'https://www.behance.net/zoe' },
			{ network: 'Newsletter', url: 'https://zoe.substack.com' },
		])
		const shown = await previewOf(owner, file)
		expect(shown.sections.links).toMatchObject({ current: 2, appendAdds: 2, notes: [] })

		expect((await applyOf(owner, file, 'links', 'append')).status).toBe(200)
		const appended = await listOwnLinks(owner.id)
		expect(appended.map((link) => [link.title, link.url, link.active, link.highlight])).toEqual([
			['Code', 'https://GitHub.com/zoe', true, true],
			['Hidden shop', 'https://shop.example/zoe', false, false],
			['Behance', 'https://www.behance.net/zoe', true, false],
			['Newsletter', 'https://zoe.substack.com', true, false],
		])
		expect(appended[0]!.linkId).toBe(code!.linkId)
		// Appending the same file again adds nothing.
		expect((await previewOf(owner, file)).sections.links!.appendAdds).toBe(0)
		expect((await applyOf(owner, file, 'links', 'append')).status).toBe(200)
		expect(await listOwnLinks(owner.id)).toEqual(appended)

		expect((await applyOf(owner, file, 'links', 'replace')).status).toBe(200)
		const replaced = await listOwnLinks(owner.id)
		expect(replaced.map((link) => [link.title, link.url, link.highlight])).toEqual([
			['GitHub', 'https://github.com/zoe', false],
			['Behance', 'https://www.behance.net/zoe', false],
			['Newsletter', 'https://zoe.substack.com', false],
		])
		// The link at the same address keeps its id, so its clicks stay counted under it.
		expect(replaced[0]!.linkId).toBe(code!.linkId)
	})

	test('never past 50: a file of 60 keeps 50, appending stops at 50 with a note', async () => {
		const owner = await createOwner()
		const many = (count: number, from = 0) =>
			Array.from({ length: count }, (_, i) => ({
				network: `Site ${from + i}`,
				url: `https://site${from + i}.example/`,
			}))
		const sixty = jsonResume(many(60))
		const shown = await previewOf(owner, sixty)
		expect(shown.sections.links!.items).toHaveLength(50)
		expect(shown.sections.links!.notes).toEqual(['Only the first 50 of 60 links are kept.'])
		expect((await applyOf(owner, sixty, 'links', 'replace')).status).toBe(200)
		expect(await listOwnLinks(owner.id)).toHaveLength(50)

		// 48 of the owner's own, and a file with 2 of them and 5 new ones: 2 fit.
		await replaceLinks(
			owner.id,
			many(48).map((link) => input(link.network, link.url)),
		)
		const seven = jsonResume([...many(2), ...many(5, 100)])
		const appending = await previewOf(owner, seven)
		expect(appending.sections.links).toMatchObject({
			current: 48,
			appendAdds: 2,
			notes: ['Add to what I have leaves out 3 links: a profile has at most 50 links.'],
		})
		expect((await applyOf(owner, seven, 'links', 'append')).status).toBe(200)
		const links = await listOwnLinks(owner.id)
		expect(links).toHaveLength(50)
		expect(links.slice(48).map((link) => link.url)).toEqual([
			'https://site100.example/',
			'https://site101.example/',
		])
	})

	test('an address a link cannot have is skipped with the reason; a long title is cut, with a note', async () => {
		const owner = await createOwner()
		const long = `Portfolio ${'x'.repeat(100)}`
		const file = jsonResume([
			{ network: 'Script', url: 'javascript:alert(1)' },
			{ network: 'Files', url: 'ftp://files.example/zoe' },
			{ network: long, url: 'https://zoe.example/work' },
			{ network: 'Mail', url: 'mailto:zoe@example.com' },
		])
		const shown = await previewOf(owner, file)
		expect(shown.sections.links!.items).toEqual([
			{ title: long.slice(0, 80), url: 'https://zoe.example/work', icon: 'link' },
			{ title: 'Mail', url: 'mailto:zoe@example.com', icon: 'mail' },
		])
		expect(shown.sections.links!.notes).toEqual([
			`The title of Link “${long.slice(0, 40)}…” was cut to 80 characters.`,
		])
		const reason = 'Enter a link starting with https://, http://, mailto: or tel:'
		expect(shown.skipped).toEqual([
			{
				section: 'links',
				field: 'basics.profiles[0]',
				value: 'Script: javascript:alert(1)',
				reason,
			},
			{
				section: 'links',
				field: 'basics.profiles[1]',
				value: 'Files: ftp://files.example/zoe',
				reason,
			},
		])
		expect((await applyOf(owner, file, 'links', 'replace')).status).toBe(200)
		expect((await listOwnLinks(owner.id)).map((link) => link.url)).toEqual([
			'https://zoe.example/work',
			'mailto:zoe@example.com',
		])
	})

	test('every section at once is one write: the links with the profile and the resume', async () => {
		const owner = await createOwner()
		const file: File = {
			name: 'resume.json',
			data: JSON.stringify({
				basics: {
					name: 'Zoë Ørsted',
					profiles: [
						{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/zoe' },
						{ network: 'GitHub', url: 'https://github.com/zoe' },
					],
				},
				skills: [{ name: 'Python', level: '4/5' }],
			}),
		}
		const applied = await applyOf(owner, file, 'profile,links,skills', 'replace')
		expect(applied.status).toBe(200)
		expect(applied.json.data).toMatchObject({ skills: [{ skillName: 'Python', rating: 4 }] })
		expect((await listOwnLinks(owner.id)).map((link) => link.url)).toEqual([
			'https://github.com/zoe',
		])
		expect((await getProfile(owner.id))!.socialLinks.linkedInUrl).toBe(
			'https://www.linkedin.com/in/zoe',
		)
		// A file with no links has nothing for the section.
		const none = await applyOf(owner, jsonResume([]), 'links', 'replace')
		expect(none.status).toBe(400)
		expect(none.json.message).toBe('The file has nothing for Links.')
	})

	test('in the owner’s language: the notes, values and reasons of links, the page as the API', async () => {
		const owner = await createOwner()
		await replaceLinks(
			owner.id,
			Array.from({ length: 49 }, (_, i) => input(`Mine ${i}`, `https://mine${i}.example/`)),
		)
		const file = jsonResume([
			{ network: 'Script', url: 'javascript:alert(1)' },
			{ network: `Portfolio ${'x'.repeat(100)}`, url: 'https://zoe.example/work' },
			{ network: 'GitHub', url: 'https://github.com/zoe' },
			{ network: 'Codeberg', username: 'zoe' },
		])
		const english = await previewOf(owner, file)
		expect(english.sections.links!.notes).toEqual([
			`The title of Link “Portfolio ${'x'.repeat(30)}…” was cut to 80 characters.`,
			'Add to what I have leaves out 1 link: a profile has at most 50 links.',
		])
		for (const locale of ['es', 'fr', 'de', 'pt-BR', 'ar'] as const) {
			const shown = await runInLocale(locale, () => previewOf(owner, file))
			const notes = shown.sections.links!.notes
			expect(notes).toHaveLength(2)
			notes.forEach((note, index) => expect(note).not.toBe(english.sections.links!.notes[index]))
			expect(notes.join('\n')).not.toMatch(/\b(title|was cut|leaves out|at most)\b/)
			expect(notes[1]).toContain('50')
			// The reasons too; the file's words stay as typed.
			for (const [index, item] of shown.skipped.entries()) {
				expect(item.reason).not.toBe(english.skipped[index]!.reason)
			}
			expect(shown.skipped.map((item) => item.value).join('\n')).toContain('javascript:alert(1)')
			// The builder's import page says the same in the builder's language.
			const page = (await builderImport({
				request: makeRequest('/builder/import', {
					rawBody: upload(file, { intent: 'preview' }),
					token: owner.token,
					cookie: `tagg_lang=${locale}`,
				}),
				params: {},
				context: {},
			})) as { data: { ok: boolean; preview: Shown } }
			expect(page.data.ok).toBe(true)
			expect(page.data.preview.sections.links).toEqual(shown.sections.links)
			expect(page.data.preview.skipped).toEqual(shown.skipped)
		}
		const ar = await runInLocale('ar', () => previewOf(owner, file))
		// Right to left, the file's words inside a sentence are isolated.
		expect(ar.sections.links!.notes[0]).toContain(`\u2068Portfolio ${'x'.repeat(30)}…\u2069`)
	})
})

describe('the profile page’s JSON-LD', () => {
	test('sameAs names the social links and the live web links, each once', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		await updateProfile(owner.id, {
			linkedInUrl: 'https://www.linkedin.com/in/ada',
			mobileNumber: '+442079460000',
		})
		await replaceLinks(owner.id, [
			input('My code', 'https://github.com/ada'),
			input('LinkedIn again', 'https://www.linkedin.com/in/ada'),
			input('Write to me', 'mailto:hello@ada.example'),
			input('Call me', 'tel:+442079460000'),
			input('Secret', 'https://secret.example', { active: false }),
			input('Later', 'https://later.example', { startsAt: '2999-01-01T00:00:00Z' }),
			input('Toots', 'https://mastodon.social/@ada'),
		])
		const { loader, meta } = await import('./$pname._index')
		const data = await loader({
			request: new Request(`http://tagg.test/${owner.path}`),
			params: { pname: owner.path! },
			context: {},
		})
		const tags = meta({ data, params: {}, location: {} as never, matches: [] } as never) as Array<
			Record<string, unknown>
		>
		const jsonLd = tags.find((tag) => 'script:ld+json' in tag)?.['script:ld+json'] as {
			mainEntity: { sameAs?: string[] }
		}
		expect(jsonLd.mainEntity.sameAs).toEqual([
			'https://www.linkedin.com/in/ada',
			'https://github.com/ada',
			'https://mastodon.social/@ada',
		])
	})
})

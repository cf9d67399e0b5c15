/**
 * The icons of owners' links: which icon a URL gets, that every drawing is a valid
 * SVG path in the 24×24 frame, that the file is what `npm run brand-icons` writes, and that the
 * icons reach visitors only as server-rendered HTML (the visitors' script never imports them).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { iconTitle, LinkIcon } from '~/components/link-icon'
import { serverI18n } from '~/utils/i18n.server'
import { GENERIC_ICONS } from './generic-icons'
import {
	BRAND_SLUGS,
	brandIcon,
	GENERIC_ICON_PATHS,
	ICON_SLUGS,
	iconDrawing,
	iconForUrl,
	isIconSlug,
	linkIcon,
} from './brand-icons'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

describe('the icon a URL gets', () => {
	test.each([
		['https://github.com/maya', 'github'],
		['https://www.github.com/maya', 'github'],
		['https://gist.github.com/maya/123', 'github'],
		['http://GitHub.COM./maya', 'github'],
		['https://www.linkedin.com/in/maya-torres', 'linkedin'],
		['https://lnkd.in/abc', 'linkedin'],
		['https://x.com/maya', 'x'],
		['https://twitter.com/maya', 'x'],
		['https://mobile.twitter.com/maya', 'x'],
		['https://m.youtube.com/@maya', 'youtube'],
		['https://youtu.be/abc', 'youtube'],
		['https://music.youtube.com/channel/abc', 'youtubemusic'],
		['https://music.apple.com/us/artist/1', 'applemusic'],
		['https://podcasts.apple.com/us/podcast/1', 'applepodcasts'],
		['https://apps.apple.com/app/id1', 'appstore'],
		['https://scholar.google.com/citations?user=abc', 'googlescholar'],
		['https://maya.bandcamp.com/', 'bandcamp'],
		['https://maya.substack.com/p/hello', 'substack'],
		['https://medium.com/@maya', 'medium'],
		['https://www.tiktok.com/@maya', 'tiktok'],
		['https://www.threads.net/@maya', 'threads'],
		['https://bsky.app/profile/maya.bsky.social', 'bluesky'],
		['https://dribbble.com/maya', 'dribbble'],
		['https://www.behance.net/maya', 'behance'],
		['https://ko-fi.com/maya', 'kofi'],
		['https://buymeacoffee.com/maya', 'buymeacoffee'],
		['https://cal.com/maya/30min', 'caldotcom'],
		['https://calendly.com/maya', 'calendly'],
		['https://t.me/maya', 'telegram'],
		['https://wa.me/351912345678', 'whatsapp'],
		['https://dev.to/maya', 'devdotto'],
		['https://huggingface.co/maya', 'huggingface'],
		['https://www.npmjs.com/~maya', 'npm'],
		['https://orcid.org/0000-0002-1825-0097', 'orcid'],
		['https://linktr.ee/maya', 'linktree'],
		['https://codepen.io/maya', 'codepen'],
		['https://read.cv/maya', 'readdotcv'],
	])('%s → %s', (url, slug) => {
		expect(iconForUrl(url)).toBe(slug)
		expect(linkIcon(url, null)).toBe(slug)
	})

	test('mailto: and tel: get the mail and phone icons', () => {
		expect(linkIcon('mailto:maya@example.com', null)).toBe('mail')
		expect(linkIcon('MAILTO:maya@example.com?subject=Hi', null)).toBe('mail')
		expect(linkIcon('tel:+351912345678', null)).toBe('phone')
		expect(linkIcon('  tel:+1-555-0100  ', undefined)).toBe('phone')
	})

	test('a /@user page on a host no brand claims is Mastodon; a brand’s own /@user stays the brand’s', () => {
		expect(linkIcon('https://mastodon.social/@maya', null)).toBe('mastodon')
		expect(linkIcon('https://social.example.org/@maya', null)).toBe('mastodon')
		expect(linkIcon('https://social.example.org/@maya@other.example', null)).toBe('mastodon')
		expect(linkIcon('https://social.example.org/@maya/113405', null)).toBe('mastodon')
		expect(linkIcon('https://mastodon.social/users/maya', null)).toBe('mastodon')
		expect(linkIcon('https://www.youtube.com/@maya', null)).toBe('youtube')
		expect(linkIcon('https://example.org/@', null)).toBe('link')
		expect(linkIcon('https://example.org/blog/@maya', null)).toBe('link')
	})

	test('anything else is the plain link: unknown hosts, look-alikes, other schemes, text', () => {
		for (const url of [
			'https://example.com',
			'https://mayatorres.design/work',
			'https://notgithub.com/maya',
			'https://github.com.example.net/maya',
			'https://google.com/maya',
			'https://apple.com',
			'ftp://github.com/maya',
			'javascript:alert(1)',
			'data:text/html,hi',
			'github.com/maya',
			'not a url',
			'',
		]) {
			expect(linkIcon(url, null), url).toBe('link')
		}
	})

	test('the owner’s choice wins when it is an icon of the set; an unknown one is ignored', () => {
		expect(linkIcon('https://example.com/shop', 'etsy')).toBe('etsy')
		expect(linkIcon('https://github.com/maya', 'gitlab')).toBe('gitlab')
		expect(linkIcon('https://github.com/maya', 'mail')).toBe('mail')
		expect(linkIcon('https://github.com/maya', 'no-such-brand')).toBe('github')
		expect(linkIcon('https://example.com', 'constructor')).toBe('link')
		expect(linkIcon('https://example.com', '__proto__')).toBe('link')
		expect(isIconSlug('toString')).toBe(false)
	})
})

/** The end points of an SVG path's segments; throws where the path data does not parse. */
function parsePath(d: string): Array<[number, number]> {
	const ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 }
	const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y
	let at = 0
	const skip = () => {
		while (at < d.length && /[\s,]/.test(d[at]!)) at++
	}
	const number = () => {
		skip()
		NUMBER.lastIndex = at
		const match = NUMBER.exec(d)
		if (!match) throw new Error(`a number expected at ${at}: ${d.slice(at, at + 12)}`)
		at += match[0].length
		return Number(match[0])
	}
	const flag = () => {
		skip()
		const char = d[at]
		if (char !== '0' && char !== '1') throw new Error(`an arc flag expected at ${at}`)
		at++
		return Number(char)
	}
	const points: Array<[number, number]> = []
	let [x, y, startX, startY] = [0, 0, 0, 0]
	let first = true
	skip()
	while (at < d.length) {
		const command = d[at]!
		const kind = command.toLowerCase()
		if (!(kind in ARITY)) throw new Error(`a command expected at ${at}: ${command}`)
		if (first && kind !== 'm') throw new Error('a path starts with a move')
		first = false
		at++
		const relative = command !== command.toUpperCase()
		let repeat = true
		let move = kind === 'm'
		while (repeat) {
			if (kind === 'z') {
				;[x, y] = [startX, startY]
				points.push([x, y])
			} else {
				const args: number[] = []
				for (let index = 0; index < ARITY[kind]!; index++)
					args.push(kind === 'a' && (index === 3 || index === 4) ? flag() : number())
				const [dx, dy] =
					kind === 'h'
						? [args[0]!, relative ? 0 : y]
						: kind === 'v'
							? [relative ? 0 : x, args[0]!]
							: [args[args.length - 2]!, args[args.length - 1]!]
				if (relative) [x, y] = [x + dx, y + dy]
				else [x, y] = [dx, dy]
				if (move) [startX, startY] = [x, y]
				move = false
				points.push([x, y])
			}
			skip()
			// More numbers repeat the command (after a move, as lines).
			repeat = kind !== 'z' && at < d.length && /[0-9.+-]/.test(d[at]!)
		}
	}
	if (first) throw new Error('an empty path')
	return points
}

describe('the drawings', () => {
	test('the path parser finds what is wrong', () => {
		expect(() => parsePath('L1 1')).toThrow()
		expect(() => parsePath('M1 1L2')).toThrow()
		expect(() => parsePath('M1 1a1 1 0 2 1 2 2')).toThrow()
		expect(() => parsePath('M1 1X2 2')).toThrow()
		expect(parsePath('M1 1a1 1 0 01.5.5z')).toEqual([
			[1, 1],
			[1.5, 1.5],
			[1, 1],
		])
	})

	test('every icon’s path parses and stays in the 24×24 frame', () => {
		for (const slug of ICON_SLUGS) {
			const { path: d } = iconDrawing(slug)
			let points: Array<[number, number]> = []
			expect(() => (points = parsePath(d)), slug).not.toThrow()
			expect(points.length, slug).toBeGreaterThan(1)
			for (const [x, y] of points) {
				expect(x, slug).toBeGreaterThanOrEqual(-0.01)
				expect(x, slug).toBeLessThanOrEqual(24.01)
				expect(y, slug).toBeGreaterThanOrEqual(-0.01)
				expect(y, slug).toBeLessThanOrEqual(24.01)
			}
		}
	})

	test('about 80 brands, each with a name, a colour and hosts only it claims; the generic three', () => {
		expect(BRAND_SLUGS.length).toBeGreaterThanOrEqual(75)
		expect(new Set(ICON_SLUGS).size).toBe(ICON_SLUGS.length)
		expect(Object.keys(GENERIC_ICON_PATHS).sort()).toEqual([...GENERIC_ICONS].sort())
		const hosts = new Map<string, string>()
		for (const slug of BRAND_SLUGS) {
			const icon = brandIcon(slug)!
			expect(icon.slug).toBe(slug)
			expect(icon.title.trim(), slug).not.toBe('')
			expect(icon.hex, slug).toMatch(/^[0-9A-F]{6}$/)
			for (const host of icon.hosts) {
				expect(hosts.get(host), `${host} of ${slug}`).toBeUndefined()
				hosts.set(host, slug)
				// A host maps to its brand, and so does any page under it.
				expect(iconForUrl(`https://${host}/someone`), host).toBe(slug)
			}
		}
		for (const generic of GENERIC_ICONS) expect(brandIcon(generic)).toBeNull()
	})

	test('the brands a link-in-bio owner asks for are there, LinkedIn drawn for Tagg', () => {
		for (const slug of [
			'github',
			'gitlab',
			'dribbble',
			'behance',
			'medium',
			'substack',
			'mastodon',
			'bluesky',
			'threads',
			'instagram',
			'facebook',
			'x',
			'youtube',
			'tiktok',
			'twitch',
			'discord',
			'telegram',
			'whatsapp',
			'signal',
			'spotify',
			'applemusic',
			'soundcloud',
			'bandcamp',
			'patreon',
			'kofi',
			'buymeacoffee',
			'paypal',
			'calendly',
			'caldotcom',
			'figma',
			'notion',
			'readdotcv',
			'polywork',
			'stackoverflow',
			'kaggle',
			'huggingface',
			'npm',
			'producthunt',
			'hashnode',
			'devdotto',
			'pinterest',
			'reddit',
			'snapchat',
			'vimeo',
			'unsplash',
			'500px',
			'flickr',
			'etsy',
			'shopify',
			'gumroad',
			'linktree',
			'googlescholar',
			'orcid',
			'researchgate',
			'goodreads',
			'letterboxd',
			'strava',
			'duolingo',
			'linkedin',
		]) {
			expect(isIconSlug(slug), slug).toBe(true)
		}
		expect(brandIcon('linkedin')).toMatchObject({ title: 'LinkedIn', source: 'tagg' })
		expect(brandIcon('github')).toMatchObject({ title: 'GitHub', source: 'simple-icons' })
	})

	test('the file is what `npm run brand-icons` writes', () => {
		const result = spawnSync(
			process.execPath,
			['--import', 'tsx', 'scripts/brand-icons.ts', '--check'],
			{ cwd: ROOT, encoding: 'utf8' },
		)
		expect(result.stderr).toBe('')
		expect(result.status).toBe(0)
	})
})

describe('<LinkIcon>', () => {
	test('inlines the one path, hidden from assistive technology, in the text’s colour', () => {
		const html = renderToStaticMarkup(createElement(LinkIcon, { slug: 'github' }))
		expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>/)
		expect(html).toContain('focusable="false"')
		expect(html).toContain('fill="currentColor"')
		expect(html).toContain(`<path d="${brandIcon('github')!.path}"></path>`)
		expect(html.match(/<path/g)).toHaveLength(1)
		expect(html).not.toMatch(/<title|aria-label/)
	})

	test('the generic icons and CodePen are lines; an unknown slug is the plain link', () => {
		const mail = renderToStaticMarkup(createElement(LinkIcon, { slug: 'mail' }))
		expect(mail).toContain('stroke="currentColor"')
		expect(mail).toContain('fill="none"')
		expect(mail).toContain(GENERIC_ICON_PATHS.mail)
		expect(renderToStaticMarkup(createElement(LinkIcon, { slug: 'codepen' }))).toContain(
			'stroke="currentColor"',
		)
		expect(renderToStaticMarkup(createElement(LinkIcon, { slug: 'nope' }))).toContain(
			GENERIC_ICON_PATHS.link,
		)
	})

	test('an icon’s name: a brand’s own, a generic one’s in the page’s language', () => {
		const en = serverI18n('en')
		const es = serverI18n('es')
		const ar = serverI18n('ar')
		expect(iconTitle('github', es)).toBe('GitHub')
		expect(iconTitle('link', en)).toBe('Link')
		expect(iconTitle('mail', en)).toBe('Email')
		expect(iconTitle('phone', en)).toBe('Phone')
		expect(iconTitle('link', es)).not.toBe('Link')
		expect(iconTitle('mail', ar)).not.toBe('Email')
	})
})

describe('the visitors’ first view', () => {
	/** The files app/entry.public.ts loads, at once or later (`import()`), types left out. */
	function visitorModules() {
		const EXTENSIONS = ['.ts', '.tsx']
		const resolve = (from: string, specifier: string) => {
			const base = specifier.startsWith('~/')
				? path.join(ROOT, 'app', specifier.slice(2))
				: specifier.startsWith('.')
					? path.resolve(path.dirname(from), specifier)
					: null
			if (!base) return null
			return (
				[base, ...EXTENSIONS.map((extension) => base + extension)].find(
					(candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
				) ?? null
			)
		}
		const STATIC = /(?:^|\n)\s*(import|export)\s+([^'"]*?)\s*from\s+['"]([^'"]+)['"]/g
		const BARE = /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g
		const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g
		const typeOnly = (clause: string) =>
			/^type\s/.test(clause) ||
			(/^\{[\s\S]*\}$/.test(clause) &&
				clause
					.slice(1, -1)
					.split(',')
					.map((item) => item.trim())
					.filter(Boolean)
					.every((item) => item.startsWith('type ')))
		const seen = new Set<string>()
		const visit = (file: string) => {
			if (seen.has(file)) return
			seen.add(file)
			const source = fs.readFileSync(file, 'utf8')
			const targets: string[] = []
			for (const [, , clause, specifier] of source.matchAll(STATIC))
				if (!typeOnly(clause!.trim())) targets.push(specifier!)
			for (const [, specifier] of source.matchAll(BARE)) targets.push(specifier!)
			for (const [, specifier] of source.matchAll(DYNAMIC)) targets.push(specifier!)
			for (const specifier of targets) {
				const target = resolve(file, specifier)
				if (target) visit(target)
			}
		}
		visit(path.join(ROOT, 'app/entry.public.ts'))
		return [...seen].map((file) => path.relative(ROOT, file))
	}

	test('the public pages’ script never imports the icons: they come only in the server’s HTML', () => {
		const modules = visitorModules()
		// The walk does reach the modals' code, loaded on a visitor's first Share or Find Me.
		expect(modules).toContain('app/components/public-dialogs.tsx')
		expect(modules).toContain('app/components/find-me.tsx')
		expect(modules).not.toContain('app/data/brand-icons.ts')
		expect(modules).not.toContain('app/components/link-icon.tsx')
	})
})

/**
 * `npm run brand-icons`: writes app/data/brand-icons.ts, the icons of owners' links
 * (ARCHITECTURE.md "Links of your own"): the brands a link-in-bio owner links to, each with its
 * name, colour, drawing and the hosts of its pages, and the generic icons (`link`, `mail`,
 * `phone`). The drawings come from Simple Icons (`simple-icons`, pinned exactly in package.json;
 * CC0 1.0), except the brands Simple Icons has dropped, drawn here.
 *
 * `npm run brand-icons -- --check` writes nothing and fails when the file is not what this script
 * writes (app/data/brand-icons.test.ts runs it, so the file is never edited by hand).
 *
 * To add a brand: add its Simple Icons slug (https://simpleicons.org) and the hosts of its pages
 * to BRANDS, run the script, and add a case to the test.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import * as simpleIcons from 'simple-icons'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(ROOT, 'app/data/brand-icons.ts')

type SimpleIcon = {
	title: string
	slug: string
	hex: string
	path: string
	license?: { type: string }
}

/**
 * The brands, by Simple Icons slug, and the hosts of their pages (a subdomain of a host is the
 * brand's too: `www.`, `m.`, `artist.bandcamp.com`). The most specific host wins
 * (`music.youtube.com` is YouTube Music, `youtube.com` YouTube). A host may name one brand only.
 */
const BRANDS: Record<string, string[]> = {
	// Code and data
	github: ['github.com'],
	githubsponsors: [],
	gitlab: ['gitlab.com'],
	codeberg: ['codeberg.org'],
	bitbucket: ['bitbucket.org'],
	stackoverflow: ['stackoverflow.com'],
	kaggle: ['kaggle.com'],
	huggingface: ['huggingface.co', 'hf.co'],
	npm: ['npmjs.com', 'npm.im'],
	hashnode: ['hashnode.com', 'hashnode.dev'],
	devdotto: ['dev.to'],
	leetcode: ['leetcode.com', 'leetcode.cn'],
	replit: ['replit.com', 'repl.it'],
	producthunt: ['producthunt.com'],
	// Design and photography
	dribbble: ['dribbble.com'],
	behance: ['behance.net', 'be.net'],
	figma: ['figma.com'],
	artstation: ['artstation.com'],
	deviantart: ['deviantart.com'],
	readdotcv: ['read.cv'],
	polywork: ['polywork.com'],
	unsplash: ['unsplash.com'],
	'500px': ['500px.com'],
	flickr: ['flickr.com', 'flic.kr'],
	vsco: ['vsco.co'],
	// Writing
	medium: ['medium.com'],
	substack: ['substack.com'],
	ghost: ['ghost.io'],
	wordpress: ['wordpress.com'],
	tumblr: ['tumblr.com'],
	notion: ['notion.so', 'notion.site'],
	goodreads: ['goodreads.com'],
	// Social networks
	mastodon: [
		'mastodon.social',
		'mastodon.online',
		'mastodon.world',
		'mstdn.social',
		'mas.to',
		'fosstodon.org',
		'hachyderm.io',
		'infosec.exchange',
		'techhub.social',
		'joinmastodon.org',
	],
	bluesky: ['bsky.app', 'bsky.social'],
	threads: ['threads.net', 'threads.com'],
	instagram: ['instagram.com', 'instagr.am'],
	facebook: ['facebook.com', 'fb.com', 'fb.me'],
	x: ['x.com', 'twitter.com', 't.co'],
	linkedin: ['linkedin.com', 'lnkd.in'],
	pinterest: [
		'pinterest.com',
		'pin.it',
		'pinterest.co.uk',
		'pinterest.fr',
		'pinterest.de',
		'pinterest.es',
		'pinterest.com.br',
		'pinterest.ca',
		'pinterest.com.au',
	],
	reddit: ['reddit.com', 'redd.it'],
	snapchat: ['snapchat.com'],
	tiktok: ['tiktok.com'],
	// Video
	youtube: ['youtube.com', 'youtu.be'],
	vimeo: ['vimeo.com'],
	twitch: ['twitch.tv'],
	// Messaging
	discord: ['discord.com', 'discord.gg', 'discordapp.com'],
	telegram: ['t.me', 'telegram.me', 'telegram.org'],
	whatsapp: ['wa.me', 'whatsapp.com'],
	signal: ['signal.me', 'signal.group', 'signal.org'],
	messenger: ['m.me', 'messenger.com'],
	matrix: ['matrix.to'],
	// Music and podcasts
	spotify: ['spotify.com', 'spotify.link'],
	applemusic: ['music.apple.com'],
	applepodcasts: ['podcasts.apple.com'],
	soundcloud: ['soundcloud.com'],
	bandcamp: ['bandcamp.com'],
	tidal: ['tidal.com'],
	deezer: ['deezer.com', 'deezer.page.link'],
	youtubemusic: ['music.youtube.com'],
	// Support, payments and shops
	patreon: ['patreon.com'],
	kofi: ['ko-fi.com'],
	buymeacoffee: ['buymeacoffee.com', 'buymeacoff.ee'],
	paypal: ['paypal.com', 'paypal.me'],
	liberapay: ['liberapay.com'],
	opencollective: ['opencollective.com'],
	venmo: ['venmo.com'],
	cashapp: ['cash.app'],
	gumroad: ['gumroad.com'],
	etsy: ['etsy.com', 'etsy.me'],
	shopify: ['myshopify.com', 'shopify.com'],
	// Booking and link pages
	calendly: ['calendly.com'],
	caldotcom: ['cal.com'],
	linktree: ['linktr.ee', 'linktree.com'],
	meetup: ['meetup.com'],
	// Research
	googlescholar: ['scholar.google.com'],
	orcid: ['orcid.org'],
	researchgate: ['researchgate.net'],
	academia: ['academia.edu'],
	// Life, games and work
	letterboxd: ['letterboxd.com', 'boxd.it'],
	strava: ['strava.com', 'strava.app.link'],
	duolingo: ['duolingo.com'],
	imdb: ['imdb.com'],
	steam: ['steamcommunity.com', 'steampowered.com'],
	itchdotio: ['itch.io'],
	upwork: ['upwork.com'],
	fiverr: ['fiverr.com'],
	// Apps
	googleplay: ['play.google.com'],
	appstore: ['apps.apple.com'],
	codepen: ['codepen.io'],
}

/**
 * The brands Simple Icons has dropped (at their owners' request), drawn for Tagg in the same
 * 24×24 frame: simple and recognisable, not the brands' artwork.
 */
const DRAWN: Record<string, { title: string; hex: string; path: string; line?: true }> = {
	// A rounded square with 'in' cut out (the holes wind the other way).
	linkedin: {
		title: 'LinkedIn',
		hex: '0A66C2',
		path:
			'M4.5 2h15A2.5 2.5 0 0 1 22 4.5v15a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 2 19.5v-15A2.5 2.5 0 0 1 4.5 2z' +
			'M6.8 4.55a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 1 0 0-3.5z' +
			'M5.3 9.3v9.5h3V9.3z' +
			'M10.2 18.8h2.9v-5.4c0-1 .4-1.7 1.4-1.7s1.4.6 1.4 1.6v5.5h2.9v-6.2c0-2.2-.8-3.5-2.8-3.5-1.4 0-2.5.6-3 1.5V9.3h-2.8z',
	},
	// The wireframe box, as a line.
	codepen: {
		title: 'CodePen',
		hex: '000000',
		line: true,
		path: 'M12 2.8l9.2 6v6.4l-9.2 6-9.2-6V8.8zM12 2.8v5.9M12 15.3v5.9M2.8 8.8l9.2 6.5 9.2-6.5M2.8 15.2l9.2-6.5 9.2 6.5',
	},
}

/** The generic icons, drawn as lines like Tagg's own icons (app/components/icons.tsx). */
const GENERIC = {
	link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
	mail: 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 7l9 6 9-6',
	phone:
		'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
}

type Icon = {
	slug: string
	title: string
	hex: string
	path: string
	line?: true
	hosts: string[]
	source: 'simple-icons' | 'tagg'
}

function fail(message: string): never {
	console.error(`brand-icons: ${message}`)
	process.exit(1)
}

function collect(): Icon[] {
	const bySlug = new Map<string, SimpleIcon>()
	for (const value of Object.values(simpleIcons) as unknown[]) {
		const icon = value as SimpleIcon
		if (icon && typeof icon === 'object' && typeof icon.slug === 'string')
			bySlug.set(icon.slug, icon)
	}
	const icons: Icon[] = []
	const hostOwner = new Map<string, string>()
	for (const [slug, hosts] of Object.entries(BRANDS)) {
		for (const host of hosts) {
			if (host !== host.toLowerCase() || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host))
				fail(`${slug}: ${host} is not a lower-case host name`)
			const owner = hostOwner.get(host)
			if (owner) fail(`${host} is listed for both ${owner} and ${slug}`)
			hostOwner.set(host, slug)
		}
		const drawn = DRAWN[slug]
		const found = bySlug.get(slug)
		if (drawn && found) fail(`${slug} is in Simple Icons again: drop its drawing`)
		if (drawn) {
			icons.push({ slug, ...drawn, hosts, source: 'tagg' })
			continue
		}
		if (!found) fail(`${slug} is not in simple-icons: draw it in DRAWN, or drop it`)
		// Simple Icons is CC0, but some icons carry a licence of their own: only CC0 ones here.
		if (found.license && found.license.type !== 'CC0-1.0')
			fail(`${slug} is under ${found.license.type}, not CC0`)
		icons.push({
			slug,
			title: found.title,
			hex: found.hex,
			path: found.path,
			hosts,
			source: 'simple-icons',
		})
	}
	for (const slug of Object.keys(DRAWN)) if (!BRANDS[slug]) fail(`${slug} is drawn but not listed`)
	for (const slug of Object.keys(GENERIC))
		if (BRANDS[slug]) fail(`${slug} is a generic icon and a brand`)
	return icons.sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }))
}

const RUNTIME = `
export type BrandSlug = (typeof BRAND_SLUGS)[number]
export type GenericIcon = (typeof GENERIC_ICONS)[number]
/** An icon of a link: a brand's, or a generic one. */
export type IconSlug = BrandSlug | GenericIcon

export type BrandIcon = {
	slug: BrandSlug
	/** The brand's name as the brand writes it (the same in every language). */
	title: string
	/** The brand's colour, \`RRGGBB\`. */
	hex: string
	/** The drawing: one SVG path in a 24×24 box, filled (or stroked when \`line\`). */
	path: string
	line?: true
	/** The hosts of the brand's pages; a subdomain of one is the brand's too. */
	hosts: readonly string[]
	/** Simple Icons' drawing, or Tagg's own (a brand Simple Icons has dropped). */
	source: 'simple-icons' | 'tagg'
}

/** Every icon an owner may choose: the brands (by name), then the generic ones. */
export const ICON_SLUGS: readonly IconSlug[] = [...BRAND_SLUGS, ...GENERIC_ICONS]

const BRANDS_BY_SLUG = new Map<string, BrandIcon>(
	BRAND_SLUGS.map((slug) => [slug, { slug, ...ICONS[slug] }]),
)
const BRAND_BY_HOST = new Map<string, BrandSlug>(
	BRAND_SLUGS.flatMap((slug) => ICONS[slug].hosts.map((host) => [host, slug] as const)),
)

export function isIconSlug(value: unknown): value is IconSlug {
	return (
		typeof value === 'string' &&
		(BRANDS_BY_SLUG.has(value) || (GENERIC_ICONS as readonly string[]).includes(value))
	)
}

/** A brand's icon, or null (a generic icon or an unknown slug). */
export function brandIcon(slug: string): BrandIcon | null {
	return BRANDS_BY_SLUG.get(slug) ?? null
}

/** What \`<LinkIcon>\` draws for \`slug\` (an unknown slug: the plain link). */
export function iconDrawing(slug: string): { path: string; line: boolean } {
	const brand = BRANDS_BY_SLUG.get(slug)
	if (brand) return { path: brand.path, line: Boolean(brand.line) }
	const generic = isIconSlug(slug) ? (slug as GenericIcon) : 'link'
	return { path: GENERIC_ICON_PATHS[generic], line: true }
}

/** A Mastodon (or other fediverse) profile: \`/@user\` or \`/@user@server\`, on any host. */
const FEDIVERSE_PROFILE = /^\\/@\\w+(?:@[\\w.-]+)?(?:\\/|$)/

/**
 * The icon a URL calls for: \`mailto:\` mail, \`tel:\` phone; a web page its brand's, by its host
 * (the most specific known host it is or is under: \`www.\`, \`m.\` and other subdomains
 * included), else Mastodon for a \`/@user\` page on a host no brand claims; else the plain link.
 */
export function iconForUrl(url: string): IconSlug {
	let parsed: URL
	try {
		parsed = new URL(url.trim())
	} catch {
		return 'link'
	}
	if (parsed.protocol === 'mailto:') return 'mail'
	if (parsed.protocol === 'tel:') return 'phone'
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'link'
	const labels = parsed.hostname.replace(/\\.$/, '').split('.')
	for (let start = 0; start < labels.length - 1; start++) {
		const brand = BRAND_BY_HOST.get(labels.slice(start).join('.'))
		if (brand) return brand
	}
	if (FEDIVERSE_PROFILE.test(parsed.pathname)) return 'mastodon'
	return 'link'
}

/**
 * The icon of a link: the one the owner chose when it is an icon of the set, else the URL's
 * (\`iconForUrl\`).
 */
export function linkIcon(url: string, chosen?: string | null): IconSlug {
	return isIconSlug(chosen) ? chosen : iconForUrl(url)
}
`

async function render() {
	const icons = collect()
	const version = (
		JSON.parse(
			fs.readFileSync(path.join(ROOT, 'node_modules/simple-icons/package.json'), 'utf8'),
		) as {
			version: string
		}
	).version
	const drawn = icons.filter((icon) => icon.source === 'tagg').map((icon) => icon.title)
	const entries = icons
		.map((icon) => {
			const { slug, ...rest } = icon
			return `${JSON.stringify(slug)}: ${JSON.stringify({
				title: rest.title,
				hex: rest.hex,
				path: rest.path,
				...(rest.line ? { line: true } : {}),
				hosts: rest.hosts,
				source: rest.source,
			})},`
		})
		.join('\n')
	const source = `/**
 * The icons of owners' links: ${icons.length} brands a link-in-bio owner links to, and
 * the generic icons \`link\`, \`mail\` (\`mailto:\`) and \`phone\` (\`tel:\`).
 *
 * WRITTEN BY \`npm run brand-icons\` (scripts/brand-icons.ts): edit the script, not this file.
 *
 * The brands' drawings are Simple Icons ${version} (https://simpleicons.org, \`simple-icons\` on
 * npm), released under CC0 1.0 Universal (https://creativecommons.org/publicdomain/zero/1.0/);
 * none of those here carries a licence of its own. ${drawn.join(' and ')}, which Simple Icons
 * has dropped, are drawn for Tagg in the same 24×24 frame. The brands' names and logos are their
 * owners' trademarks, shown only to mark a link to the owner's own page there.
 *
 * They are inlined as SVG on the server, only those a page uses (app/components/link-icon.tsx):
 * no icon font and nothing in the visitors' script (app/entry.public.ts never imports this).
 */
import { GENERIC_ICONS } from './generic-icons'

/** The brands, sorted by name. */
export const BRAND_SLUGS = ${JSON.stringify(icons.map((icon) => icon.slug))} as const

const ICONS: { readonly [slug in BrandSlug]: Omit<BrandIcon, 'slug'> } = {
${entries}
}

/** The generic icons' drawings (lines, as app/components/icons.tsx draws). */
export const GENERIC_ICON_PATHS: Record<GenericIcon, string> = ${JSON.stringify(GENERIC)}
${RUNTIME}`
	const options = (await prettier.resolveConfig(OUT)) ?? {}
	return prettier.format(source, { ...options, filepath: OUT })
}

const check = process.argv.includes('--check')
const text = await render()
if (check) {
	const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : ''
	if (current !== text)
		fail(`${path.relative(ROOT, OUT)} is not what the script writes: run npm run brand-icons`)
	console.log(`${path.relative(ROOT, OUT)} is up to date`)
} else {
	fs.writeFileSync(OUT, text)
	console.log(`wrote ${path.relative(ROOT, OUT)}`)
}

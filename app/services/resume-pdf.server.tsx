/**
 * /{pname}/resume.pdf: the resume page as an A4 PDF, drawn in this process by @react-pdf/renderer
 * (no browser), in Inter (embedded, subset) so every Latin name prints right. A rendered PDF is
 * kept in memory under its page version, so it is drawn once per edit, whatever the traffic.
 */
import path from 'node:path'
import {
	Document,
	Font,
	Link,
	Page,
	renderToBuffer,
	StyleSheet,
	Text,
	View,
} from '@react-pdf/renderer'
import { Children, type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { assetDir } from '~/utils/assets.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { fullName } from '~/utils/seo'
import { ratingToHalves, resumeVisibility, workPeriod } from '~/utils/text'

// ---------------------------------------------------------------- the font

/** app/assets/fonts from this module (in app/services, or bundled into build/server) or the cwd. */
const fontDir = () => assetDir(path.join('app', 'assets', 'fonts'), 'Inter-Regular.ttf')

let fontsReady = false
function registerFonts() {
	if (fontsReady) return
	const dir = fontDir()
	Font.register({
		family: 'Inter',
		fonts: [
			{ src: path.join(dir, 'Inter-Regular.ttf'), fontWeight: 400 },
			{ src: path.join(dir, 'Inter-Bold.ttf'), fontWeight: 700 },
		],
	})
	// No hyphenation: names and titles must not break, and the default hyphenator keeps every
	// word it has seen in a cache that never shrinks (memory would grow with every new resume).
	// Owner text breaks only the words too long for their line (breakLongWords).
	Font.registerHyphenationCallback((word) => [word])
	fontsReady = true
}

// ---------------------------------------------------------------- long words

type Weight = 400 | 700
type WordBreaker = Parameters<typeof Font.registerHyphenationCallback>[0]
/** What a loaded font (fontkit's) offers to measure text. */
type Measurable = { unitsPerEm: number; layout(text: string): { advanceWidth: number } }

/** The width in points of `text` set in Inter at `size`, or null before the font is loaded. */
function textWidth(text: string, size: number, weight: Weight = 400) {
	const font = Font.getFont({ fontFamily: 'Inter', fontWeight: weight }).data as Measurable | null
	return font ? (font.layout(text).advanceWidth / font.unitsPerEm) * size : null
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
/** After a run of the punctuation that joins the parts of a link or an address. */
const LINK_JOINT = /(?<=[/?&=#_.,;:@+~-])(?![/?&=#_.,;:@+~-])/

/**
 * react-pdf ends lines at spaces only, so a word wider than its line (a link, a name with no
 * space) ran past the right edge and off the page. Given to a text with the width of its lines
 * and its type, this cuts such a word into pieces that fit: after a link's punctuation
 * ('/', '?', '&', '-'…) where it can, else between two characters, as the web page's
 * `overflow-wrap: anywhere` does. A word that fits stays whole, so names and ordinary words
 * never break. The pieces go back with an empty string between each two: react-pdf takes it for
 * a space of no width, where a line may end with no hyphen (between two parts it takes for
 * syllables, it would add one). Nothing is remembered from one word to the next.
 */
function breakLongWords(
	lineWidth: number | (() => number),
	size: number,
	weight: Weight = 400,
): WordBreaker {
	return (word) => {
		const line = typeof lineWidth === 'number' ? lineWidth : lineWidth()
		// Fonts are loaded before any text is laid out; unmeasured, a word is left whole.
		const fits = (text: string) => (textWidth(text, size, weight) ?? 0) <= line
		if (fits(word)) return [word]
		return word
			.split(LINK_JOINT)
			.flatMap((piece) =>
				fits(piece) ? [piece] : Array.from(graphemes.segment(piece), ({ segment }) => segment),
			)
			.flatMap((piece, index) => (index === 0 ? [piece] : ['', piece]))
	}
}

// ---------------------------------------------------------------- the document

// A4 in points, the page's side margins and the width of the text between them.
const PAGE_WIDTH = 595.28
const MARGIN_X = 44
const COLUMN = PAGE_WIDTH - 2 * MARGIN_X

// Type sizes, in points.
const BODY = 9.5
const SMALL = 8.5
const NAME = 22
const DESIGNATION = 11.5

// Gaps and marks, in points.
const CONTACT_GAP = 10
const TITLE_GAP = 8
const BULLET_INDENT = 10
const SKILL_GAP = 18
const SKILL_NAME_GAP = 6
const DOT = 6
const DOT_GAP = 2

/** How each kind of owner text breaks a word too long for its lines (see breakLongWords). */
const breaks = {
	name: breakLongWords(COLUMN, NAME, 700),
	designation: breakLongWords(COLUMN, DESIGNATION),
	contact: breakLongWords(COLUMN - CONTACT_GAP, SMALL),
	text: breakLongWords(COLUMN, BODY),
	bullet: breakLongWords(COLUMN - BULLET_INDENT, BODY),
	// Half the column, less the gaps and the five dots.
	skill: breakLongWords(COLUMN / 2 - SKILL_GAP - 5 * (DOT + DOT_GAP) - SKILL_NAME_GAP, BODY),
	/** An entry's title, on the line its dates leave. */
	title: (dates: string) =>
		breakLongWords(() => COLUMN - TITLE_GAP - (textWidth(dates, SMALL) ?? 0), BODY, 700),
}

const BRAND = '#b3175a'
const INK = '#1c1b22'
const MUTED = '#5d5a6b'
const LINE = '#e8e6ee'

const styles = StyleSheet.create({
	page: {
		fontFamily: 'Inter',
		fontSize: BODY,
		color: INK,
		paddingTop: 40,
		paddingBottom: 48,
		paddingHorizontal: MARGIN_X,
	},
	// The line height resolves against this font size, as it did on the page.
	body: { fontSize: BODY, lineHeight: 1.4 },
	name: { fontSize: NAME, fontWeight: 700, lineHeight: 1.2 },
	designation: { fontSize: DESIGNATION, color: BRAND, marginTop: 2 },
	contact: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 6, color: MUTED, fontSize: SMALL },
	contactItem: { marginRight: CONTACT_GAP },
	link: { color: MUTED, textDecoration: 'none' },
	section: { marginTop: 16 },
	heading: {
		fontSize: 9,
		fontWeight: 700,
		color: BRAND,
		letterSpacing: 1,
		textTransform: 'uppercase',
		paddingBottom: 3,
		marginBottom: 6,
		borderBottomWidth: 0.75,
		borderBottomColor: LINE,
	},
	paragraph: { marginBottom: 4 },
	entry: { marginBottom: 8 },
	entryHead: { flexDirection: 'row', justifyContent: 'space-between' },
	// The title takes the room the dates leave (react-pdf shrinks every box by default, so a long
	// title squeezing from its full width would make the dates wrap).
	entryTitle: { fontWeight: 700, flexGrow: 1, flexBasis: 0, paddingRight: TITLE_GAP },
	entryDates: { color: MUTED, fontSize: SMALL },
	entrySub: { color: MUTED },
	bullet: { flexDirection: 'row', marginTop: 1.5 },
	bulletMark: { width: BULLET_INDENT, color: BRAND },
	bulletText: { flex: 1 },
	skills: { flexDirection: 'row' },
	skill: {
		width: '50%',
		flexDirection: 'row',
		justifyContent: 'space-between',
		alignItems: 'center',
		paddingRight: SKILL_GAP,
		marginBottom: 3,
	},
	// As the entry title: the name takes what the dots leave, and keeps a gap from them.
	skillName: { flexGrow: 1, flexBasis: 0, paddingRight: SKILL_NAME_GAP },
	dots: { flexDirection: 'row' },
	dot: {
		width: DOT,
		height: DOT,
		borderRadius: DOT / 2,
		marginLeft: DOT_GAP,
		backgroundColor: LINE,
		overflow: 'hidden',
	},
	footer: {
		position: 'absolute',
		bottom: 22,
		// A set height: an absolute fixed box of auto height drifts page after page in react-pdf
		// (diegomura/react-pdf#3416).
		height: 12,
		left: MARGIN_X,
		right: MARGIN_X,
		flexDirection: 'row',
		justifyContent: 'space-between',
		fontSize: 7.5,
		color: MUTED,
	},
})

export type ResumePdfData = {
	profile: ProfileData
	resume: Resume
	/** The email the public page shows, or null. */
	email: string | null
	profileUrl: string
}

/**
 * A titled part of the resume. Its heading never ends a page alone: it is drawn with the first
 * item under it in one block that a page break does not split (react-pdf's minPresenceAhead
 * cannot do it: its engine ignores it on the first box of a container, and an entry is drawn
 * whole anyway, however tall). `keepWithFirst={false}` leaves the heading on its own.
 */
function Section({
	title,
	keepWithFirst = true,
	children,
}: {
	title: string
	keepWithFirst?: boolean
	children: ReactNode
}) {
	const [first, ...rest] = keepWithFirst ? Children.toArray(children) : [null, children]
	return (
		<View style={styles.section}>
			{/* An empty first box keeps the section's start on the page it begins on when the
			    heading moves on: react-pdf then splits the section instead of moving it whole, and
			    the next page begins with the heading, not with the section's top margin. */}
			<View />
			<View wrap={false}>
				<Text style={styles.heading}>{title}</Text>
				{first}
			</View>
			{rest}
		</View>
	)
}

/** One way to reach the owner, in the line under the name; a link when it has an address. */
function Contact({ href, children }: { href?: string; children: string }) {
	return (
		<Text style={styles.contactItem} hyphenationCallback={breaks.contact}>
			{href ? (
				<Link style={styles.link} src={href}>
					{children}
				</Link>
			) : (
				children
			)}
		</Text>
	)
}

/** One entry of a list, never split by a page: its title and dates, then what follows them. */
function ListEntry({
	title,
	dates,
	children,
}: {
	title: string
	dates: string | number
	children: ReactNode
}) {
	return (
		<View style={styles.entry} wrap={false}>
			<View style={styles.entryHead}>
				<Text style={styles.entryTitle} hyphenationCallback={breaks.title(String(dates))}>
					{title}
				</Text>
				<Text style={styles.entryDates}>{dates}</Text>
			</View>
			{children}
		</View>
	)
}

/** The line under an entry's title (its company, institution or platform). */
function EntrySub({ children }: { children: ReactNode }) {
	return (
		<Text style={styles.entrySub} hyphenationCallback={breaks.text}>
			{children}
		</Text>
	)
}

function Bullet({ children }: { children: string }) {
	return (
		<View style={styles.bullet}>
			<Text style={styles.bulletMark}>•</Text>
			<Text style={styles.bulletText} hyphenationCallback={breaks.bullet}>
				{children}
			</Text>
		</View>
	)
}

/** Skills two to a line. */
function SkillRow({ skills }: { skills: Resume['skills'] }) {
	return (
		<View style={styles.skills}>
			{skills.map((item) => (
				<View key={item.skillId} style={styles.skill} wrap={false}>
					<Text style={styles.skillName} hyphenationCallback={breaks.skill}>
						{item.skillName}
					</Text>
					<Dots rating={item.rating} />
				</View>
			))}
		</View>
	)
}

/** A rating as five dots filled in half steps. */
function Dots({ rating }: { rating: number }) {
	const halves = ratingToHalves(rating) ?? 0
	return (
		<View style={styles.dots}>
			{Array.from({ length: 5 }, (_, index) => {
				const fill = Math.max(0, Math.min(2, halves - index * 2))
				return (
					<View key={index} style={[styles.dot, fill === 2 ? { backgroundColor: BRAND } : {}]}>
						{fill === 1 ? (
							<View
								style={{
									width: DOT / 2,
									height: DOT,
									backgroundColor: BRAND,
									borderTopLeftRadius: DOT / 2,
									borderBottomLeftRadius: DOT / 2,
								}}
							/>
						) : null}
					</View>
				)
			})}
		</View>
	)
}

const years = (from: number | null, to: number | null) => [from, to].filter(Boolean).join(' – ')

/** `items` two by two (the last pair may hold one). */
const pairs = <T,>(items: T[]) =>
	Array.from({ length: Math.ceil(items.length / 2) }, (_, index) =>
		items.slice(index * 2, index * 2 + 2),
	)

export function ResumeDocument({ profile, resume, email, profileUrl }: ResumePdfData) {
	const name = fullName(profile.name) || profile.path || 'Resume'
	const location = [profile.city, profile.country].filter(Boolean).join(', ')
	const website = profile.socialLinks.companySite
	const visible = resumeVisibility(resume)
	const displayUrl = profileUrl.replace(/^https?:\/\//, '')
	return (
		<Document
			title={`${name} – Resume`}
			author={name}
			subject={profile.designation || undefined}
			creator="Tagg"
			producer="Tagg"
			language="en"
		>
			<Page size="A4" style={styles.page}>
				{/* The line height is the body's, not the page's: react-pdf draws no `render` text
				under an ancestor with a line height (diegomura/react-pdf#3566), and the footer's
				page numbers are one. */}
				<View style={styles.body}>
					<View>
						<Text style={styles.name} hyphenationCallback={breaks.name}>
							{name}
						</Text>
						{profile.designation ? (
							<Text style={styles.designation} hyphenationCallback={breaks.designation}>
								{profile.designation}
							</Text>
						) : null}
						<View style={styles.contact}>
							{location ? <Contact>{location}</Contact> : null}
							{email ? <Contact href={`mailto:${email}`}>{email}</Contact> : null}
							{profile.socialLinks.mobileNumber ? (
								<Contact>{profile.socialLinks.mobileNumber}</Contact>
							) : null}
							{website ? (
								<Contact href={website}>
									{website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
								</Contact>
							) : null}
							<Contact href={profileUrl}>{displayUrl}</Contact>
						</View>
					</View>

					{profile.bio.length ? (
						// About Me starts right under the header, far from the page's end, and its first
						// paragraph may be longer than a page: it stays free to go on to the next page.
						<Section title="About Me" keepWithFirst={false}>
							{profile.bio.map((paragraph, index) => (
								<Text key={index} style={styles.paragraph} hyphenationCallback={breaks.text}>
									{paragraph}
								</Text>
							))}
						</Section>
					) : null}

					{visible.showResume ? (
						<>
							<Section title="Work Experience">
								{resume.workExp.map((item) => (
									<ListEntry
										key={item.workId}
										title={item.role}
										dates={workPeriod(item.startDate, item.endDate)}
									>
										{item.company ? <EntrySub>{item.company}</EntrySub> : null}
										{item.experience.map((line, index) => (
											<Bullet key={index}>{line}</Bullet>
										))}
									</ListEntry>
								))}
							</Section>
							<Section title="Education">
								{resume.education.map((item) => (
									<ListEntry
										key={item.eduId}
										title={item.eduName}
										dates={years(item.eduStartYear, item.endDate)}
									>
										{item.eduInstitution ? <EntrySub>{item.eduInstitution}</EntrySub> : null}
									</ListEntry>
								))}
							</Section>
							<Section title="Skills">
								{pairs(resume.skills).map((pair) => (
									<SkillRow key={pair[0]!.skillId} skills={pair} />
								))}
							</Section>
							<Section title="Certificates">
								{resume.certificates.map((item) => (
									<ListEntry key={item.crtId} title={item.crtName} dates={item.endDate ?? ''}>
										{item.crtPlat || item.crtUrl ? (
											<EntrySub>
												{item.crtPlat}
												{item.crtPlat && item.crtUrl ? ' · ' : ''}
												{item.crtUrl ? (
													<Link style={styles.link} src={item.crtUrl}>
														View certificate
													</Link>
												) : null}
											</EntrySub>
										) : null}
									</ListEntry>
								))}
							</Section>
							<Section title="Achievements">
								{resume.achievements.map((item, index) => (
									<Bullet key={index}>{item}</Bullet>
								))}
							</Section>
						</>
					) : null}
				</View>

				<View style={styles.footer} fixed>
					<Text>{displayUrl}</Text>
					<Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
				</View>
			</Page>
		</Document>
	)
}

/** Draws the PDF (some tens of milliseconds of CPU). */
export async function renderResumePdf(data: ResumePdfData): Promise<Buffer> {
	registerFonts()
	return renderToBuffer(<ResumeDocument {...data} />)
}

// ---------------------------------------------------------------- the cache

export const pdfCacheStats = { hits: 0, renders: 0 }

/**
 * The owner's resume PDF at `version` and the name to file it under: from memory when drawn
 * already (the generated-files cache, keyed like every generated file: app/utils/cache-key.ts),
 * else drawn once however many requests ask at the same moment. A new version replaces the old.
 */
export async function cachedResumePdf(
	customerId: string,
	version: number,
	load: () => Promise<ResumePdfData | null>,
	host = '',
): Promise<{ pdf: Buffer; name: string } | null> {
	let drawn = false
	const made = await generatedCache().get(
		{ resource: 'resume.pdf', owner: customerId, version, host },
		async () => {
			const data = await load()
			if (!data) return null
			drawn = true
			pdfCacheStats.renders++
			return {
				body: await renderResumePdf(data),
				meta: { name: fullName(data.profile.name) || data.profile.path || '' },
			}
		},
	)
	if (made && !drawn) pdfCacheStats.hits++
	return made && { pdf: made.body, name: made.meta.name }
}

/** `Content-Disposition` naming the file after the owner ('José Müller - Resume.pdf'). */
export function pdfDisposition(name: string) {
	const clean = name
		.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	const base = `${clean || 'Resume'} - Resume.pdf`
	const ascii = base
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^\x20-\x7e]/g, '_')
	const encoded = encodeURIComponent(base).replace(
		/['()*]/g,
		(char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
	)
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

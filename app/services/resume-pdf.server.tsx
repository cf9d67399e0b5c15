/**
 * /{pname}/resume.pdf: the resume page as an A4 PDF, drawn in this process by @react-pdf/renderer
 * (no browser). Every character is drawn in a font embedded as a subset: Inter for Latin,
 * Cyrillic and Greek, IBM Plex Sans Arabic for Arabic, Noto for emoji, Hebrew, Devanagari, Thai,
 * Chinese, Japanese (in its own glyph forms) and Korean (docs/decisions/028-pdf-fonts.md). A rendered PDF is kept in memory under its page
 * version, so it is drawn once per edit, whatever the traffic. Its headings, dates and labels
 * are in the owner's language (`Profile.language`); in a right-to-left one (Arabic) the layout is
 * mirrored: headings and entries at the right margin, dates on the left.
 */
import { type I18n } from '@lingui/core'
import { Document, Link, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer'
import { Children, type ReactNode, useContext } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { directionOf, isLocale, DEFAULT_LOCALE, type Locale } from '~/utils/locales'
import { fullName } from '~/utils/seo'
import { placeName, ratingToHalves, resumeVisibility, workPeriod } from '~/utils/text'
import { translate, withValues } from '~/utils/i18n'
import {
	allText,
	breakLongWords,
	dirAuto,
	emoji,
	fontsFor,
	FontsContext,
	type ResumeFonts,
	RtlContext,
	textStyle,
	textWidth,
	useTextStyle,
} from './resume-pdf/text.server'

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
	contactItemRtl: { marginLeft: CONTACT_GAP },
	link: { color: MUTED, textDecoration: 'none' },
	section: { marginTop: 16 },
	heading: {
		fontSize: 9,
		fontWeight: 700,
		color: BRAND,
		// No letter spacing: pdftotext (and the applicant-tracking systems that read PDFs the same
		// way) took each spaced letter for a word ('WO R K E X P E R I E N C E').
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
	skillRtl: {
		width: '50%',
		flexDirection: 'row-reverse',
		justifyContent: 'space-between',
		alignItems: 'center',
		paddingLeft: SKILL_GAP,
		marginBottom: 3,
	},
	// As the entry title: the name takes what the dots leave, and keeps a gap from them.
	skillName: { flexGrow: 1, flexBasis: 0, paddingRight: SKILL_NAME_GAP },
	skillNameRtl: { flexGrow: 1, flexBasis: 0, paddingLeft: SKILL_NAME_GAP },
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

type ResumeDocumentProps = ResumePdfData & {
	/** The font stacks for this resume's text (fontsFor). */
	fonts: ResumeFonts
	/** The owner's language (resumeLocale). */
	i18n: I18n
}

/** The language of the owner's resume: their public pages' (English when unknown). */
export const resumeLocale = (profile: Pick<ProfileData, 'language'>): Locale =>
	isLocale(profile.language) ? profile.language : DEFAULT_LOCALE

/**
 * The headings of the resume (drawn in capitals), as the resume page names its blocks. Their own
 * context: a heading printed in capitals may want other words than the page's label.
 */
const HEADINGS = {
	aboutMe: msg({ message: 'About Me', context: 'resume PDF' }),
	workExp: msg({ message: 'Work Experience', context: 'resume PDF' }),
	education: msg({ message: 'Education', context: 'resume PDF' }),
	skills: msg({ message: 'Skills', context: 'resume PDF' }),
	certificates: msg({ message: 'Certificates', context: 'resume PDF' }),
	achievements: msg({ message: 'Achievements', context: 'resume PDF' }),
	resume: msg({ message: 'Resume', context: 'resume PDF' }),
}
const VIEW_CERTIFICATE = msg`View certificate`
/** The PDF's title (its document properties). */
const DOCUMENT_TITLE = msg`{name} – Resume`

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
	const style = useTextStyle()
	return (
		<View style={styles.section}>
			{/* An empty first box keeps the section's start on the page it begins on when the
			    heading moves on: react-pdf then splits the section instead of moving it whole, and
			    the next page begins with the heading, not with the section's top margin. */}
			<View />
			<View wrap={false}>
				<Text style={[styles.heading, style(title)]}>{title}</Text>
				{first}
			</View>
			{rest}
		</View>
	)
}

/** One way to reach the owner, in the line under the name; a link when it has an address. */
function Contact({ href, children }: { href?: string; children: string }) {
	const fonts = useContext(FontsContext)
	const rtl = useContext(RtlContext)
	// An address, a number or a link reads left to right in any resume: only a place written in
	// a right-to-left script is laid out right to left (textStyle without the resume's direction).
	return (
		<Text
			style={[rtl ? styles.contactItemRtl : styles.contactItem, textStyle(children, fonts)]}
			hyphenationCallback={breaks.contact}
		>
			{href ? (
				<Link style={styles.link} src={href}>
					{emoji(children)}
				</Link>
			) : (
				emoji(children)
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
	const style = useTextStyle()
	const rtl = useContext(RtlContext) || 'direction' in dirAuto(title)
	return (
		<View style={styles.entry} wrap={false}>
			{/* A right-to-left title (or any title of a right-to-left resume) starts at the right
			    margin, above its company and bullets, and the dates go to the other side, as the
			    bullet's mark does. */}
			<View style={[styles.entryHead, rtl ? { flexDirection: 'row-reverse' } : {}]}>
				<Text
					style={[
						styles.entryTitle,
						rtl ? { paddingRight: 0, paddingLeft: TITLE_GAP } : {},
						style(title),
					]}
					hyphenationCallback={breaks.title(String(dates))}
				>
					{emoji(title)}
				</Text>
				<Text style={[styles.entryDates, style(String(dates))]}>{dates}</Text>
			</View>
			{children}
		</View>
	)
}

/** The line under an entry's title (its company, institution or platform). */
function EntrySub({ children, text }: { children: ReactNode; text: string | null }) {
	const style = useTextStyle()
	return (
		<Text style={[styles.entrySub, style(text)]} hyphenationCallback={breaks.text}>
			{children}
		</Text>
	)
}

function Bullet({ children }: { children: string }) {
	const style = useTextStyle()
	const rtl = useContext(RtlContext) || 'direction' in dirAuto(children)
	return (
		// The mark on the side the line begins, as the web page's list item with dir="auto".
		<View style={[styles.bullet, rtl ? { flexDirection: 'row-reverse' } : {}]}>
			<Text style={[styles.bulletMark, rtl ? { textAlign: 'right' } : {}]}>•</Text>
			<Text style={[styles.bulletText, style(children)]} hyphenationCallback={breaks.bullet}>
				{emoji(children)}
			</Text>
		</View>
	)
}

/** Skills two to a line. */
function SkillRow({ skills }: { skills: Resume['skills'] }) {
	const style = useTextStyle()
	const rtl = useContext(RtlContext)
	return (
		// Right to left: the first skill at the right, each name at the right of its dots.
		<View style={[styles.skills, rtl ? { flexDirection: 'row-reverse' } : {}]}>
			{skills.map((item) => (
				<View key={item.skillId} style={rtl ? styles.skillRtl : styles.skill} wrap={false}>
					<Text
						style={[rtl ? styles.skillNameRtl : styles.skillName, style(item.skillName)]}
						hyphenationCallback={breaks.skill}
					>
						{emoji(item.skillName)}
					</Text>
					<Dots rating={item.rating} />
				</View>
			))}
		</View>
	)
}

/** A rating as five dots filled in half steps (from the right in a right-to-left resume). */
function Dots({ rating }: { rating: number }) {
	const halves = ratingToHalves(rating) ?? 0
	const rtl = useContext(RtlContext)
	return (
		<View style={[styles.dots, rtl ? { flexDirection: 'row-reverse' } : {}]}>
			{Array.from({ length: 5 }, (_, index) => {
				const fill = Math.max(0, Math.min(2, halves - index * 2))
				return (
					<View
						key={index}
						style={[
							styles.dot,
							rtl ? { marginLeft: 0, marginRight: DOT_GAP } : {},
							fill === 2 ? { backgroundColor: BRAND } : {},
						]}
					>
						{fill === 1 ? (
							<View
								style={
									rtl
										? {
												width: DOT / 2,
												height: DOT,
												marginLeft: DOT / 2,
												backgroundColor: BRAND,
												borderTopRightRadius: DOT / 2,
												borderBottomRightRadius: DOT / 2,
											}
										: {
												width: DOT / 2,
												height: DOT,
												backgroundColor: BRAND,
												borderTopLeftRadius: DOT / 2,
												borderBottomLeftRadius: DOT / 2,
											}
								}
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

export function ResumeDocument({
	profile,
	resume,
	email,
	profileUrl,
	fonts,
	i18n,
}: ResumeDocumentProps) {
	const locale = resumeLocale(profile)
	const rtl = directionOf(locale) === 'rtl'
	const style = (text: string | null | undefined) => textStyle(text, fonts, rtl)
	const name = fullName(profile.name) || profile.path || i18n._(HEADINGS.resume)
	const location = placeName(profile.city, profile.country)
	const website = profile.socialLinks.companySite
	const visible = resumeVisibility(resume)
	const displayUrl = profileUrl.replace(/^https?:\/\//, '')
	const heading = (key: keyof typeof HEADINGS) => i18n._(HEADINGS[key])
	return (
		<Document
			title={translate(i18n, withValues(DOCUMENT_TITLE, { name }))}
			author={name}
			subject={profile.designation || undefined}
			// The product's name, never translated.
			// eslint-disable-next-line lingui/no-unlocalized-strings
			creator="Tagg"
			// eslint-disable-next-line lingui/no-unlocalized-strings
			producer="Tagg"
			language={locale}
		>
			<Page size="A4" style={[styles.page, { fontFamily: fonts.families }]}>
				{/* The line height is the body's, not the page's: react-pdf draws no `render` text
				under an ancestor with a line height (diegomura/react-pdf#3566), and the footer's
				page numbers are one. */}
				<View style={styles.body}>
					<View>
						<Text style={[styles.name, style(name)]} hyphenationCallback={breaks.name}>
							{emoji(name)}
						</Text>
						{profile.designation ? (
							<Text
								style={[styles.designation, style(profile.designation)]}
								hyphenationCallback={breaks.designation}
							>
								{emoji(profile.designation)}
							</Text>
						) : null}
						<View style={[styles.contact, rtl ? { flexDirection: 'row-reverse' } : {}]}>
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
						<Section title={heading('aboutMe')} keepWithFirst={false}>
							{profile.bio.map((paragraph, index) => (
								<Text
									key={index}
									style={[styles.paragraph, style(paragraph)]}
									hyphenationCallback={breaks.text}
								>
									{emoji(paragraph)}
								</Text>
							))}
						</Section>
					) : null}

					{visible.showResume ? (
						<>
							<Section title={heading('workExp')}>
								{resume.workExp.map((item) => (
									<ListEntry
										key={item.workId}
										title={item.role}
										dates={workPeriod(item.startDate, item.endDate, i18n)}
									>
										{item.company ? (
											<EntrySub text={item.company}>{emoji(item.company)}</EntrySub>
										) : null}
										{item.experience.map((line, index) => (
											<Bullet key={index}>{line}</Bullet>
										))}
									</ListEntry>
								))}
							</Section>
							<Section title={heading('education')}>
								{resume.education.map((item) => (
									<ListEntry
										key={item.eduId}
										title={item.eduName}
										dates={years(item.eduStartYear, item.endDate)}
									>
										{item.eduInstitution ? (
											<EntrySub text={item.eduInstitution}>{emoji(item.eduInstitution)}</EntrySub>
										) : null}
									</ListEntry>
								))}
							</Section>
							<Section title={heading('skills')}>
								{pairs(resume.skills).map((pair) => (
									<SkillRow key={pair[0]!.skillId} skills={pair} />
								))}
							</Section>
							<Section title={heading('certificates')}>
								{resume.certificates.map((item) => (
									<ListEntry key={item.crtId} title={item.crtName} dates={item.endDate ?? ''}>
										{item.crtPlat || item.crtUrl ? (
											<EntrySub
												// Its platform and the label, in the resume's direction when it has the label.
												text={rtl && item.crtUrl ? i18n._(VIEW_CERTIFICATE) : item.crtPlat}
											>
												{item.crtPlat ? emoji(item.crtPlat) : null}
												{item.crtPlat && item.crtUrl ? ' · ' : ''}
												{item.crtUrl ? (
													<Link style={styles.link} src={item.crtUrl}>
														{i18n._(VIEW_CERTIFICATE)}
													</Link>
												) : null}
											</EntrySub>
										) : null}
									</ListEntry>
								))}
							</Section>
							<Section title={heading('achievements')}>
								{resume.achievements.map((item, index) => (
									<Bullet key={index}>{item}</Bullet>
								))}
							</Section>
						</>
					) : null}
				</View>

				<View style={[styles.footer, rtl ? { flexDirection: 'row-reverse' } : {}]} fixed>
					<Text>{displayUrl}</Text>
					<Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
				</View>
			</Page>
		</Document>
	)
}

/** Draws the PDF (some tens of milliseconds of CPU), in the owner's language. */
export async function renderResumePdf(data: ResumePdfData): Promise<Buffer> {
	const locale = resumeLocale(data.profile)
	const i18n = serverI18n(locale)
	// The headings are drawn in the resume's fonts too (Arabic ones in IBM Plex Sans Arabic).
	const labels = [...Object.values(HEADINGS), VIEW_CERTIFICATE].map((label) => i18n._(label))
	const fonts = await fontsFor(allText([data, labels]))
	return renderToBuffer(
		<FontsContext.Provider value={fonts}>
			<RtlContext.Provider value={directionOf(locale) === 'rtl'}>
				<ResumeDocument {...data} fonts={fonts} i18n={i18n} />
			</RtlContext.Provider>
		</FontsContext.Provider>,
	)
}

// ---------------------------------------------------------------- the cache

export const pdfCacheStats = { hits: 0, renders: 0 }

/**
 * The owner's resume PDF at `version` in `language` and the name to file it under: from memory
 * when drawn already (the generated-files cache, keyed like every generated file:
 * app/utils/cache-key.ts), else drawn once however many requests ask at the same moment. A new
 * version replaces the old.
 */
export async function cachedResumePdf(
	customerId: string,
	version: number,
	load: () => Promise<ResumePdfData | null>,
	host = '',
	language: Locale = DEFAULT_LOCALE,
): Promise<{ pdf: Buffer; name: string } | null> {
	let drawn = false
	const made = await generatedCache().get(
		{ resource: 'resume.pdf', owner: customerId, version, host, language },
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

const FILE_NAME = msg`{name} - Resume.pdf`

/**
 * `Content-Disposition` naming the file after the owner ('José Müller - Resume.pdf'; in the
 * owner's language with `i18n`: 'José Müller - Lebenslauf.pdf').
 */
export function pdfDisposition(name: string, i18n: I18n = serverI18n(DEFAULT_LOCALE)) {
	const clean = name
		.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	const base = translate(i18n, withValues(FILE_NAME, { name: clean || i18n._(HEADINGS.resume) }))
	const ascii = base
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^\x20-\x7e]/g, '_')
	const encoded = encodeURIComponent(base).replace(
		/['()*]/g,
		(char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
	)
	// eslint-disable-next-line lingui/no-unlocalized-strings -- a header, not text
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

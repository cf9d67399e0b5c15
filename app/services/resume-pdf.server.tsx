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
import { type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { assetDir } from '~/utils/assets.server'
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
	Font.registerHyphenationCallback((word) => [word])
	fontsReady = true
}

// ---------------------------------------------------------------- the document

const BRAND = '#b3175a'
const INK = '#1c1b22'
const MUTED = '#5d5a6b'
const LINE = '#e8e6ee'

const styles = StyleSheet.create({
	page: {
		fontFamily: 'Inter',
		fontSize: 9.5,
		lineHeight: 1.4,
		color: INK,
		paddingTop: 40,
		paddingBottom: 48,
		paddingHorizontal: 44,
	},
	name: { fontSize: 22, fontWeight: 700, lineHeight: 1.2 },
	designation: { fontSize: 11.5, color: BRAND, marginTop: 2 },
	contact: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 6, color: MUTED, fontSize: 8.5 },
	contactItem: { marginRight: 10 },
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
	entryTitle: { fontWeight: 700, flexShrink: 1, paddingRight: 8 },
	entryDates: { color: MUTED, fontSize: 8.5 },
	entrySub: { color: MUTED },
	bullet: { flexDirection: 'row', marginTop: 1.5 },
	bulletMark: { width: 10, color: BRAND },
	bulletText: { flex: 1 },
	skills: { flexDirection: 'row', flexWrap: 'wrap' },
	skill: {
		width: '50%',
		flexDirection: 'row',
		justifyContent: 'space-between',
		alignItems: 'center',
		paddingRight: 18,
		marginBottom: 3,
	},
	dots: { flexDirection: 'row' },
	dot: {
		width: 6,
		height: 6,
		borderRadius: 3,
		marginLeft: 2,
		backgroundColor: LINE,
		overflow: 'hidden',
	},
	footer: {
		position: 'absolute',
		bottom: 22,
		left: 44,
		right: 44,
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

function Section({ title, children }: { title: string; children: ReactNode }) {
	return (
		<View style={styles.section}>
			{/* The heading never ends a page alone: it keeps the first lines of what follows. */}
			<Text style={styles.heading} minPresenceAhead={40}>
				{title}
			</Text>
			{children}
		</View>
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
				<Text style={styles.entryTitle}>{title}</Text>
				<Text style={styles.entryDates}>{dates}</Text>
			</View>
			{children}
		</View>
	)
}

function Bullets({ items }: { items: string[] }) {
	return (
		<View>
			{items.map((item, index) => (
				<View key={index} style={styles.bullet}>
					<Text style={styles.bulletMark}>•</Text>
					<Text style={styles.bulletText}>{item}</Text>
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
									width: 3,
									height: 6,
									backgroundColor: BRAND,
									borderTopLeftRadius: 3,
									borderBottomLeftRadius: 3,
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
				<View>
					<Text style={styles.name}>{name}</Text>
					{profile.designation ? (
						<Text style={styles.designation}>{profile.designation}</Text>
					) : null}
					<View style={styles.contact}>
						{location ? <Text style={styles.contactItem}>{location}</Text> : null}
						{email ? (
							<Link style={[styles.contactItem, styles.link]} src={`mailto:${email}`}>
								{email}
							</Link>
						) : null}
						{profile.socialLinks.mobileNumber ? (
							<Text style={styles.contactItem}>{profile.socialLinks.mobileNumber}</Text>
						) : null}
						{website ? (
							<Link style={[styles.contactItem, styles.link]} src={website}>
								{website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
							</Link>
						) : null}
						<Link style={[styles.contactItem, styles.link]} src={profileUrl}>
							{displayUrl}
						</Link>
					</View>
				</View>

				{profile.bio.length ? (
					<Section title="About Me">
						{profile.bio.map((paragraph, index) => (
							<Text key={index} style={styles.paragraph}>
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
									{item.company ? <Text style={styles.entrySub}>{item.company}</Text> : null}
									<Bullets items={item.experience} />
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
									{item.eduInstitution ? (
										<Text style={styles.entrySub}>{item.eduInstitution}</Text>
									) : null}
								</ListEntry>
							))}
						</Section>
						<Section title="Skills">
							<View style={styles.skills}>
								{resume.skills.map((item) => (
									<View key={item.skillId} style={styles.skill} wrap={false}>
										<Text>{item.skillName}</Text>
										<Dots rating={item.rating} />
									</View>
								))}
							</View>
						</Section>
						<Section title="Certificates">
							{resume.certificates.map((item) => (
								<ListEntry key={item.crtId} title={item.crtName} dates={item.endDate ?? ''}>
									{item.crtPlat || item.crtUrl ? (
										<Text style={styles.entrySub}>
											{item.crtPlat}
											{item.crtPlat && item.crtUrl ? ' · ' : ''}
											{item.crtUrl ? (
												<Link style={styles.link} src={item.crtUrl}>
													View certificate
												</Link>
											) : null}
										</Text>
									) : null}
								</ListEntry>
							))}
						</Section>
						<Section title="Achievements">
							<Bullets items={resume.achievements} />
						</Section>
					</>
				) : null}

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

const MAX_ENTRIES = 200
const MAX_BYTES = 32 * 1024 * 1024

type Entry = { version: number; pdf: Buffer; name: string }
/** One PDF per owner (the latest version asked for), least recently used first. */
const entries = new Map<string, Entry>()
const pending = new Map<string, Promise<Entry>>()
let bytes = 0

export const pdfCacheStats = { hits: 0, renders: 0 }

function remember(customerId: string, entry: Entry) {
	const old = entries.get(customerId)
	if (old) {
		bytes -= old.pdf.length
		entries.delete(customerId)
	}
	entries.set(customerId, entry)
	bytes += entry.pdf.length
	while (entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
		const [oldest, evicted] = entries.entries().next().value ?? []
		if (!oldest || !evicted) break
		bytes -= evicted.pdf.length
		entries.delete(oldest)
	}
}

/**
 * The owner's resume PDF at `version` and the name to file it under (their page version): from memory when drawn already,
 * else drawn once however many requests ask at the same moment.
 */
export async function cachedResumePdf(
	customerId: string,
	version: number,
	load: () => Promise<ResumePdfData | null>,
): Promise<{ pdf: Buffer; name: string } | null> {
	const cached = entries.get(customerId)
	if (cached && cached.version === version) {
		pdfCacheStats.hits++
		// Most recently used last.
		entries.delete(customerId)
		entries.set(customerId, cached)
		return cached
	}
	const key = `${customerId}|${version}`
	let render = pending.get(key)
	if (!render) {
		render = (async () => {
			const data = await load()
			if (!data) throw new PdfNotFound()
			pdfCacheStats.renders++
			const entry = {
				version,
				pdf: await renderResumePdf(data),
				name: fullName(data.profile.name) || data.profile.path || '',
			}
			remember(customerId, entry)
			return entry
		})().finally(() => pending.delete(key))
		pending.set(key, render)
	}
	try {
		return await render
	} catch (error) {
		if (error instanceof PdfNotFound) return null
		throw error
	}
}

class PdfNotFound extends Error {}

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

import { type I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ViewLiveLink } from '~/components/view-live'
import { ImportIcon } from '~/components/icons'
import { ResumeNotice } from '~/components/resume-notice'
import { optionLabel } from '~/data/options'
import { getCustomerPath, getLanguages } from '~/models/customer.server'
import { getResume, type Resume } from '~/models/resume.server'
import { requireCustomerId } from '~/services/auth.server'
import {
	IMPORT_MESSAGES,
	IMPORT_SECTIONS,
	ImportError,
	MAX_IMPORT_BYTES,
	PROFILE_FIELD_LABELS,
	SECTION_LABELS,
	type ImportModeKey,
	type ImportPreview,
	type ImportSectionKey,
	type ImportSourceKey,
	type ProfilePreviewFields,
} from '~/utils/resume-import'
import {
	applyImport,
	previewImport,
	previewIn,
	readApplyChoice,
	readImportFile,
	readImportRequest,
} from '~/services/resume-import.server'
import { metaI18n, translate, type Translatable } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { RESUME_LIST_KEYS, type ResumeListKey } from '~/utils/resume-notice'
import { workPeriod } from '~/utils/text'
import { noindexMeta } from '~/utils/seo'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const [path, resume] = await Promise.all([getCustomerPath(customerId), getResume(customerId)])
	return { path: path ?? '', lists: listCounts(resume) }
}

/** How many entries each resume list has (achievements: the non-blank ones). */
function listCounts(resume: Resume): ListCounts {
	return {
		workExp: resume.workExp.length,
		education: resume.education.length,
		skills: resume.skills.length,
		certificates: resume.certificates.length,
		achievements: resume.achievements.filter((line) => line.trim()).length,
	}
}

type ListCounts = Record<ResumeListKey, number>

/** Lists of `count` entries, for the resume notice (which looks only at whether each has one). */
const asLists = (counts: ListCounts) =>
	Object.fromEntries(
		RESUME_LIST_KEYS.map((key) => [key, Array.from({ length: counts[key] }, () => key)]),
	)

/**
 * The preview as the page shows it: the notes and the skipped items' values and reasons (the
 * services' messages, in the server's catalog only) already in the owner's language.
 */
type ShownPreview = ImportPreview<string>

type Result =
	| { ok: false; intent: string; message: string; at: number }
	| { ok: true; intent: 'preview'; preview: ShownPreview; fileName: string; at: number }
	| {
			ok: true
			intent: 'apply'
			sections: ImportSectionKey[]
			mode: ImportModeKey
			fileName: string
			at: number
	  }

/** 'preview' (changes nothing) and 'apply': the same steps as the /one import API. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const i18n = requestI18n(request, (await getLanguages(customerId))?.language)
	let intent = ''
	const fail = (status: number, message: Translatable) =>
		data<Result>(
			{ ok: false, intent, message: translate(i18n, message), at: Date.now() },
			{ status },
		)
	try {
		const upload = await readImportRequest(request)
		intent = upload.intent
		if (intent !== 'preview' && intent !== 'apply') return fail(400, msg`Unknown intent`)
		if (!upload.file) return fail(400, IMPORT_MESSAGES.noFile)
		const draft = await readImportFile(upload.file)
		const fileName = upload.file.name
		if (intent === 'preview') {
			const preview = previewIn(i18n, await previewImport(customerId, draft))
			return data<Result>({ ok: true, intent, preview, fileName, at: Date.now() })
		}
		const choice = readApplyChoice(upload, draft)
		await applyImport(customerId, draft, choice)
		return data<Result>({ ok: true, intent, ...choice, fileName, at: Date.now() })
	} catch (error) {
		// A refusal with a value in it carries its message of the catalogs (importError).
		if (error instanceof ImportError) {
			const { translatable } = error as { translatable?: Translatable }
			return fail(error.status, translatable ?? error.message)
		}
		// The models' error answers (503 when the owner's other writes hold the lock too long,
		// see app/models/tx.server.ts): the form's failure, with the same status, never an error page.
		if (error instanceof Response && error.status >= 400) {
			const body = (await error.json().catch(() => null)) as { message?: unknown } | null
			const retryAfter = error.headers.get('Retry-After')
			return data<Result>(
				{
					ok: false,
					intent,
					message:
						typeof body?.message === 'string'
							? translate(i18n, body.message)
							: i18n._(msg`The import failed.`),
					at: Date.now(),
				},
				{ status: error.status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
			)
		}
		throw error
	}
}

export default function ImportResume() {
	const { t, i18n } = useLingui()
	const { path, lists } = useLoaderData<typeof loader>()
	const result = useActionData<typeof action>() as Result | undefined
	const navigation = useNavigation()
	const busy =
		navigation.state !== 'idle' && navigation.formAction?.startsWith('/builder/import')
			? String(navigation.formData?.get('intent') ?? '')
			: ''
	// A preview is of the file it was made from: choosing another file hides it.
	const [shownAt, setShownAt] = useState(result?.at ?? 0)
	useEffect(() => setShownAt(result?.at ?? 0), [result?.at])
	const imported = t`Resume imported.`
	useEffect(() => {
		if (result?.ok && result.intent === 'apply') toast.success(imported)
	}, [result, imported])
	const current = result && shownAt === result.at ? result : undefined
	const inputId = useId()
	const megabytes = i18n.number(MAX_IMPORT_BYTES / 1024 / 1024)

	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<header>
				<h1 className="text-2xl font-bold tracking-tight">
					<Trans>Import your resume</Trans>
				</h1>
				<p className="text-muted mt-1.5 text-pretty">
					<Trans>
						Bring in a JSON Resume file or the data export LinkedIn gives you. You will see what
						changes, section by section, before anything is saved.
					</Trans>
				</p>
			</header>
			<Form method="POST" encType="multipart/form-data" className="flex flex-col gap-5">
				<section aria-labelledby="choose-file" className="card flex flex-col gap-4 p-5 sm:p-7">
					<h2 id="choose-file" className="text-lg font-bold tracking-tight">
						<Trans>1. Choose a file</Trans>
					</h2>
					<div>
						<label htmlFor={inputId} className="field-label">
							<Trans>Resume file</Trans>
						</label>
						<input
							id={inputId}
							name="file"
							type="file"
							required
							accept=".json,.zip,application/json,application/zip"
							onChange={() => setShownAt(-1)}
							aria-describedby={`${inputId}-hint`}
							className="field-input file:bg-brand-50 file:text-brand-700 file:me-3 file:rounded-lg file:border-0 file:px-3 file:py-1.5 file:font-semibold"
						/>
						<div id={`${inputId}-hint`} className="text-muted mt-2 flex flex-col gap-1 text-sm">
							<p>
								<Trans>
									<strong className="text-ink font-semibold">JSON Resume</strong> (.json): the open
									format many resume tools export.
								</Trans>
							</p>
							<p>
								<Trans>
									<strong className="text-ink font-semibold">LinkedIn</strong> (.zip): in LinkedIn,
									open Settings, Data privacy, <em>Get a copy of your data</em>, and upload the ZIP
									it sends you as it is.
								</Trans>
							</p>
							<p>
								<Trans>At most {megabytes} MB.</Trans>
							</p>
						</div>
					</div>
					<div className="flex flex-wrap items-center gap-3">
						<button
							type="submit"
							name="intent"
							value="preview"
							className="btn-secondary"
							disabled={Boolean(busy)}
						>
							<ImportIcon className="size-4" />
							{busy === 'preview' ? t`Reading the file...` : t`Preview`}
						</button>
					</div>
					{current && !current.ok ? (
						<FocusedAlert shownFor={current}>{current.message}</FocusedAlert>
					) : null}
				</section>

				{current?.ok && current.intent === 'preview' ? (
					<PreviewCard
						preview={current.preview}
						fileName={current.fileName}
						busy={busy}
						lists={lists}
					/>
				) : null}

				{current?.ok && current.intent === 'apply' ? (
					<section
						role="status"
						aria-labelledby="imported"
						className="card border-emerald-200 bg-emerald-50/60 p-5 sm:p-7"
					>
						<h2 id="imported" className="text-lg font-bold tracking-tight">
							<Trans>Resume imported</Trans>
						</h2>
						<p className="mt-1.5 text-sm">
							<Imported
								mode={current.mode}
								sections={current.sections}
								fileName={current.fileName}
							/>
						</p>
						<ResumeNotice resume={asLists(lists)} className="mt-3" />
						<div className="mt-4 flex flex-wrap gap-3">
							<Link to="/builder" className="btn-primary">
								<Trans>See your profile</Trans>
							</Link>
							{path ? <ViewLiveLink path={path} className="btn-secondary" /> : null}
						</div>
					</section>
				) : null}
			</Form>
		</main>
	)
}

/** What the import did: 'Replaced: Profile, Skills, from resume.json.' */
function Imported({
	mode,
	sections,
	fileName,
}: {
	mode: ImportModeKey
	sections: ImportSectionKey[]
	fileName: string
}) {
	const { i18n } = useLingui()
	const names = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(
		sections.map((section) => translate(i18n, SECTION_LABELS[section])),
	)
	const file = <bdi>{fileName}</bdi>
	return mode === 'replace' ? (
		<Trans>
			Replaced: {names}, from {file}.
		</Trans>
	) : (
		<Trans>
			Added to: {names}, from {file}.
		</Trans>
	)
}

/**
 * A refusal the keyboard is taken to (a screen reader reads it as an alert): focused when it
 * appears and each time `shownFor` changes (another refused file, Import pressed again).
 */
function FocusedAlert({ shownFor, children }: { shownFor: unknown; children: ReactNode }) {
	const ref = useRef<HTMLParagraphElement>(null)
	useEffect(() => ref.current?.focus(), [shownFor])
	return (
		<p
			ref={ref}
			tabIndex={-1}
			role="alert"
			className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800"
		>
			{children}
		</p>
	)
}

/** Where the file came from, and its name: one sentence per kind of file. */
function FromFile({ source, fileName }: { source: ImportSourceKey; fileName: string }) {
	const name = (
		<strong className="text-ink">
			<bdi>{fileName}</bdi>
		</strong>
	)
	switch (source) {
		case 'json-resume':
			return <Trans>From the JSON Resume file {name}. Nothing is saved until you import.</Trans>
		case 'linkedin':
			return <Trans>From the LinkedIn data export {name}. Nothing is saved until you import.</Trans>
	}
}

function PreviewCard({
	preview,
	fileName,
	busy,
	lists,
}: {
	preview: ShownPreview
	fileName: string
	busy: string
	lists: ListCounts
}) {
	const { t, i18n } = useLingui()
	const present = IMPORT_SECTIONS.filter((section) => preview.sections[section])
	// What the resume will hold once the ticked sections are imported in the chosen way.
	const [ticked, setTicked] = useState<string[]>(present)
	const [mode, setMode] = useState<ImportModeKey>('replace')
	const after = Object.fromEntries(
		RESUME_LIST_KEYS.map((key) => {
			const section = preview.sections[key]
			if (!section || !ticked.includes(key)) return [key, lists[key]]
			return [key, mode === 'replace' ? section.items.length : lists[key] + section.appendAdds]
		}),
	) as ListCounts
	// Nothing ticked: said here, by the button, and the preview stays (the server would refuse
	// the import and the page would lose the preview with it).
	// How many times Import was pressed with nothing ticked (0: not since the last tick).
	const [noneTicked, setNoneTicked] = useState(0)
	const skipped = preview.skipped.length
	return (
		<section aria-labelledby="choose-sections" className="card flex flex-col gap-5 p-5 sm:p-7">
			<div>
				<h2 id="choose-sections" className="text-lg font-bold tracking-tight">
					<Trans>2. Choose what to import</Trans>
				</h2>
				<p className="text-muted mt-1 text-sm">
					<FromFile source={preview.source} fileName={fileName} />
				</p>
			</div>
			<fieldset
				className="flex min-w-0 flex-col gap-3"
				onChange={(event) => {
					setNoneTicked(0)
					setTicked(
						[
							...event.currentTarget.querySelectorAll<HTMLInputElement>(
								'input[name="sections"]:checked',
							),
						].map((input) => input.value),
					)
				}}
			>
				<legend className="sr-only">
					<Trans>Sections</Trans>
				</legend>
				{present.map((section) => (
					<SectionPreview key={section} section={section} preview={preview} />
				))}
			</fieldset>
			<fieldset
				className="flex flex-col gap-2"
				onChange={(event) => {
					const input = event.target as HTMLInputElement
					if (input.name === 'mode') setMode(input.value as ImportModeKey)
				}}
			>
				<legend className="field-label">
					<Trans>How to import them</Trans>
				</legend>
				<ModeOption value="replace" title={t`Replace`} defaultChecked>
					<Trans>
						Each ticked section becomes what the file holds; profile fields in the file overwrite
						yours.
					</Trans>
				</ModeOption>
				<ModeOption value="append" title={t`Add to what I have`}>
					<Trans>
						Entries are added after yours (ones you already have are skipped, 50 at most per
						section); profile fields are only filled where yours are empty.
					</Trans>
				</ModeOption>
			</fieldset>
			{skipped ? (
				<details className="bg-canvas rounded-xl px-4 py-3 text-sm">
					<summary className="cursor-pointer font-semibold">
						<Trans>Not imported ({skipped})</Trans>
					</summary>
					<ul className="text-muted mt-2 flex list-disc flex-col gap-1 ps-5 break-words">
						{preview.skipped.map((item, index) => (
							<li key={index}>
								<SkippedLine value={item.value} reason={item.reason} />
							</li>
						))}
					</ul>
				</details>
			) : null}
			<ResumeNotice resume={asLists(after)} lead={t`After this import:`} />
			<div className="flex flex-col items-start gap-3">
				{noneTicked ? (
					<FocusedAlert shownFor={noneTicked}>
						{translate(i18n, IMPORT_MESSAGES.noSections)}
					</FocusedAlert>
				) : null}
				<button
					type="submit"
					name="intent"
					value="apply"
					className="btn-primary"
					disabled={Boolean(busy)}
					onClick={(event) => {
						const ticked = event.currentTarget.form?.querySelector('input[name="sections"]:checked')
						if (ticked) return
						event.preventDefault()
						setNoneTicked((count) => count + 1)
					}}
				>
					{busy === 'apply' ? t`Importing...` : t`Import the ticked sections`}
				</button>
			</div>
		</section>
	)
}

/** A skipped value (the file's words, in their own direction) and why it was skipped. */
function SkippedLine({ value, reason }: { value: string; reason: string }) {
	return (
		<Trans>
			<bdi className="text-ink">{value}</bdi>: {reason}
		</Trans>
	)
}

function ModeOption({
	value,
	title,
	defaultChecked,
	children,
}: {
	value: ImportModeKey
	title: string
	defaultChecked?: boolean
	children: ReactNode
}) {
	const id = useId()
	return (
		<div className="border-line has-checked:border-brand has-checked:bg-brand-50/40 flex items-start gap-3 rounded-xl border p-3.5">
			<input
				id={id}
				type="radio"
				name="mode"
				value={value}
				defaultChecked={defaultChecked}
				className="accent-brand mt-0.5 size-5 shrink-0"
			/>
			<label htmlFor={id} className="cursor-pointer text-sm">
				<span className="block font-semibold">{title}</span>
				<span className="text-muted">{children}</span>
			</label>
		</div>
	)
}

const SHOWN = 6

function SectionPreview({
	section,
	preview,
}: {
	section: ImportSectionKey
	preview: ShownPreview
}) {
	const { t, i18n } = useLingui()
	const id = useId()
	const label = translate(i18n, SECTION_LABELS[section])
	let summary = ''
	let body: ReactNode = null
	let change: string[] = []
	let notes: string[] = []
	if (section === 'profile') {
		const profile = preview.sections.profile!
		const fields = Object.keys(profile.fields) as Array<keyof ProfilePreviewFields>
		const count = fields.length
		summary = t`${plural(count, { one: '# field', other: '# fields' })}`
		notes = profile.notes
		body = (
			<dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
				{fields.map((field) => (
					<div key={field} className="contents">
						<dt className="text-muted font-medium">
							{translate(i18n, PROFILE_FIELD_LABELS[field])}
						</dt>
						<dd className="min-w-0 break-words">
							<FieldValue value={profile.fields[field]} />
							{profile.current[field] ? (
								<span className="text-muted block text-xs">
									<Trans>
										Now: <FieldValue value={profile.current[field]} />
									</Trans>
								</span>
							) : null}
						</dd>
					</div>
				))}
			</dl>
		)
	} else {
		const list = preview.sections[section]!
		const lines = listLines(section, preview, i18n)
		const count = list.items.length
		const current = list.current
		const adds = list.appendAdds
		// Links are counted as links; the resume's lists as entries.
		summary =
			section === 'links'
				? t`${plural(count, { one: '# link', other: '# links' })}`
				: t`${plural(count, { one: '# entry', other: '# entries' })}`
		notes = list.notes
		change = [
			!current
				? section === 'links'
					? t({ message: 'You have none yet.', context: 'links' })
					: t`You have none yet.`
				: section === 'links'
					? t`${plural(current, {
							one: 'Replace removes your # link.',
							other: 'Replace removes your # links.',
						})}`
					: t`${plural(current, {
							one: 'Replace removes your # entry.',
							other: 'Replace removes your # entries.',
						})}`,
			t`Add to what I have adds ${adds}.`,
		]
		const more = lines.length - SHOWN
		body = (
			<ul className="flex flex-col gap-1 text-sm">
				{lines.slice(0, SHOWN).map((line, index) => (
					<li key={index} className="break-words">
						{line.list ? (
							<ListOf items={line.parts} />
						) : (
							line.parts.map((part, at) => (
								<Fragment key={at}>
									{at ? ' · ' : null}
									<bdi>{part}</bdi>
								</Fragment>
							))
						)}
					</li>
				))}
				{more > 0 ? (
					<li className="text-muted">
						{t`${plural(more, { one: 'and # more', other: 'and # more' })}`}
					</li>
				) : null}
			</ul>
		)
	}
	return (
		<div className="border-line has-checked:border-brand-300 rounded-xl border p-4">
			<label className="flex cursor-pointer items-center gap-3">
				<input
					type="checkbox"
					name="sections"
					value={section}
					defaultChecked
					aria-describedby={id}
					className="accent-brand size-5 shrink-0"
				/>
				<span className="font-semibold">{label}</span>
				<span className="text-muted text-sm">{summary}</span>
			</label>
			<div id={id} className="mt-3 flex flex-col gap-2 ps-8">
				{body}
				{change.length ? <p className="text-muted text-xs">{change.join(' ')}</p> : null}
				{notes.length ? (
					<ul className="flex flex-col gap-0.5 text-xs break-words text-amber-800">
						{notes.map((note, index) => (
							<li key={index}>{note}</li>
						))}
					</ul>
				) : null}
			</div>
		</div>
	)
}

/** A value of the file as the owner typed it, in its own direction (a URL stays left to right). */
function FieldValue({ value }: { value: string | string[] | undefined }) {
	if (Array.isArray(value)) {
		const text = value.join(' ')
		return <bdi>{text.length > 140 ? `${text.slice(0, 140)}…` : text}</bdi>
	}
	return <bdi>{value}</bdi>
}

/**
 * One line of a list section's preview: an entry's parts ('Role · Company · Period'), or a
 * list of entries in the language's way ('Figma (5/5), Prototyping (4/5)'), each part in its
 * own direction.
 */
type Line = { parts: string[]; list?: boolean }

/** Items listed as the page's language lists them ('a, b, c'; 'a، وb، وc'). */
function ListOf({ items }: { items: string[] }) {
	const { i18n } = useLingui()
	const parts = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).formatToParts(
		items,
	)
	return (
		<>
			{parts.map((part, index) =>
				part.type === 'element' ? <bdi key={index}>{part.value}</bdi> : part.value,
			)}
		</>
	)
}

/** One line per entry of a list section, as the preview shows it. */
function listLines(
	section: Exclude<ImportSectionKey, 'profile'>,
	preview: ShownPreview,
	i18n: I18n,
): Line[] {
	const join = (...parts: Array<string | number | null | undefined>): Line => ({
		parts: parts
			.filter((part) => part !== null && part !== undefined && part !== '')
			.map((part) => String(part)),
	})
	switch (section) {
		case 'workExp':
			return preview.sections.workExp!.items.map((item) =>
				join(item.role, item.company, workPeriod(item.startDate, item.endDate, i18n)),
			)
		case 'education':
			return preview.sections.education!.items.map((item) =>
				join(
					item.eduName,
					item.eduInstitution,
					[item.eduStartYear, item.endDate].filter(Boolean).join(' – '),
				),
			)
		case 'skills':
			return [
				{
					// A skill of Tagg's list in the page's language, the owner's own as typed.
					parts: preview.sections.skills!.items.map(
						(item) =>
							`${optionLabel(i18n, 'skill', item.skillName)} (${i18n.number(item.rating)}/5)`,
					),
					list: true,
				},
			]
		case 'certificates':
			return preview.sections.certificates!.items.map((item) =>
				join(item.crtName, item.crtPlat, item.endDate),
			)
		case 'achievements':
			return preview.sections.achievements!.items.map((item) => join(item))
		case 'links':
			return preview.sections.links!.items.map((item) => join(item.title, item.url))
	}
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Import Resume | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

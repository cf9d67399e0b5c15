import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ViewLiveLink } from '~/components/view-live'
import { ImportIcon } from '~/components/icons'
import { ResumeNotice } from '~/components/resume-notice'
import { getCustomerPath } from '~/models/customer.server'
import { getResume, type Resume } from '~/models/resume.server'
import { requireCustomerId } from '~/services/auth.server'
import {
	IMPORT_MESSAGES,
	IMPORT_SECTIONS,
	ImportError,
	MAX_IMPORT_BYTES,
	PROFILE_FIELD_LABELS,
	SECTION_LABELS,
	SOURCE_LABELS,
	type ImportModeKey,
	type ImportPreview,
	type ImportSectionKey,
	type ProfilePreviewFields,
} from '~/utils/resume-import'
import {
	applyImport,
	previewImport,
	readApplyChoice,
	readImportFile,
	readImportRequest,
} from '~/services/resume-import.server'
import { RESUME_LIST_KEYS, type ResumeListKey } from '~/utils/resume-notice'
import { formatMonth, isOngoing } from '~/utils/text'
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

type Result =
	| { ok: false; intent: string; message: string; at: number }
	| { ok: true; intent: 'preview'; preview: ImportPreview; fileName: string; at: number }
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
	let intent = ''
	const fail = (status: number, message: string) =>
		data<Result>({ ok: false, intent, message, at: Date.now() }, { status })
	try {
		const upload = await readImportRequest(request)
		intent = upload.intent
		if (intent !== 'preview' && intent !== 'apply') return fail(400, 'Unknown intent')
		if (!upload.file) return fail(400, IMPORT_MESSAGES.noFile)
		const draft = await readImportFile(upload.file)
		const fileName = upload.file.name
		if (intent === 'preview') {
			const preview = await previewImport(customerId, draft)
			return data<Result>({ ok: true, intent, preview, fileName, at: Date.now() })
		}
		const choice = readApplyChoice(upload, draft)
		await applyImport(customerId, draft, choice)
		return data<Result>({ ok: true, intent, ...choice, fileName, at: Date.now() })
	} catch (error) {
		if (error instanceof ImportError) return fail(error.status, error.message)
		// The models' error answers (503 when the owner's other writes hold the lock too long,
		// see app/models/tx.server.ts): the form's failure, with the same status, never an error page.
		if (error instanceof Response && error.status >= 400) {
			const body = (await error.json().catch(() => null)) as { message?: unknown } | null
			const retryAfter = error.headers.get('Retry-After')
			return data<Result>(
				{
					ok: false,
					intent,
					message: typeof body?.message === 'string' ? body.message : 'The import failed.',
					at: Date.now(),
				},
				{ status: error.status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
			)
		}
		throw error
	}
}

export default function ImportResume() {
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
	useEffect(() => {
		if (result?.ok && result.intent === 'apply') toast.success('Resume imported.')
	}, [result])
	const current = result && shownAt === result.at ? result : undefined
	const inputId = useId()

	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<header>
				<h1 className="text-2xl font-bold tracking-tight">Import your resume</h1>
				<p className="text-muted mt-1.5 text-pretty">
					Bring in a JSON Resume file or the data export LinkedIn gives you. You will see what
					changes, section by section, before anything is saved.
				</p>
			</header>
			<Form method="POST" encType="multipart/form-data" className="flex flex-col gap-5">
				<section aria-labelledby="choose-file" className="card flex flex-col gap-4 p-5 sm:p-7">
					<h2 id="choose-file" className="text-lg font-bold tracking-tight">
						1. Choose a file
					</h2>
					<div>
						<label htmlFor={inputId} className="field-label">
							Resume file
						</label>
						<input
							id={inputId}
							name="file"
							type="file"
							required
							accept=".json,.zip,application/json,application/zip"
							onChange={() => setShownAt(-1)}
							aria-describedby={`${inputId}-hint`}
							className="field-input file:bg-brand-50 file:text-brand-700 file:mr-3 file:rounded-lg file:border-0 file:px-3 file:py-1.5 file:font-semibold"
						/>
						<div id={`${inputId}-hint`} className="text-muted mt-2 flex flex-col gap-1 text-sm">
							<p>
								<strong className="text-ink font-semibold">JSON Resume</strong> (.json): the open
								format many resume tools export.
							</p>
							<p>
								<strong className="text-ink font-semibold">LinkedIn</strong> (.zip): in LinkedIn,
								open Settings, Data privacy, <em>Get a copy of your data</em>, and upload the ZIP it
								sends you as it is.
							</p>
							<p>At most {MAX_IMPORT_BYTES / 1024 / 1024} MB.</p>
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
							{busy === 'preview' ? 'Reading the file...' : 'Preview'}
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
							Resume imported
						</h2>
						<p className="mt-1.5 text-sm">
							{current.mode === 'replace' ? 'Replaced' : 'Added to'}:{' '}
							{current.sections.map((section) => SECTION_LABELS[section]).join(', ')}, from{' '}
							{current.fileName}.
						</p>
						<ResumeNotice resume={asLists(lists)} className="mt-3" />
						<div className="mt-4 flex flex-wrap gap-3">
							<Link to="/builder" className="btn-primary">
								See your profile
							</Link>
							{path ? <ViewLiveLink path={path} className="btn-secondary" /> : null}
						</div>
					</section>
				) : null}
			</Form>
		</main>
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

function PreviewCard({
	preview,
	fileName,
	busy,
	lists,
}: {
	preview: ImportPreview
	fileName: string
	busy: string
	lists: ListCounts
}) {
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
	return (
		<section aria-labelledby="choose-sections" className="card flex flex-col gap-5 p-5 sm:p-7">
			<div>
				<h2 id="choose-sections" className="text-lg font-bold tracking-tight">
					2. Choose what to import
				</h2>
				<p className="text-muted mt-1 text-sm">
					From the {SOURCE_LABELS[preview.source]} <strong className="text-ink">{fileName}</strong>.
					Nothing is saved until you import.
				</p>
			</div>
			<fieldset
				className="flex flex-col gap-3"
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
				<legend className="sr-only">Sections</legend>
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
				<legend className="field-label">How to import them</legend>
				<ModeOption value="replace" title="Replace" defaultChecked>
					Each ticked section becomes what the file holds; profile fields in the file overwrite
					yours.
				</ModeOption>
				<ModeOption value="append" title="Add to what I have">
					Entries are added after yours (ones you already have are skipped, 50 at most per section);
					profile fields are only filled where yours are empty.
				</ModeOption>
			</fieldset>
			{preview.skipped.length ? (
				<details className="bg-canvas rounded-xl px-4 py-3 text-sm">
					<summary className="cursor-pointer font-semibold">
						Not imported ({preview.skipped.length})
					</summary>
					<ul className="text-muted mt-2 flex list-disc flex-col gap-1 pl-5">
						{preview.skipped.map((item, index) => (
							<li key={index}>
								<span className="text-ink">{item.value}</span>: {item.reason}
							</li>
						))}
					</ul>
				</details>
			) : null}
			<ResumeNotice resume={asLists(after)} lead="After this import:" />
			<div className="flex flex-col items-start gap-3">
				{noneTicked ? (
					<FocusedAlert shownFor={noneTicked}>{IMPORT_MESSAGES.noSections}</FocusedAlert>
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
					{busy === 'apply' ? 'Importing...' : 'Import the ticked sections'}
				</button>
			</div>
		</section>
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
	preview: ImportPreview
}) {
	const id = useId()
	const label = SECTION_LABELS[section]
	let summary = ''
	let body: ReactNode = null
	let change = ''
	let notes: string[] = []
	if (section === 'profile') {
		const profile = preview.sections.profile!
		const fields = Object.keys(profile.fields) as Array<keyof ProfilePreviewFields>
		summary = `${fields.length} ${fields.length === 1 ? 'field' : 'fields'}`
		notes = profile.notes
		body = (
			<dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
				{fields.map((field) => (
					<div key={field} className="contents">
						<dt className="text-muted font-medium">{PROFILE_FIELD_LABELS[field]}</dt>
						<dd className="min-w-0 break-words">
							<FieldValue value={profile.fields[field]} />
							{profile.current[field] ? (
								<span className="text-muted block text-xs">
									Now: <FieldValue value={profile.current[field]} />
								</span>
							) : null}
						</dd>
					</div>
				))}
			</dl>
		)
	} else {
		const list = preview.sections[section]!
		const lines = listLines(section, preview)
		summary = `${list.items.length} ${list.items.length === 1 ? 'entry' : 'entries'}`
		notes = list.notes
		change = [
			list.current
				? `Replace removes your ${list.current} ${list.current === 1 ? 'entry' : 'entries'}.`
				: 'You have none yet.',
			`Add to what I have adds ${list.appendAdds}.`,
		].join(' ')
		body = (
			<ul className="flex flex-col gap-1 text-sm">
				{lines.slice(0, SHOWN).map((line, index) => (
					<li key={index} className="break-words">
						{line}
					</li>
				))}
				{lines.length > SHOWN ? (
					<li className="text-muted">and {lines.length - SHOWN} more</li>
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
			<div id={id} className="mt-3 flex flex-col gap-2 pl-8">
				{body}
				{change ? <p className="text-muted text-xs">{change}</p> : null}
				{notes.length ? (
					<ul className="flex flex-col gap-0.5 text-xs text-amber-800">
						{notes.map((note, index) => (
							<li key={index}>{note}</li>
						))}
					</ul>
				) : null}
			</div>
		</div>
	)
}

function FieldValue({ value }: { value: string | string[] | undefined }) {
	if (Array.isArray(value)) {
		const text = value.join(' ')
		return <>{text.length > 140 ? `${text.slice(0, 140)}…` : text}</>
	}
	return <>{value}</>
}

/** One line per entry of a list section, as the preview shows it. */
function listLines(section: Exclude<ImportSectionKey, 'profile'>, preview: ImportPreview) {
	const join = (...parts: Array<string | number | null | undefined>) =>
		parts.filter((part) => part !== null && part !== undefined && part !== '').join(' · ')
	switch (section) {
		case 'workExp':
			return preview.sections.workExp!.items.map((item) =>
				join(
					item.role,
					item.company,
					[
						formatMonth(item.startDate),
						isOngoing(item.endDate) ? 'Present' : formatMonth(item.endDate),
					]
						.filter(Boolean)
						.join(' – '),
				),
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
				preview.sections
					.skills!.items.map((item) => `${item.skillName} (${item.rating}/5)`)
					.join(', '),
			]
		case 'certificates':
			return preview.sections.certificates!.items.map((item) =>
				join(item.crtName, item.crtPlat, item.endDate),
			)
		case 'achievements':
			return preview.sections.achievements!.items
	}
}

export const meta: MetaFunction = () => noindexMeta('Import Resume | Tagg')

export const ErrorBoundary = GeneralErrorBoundary

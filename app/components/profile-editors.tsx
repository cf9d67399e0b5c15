/**
 * The builder's edit modals for the profile and the resume. Each keeps its own draft, submits
 * it as JSON with an intent, and shows the server's field errors next to the fields.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import {
	Fragment,
	useCallback,
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
	type ReactNode,
} from 'react'
import { optionLabel, SKILLS } from '~/data/options'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { PROFILE_LIMITS, RESUME_LIMITS } from '~/utils/field-limits'
import { emptyingHidesResume, type ResumeListKey } from '~/utils/resume-notice'
import { SOCIAL_FIELDS, type SocialField } from '~/utils/social'
import { joinParagraphs, isOngoing, ONGOING, ratingLabel, ratingToHalves } from '~/utils/text'
import {
	errorUnder,
	FieldError,
	TextArea,
	TextInput,
	TextInputs,
	type TextField,
	type TextFields,
} from './editor-fields'
import { EditorForm, useEditor, useSectionReload, type Reload } from './editor-form'
import { ConfirmHideResume } from './confirm-hide-resume'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from './icons'
import { Modal, useDraft } from './modal'
import { type EditSection } from './profile-view'
import { ResumeNotice } from './resume-notice'
import { SOCIAL_META } from './social-icons'

/** What every editor gets: the section's version when it opened, and how to reload it. */
type Base = { close: () => void; version?: string; reload: Reload }

// ------------------------------------------------------------------ profile blocks

const NAME_FIELDS: TextFields<
	Record<'firstName' | 'lastName' | 'designation' | 'city' | 'country', string>
> = [
	[
		{
			key: 'firstName',
			label: msg`First name`,
			limit: PROFILE_LIMITS.firstName,
			autoComplete: 'given-name',
		},
		{
			key: 'lastName',
			label: msg`Last name`,
			limit: PROFILE_LIMITS.lastName,
			autoComplete: 'family-name',
		},
	],
	{
		key: 'designation',
		label: msg`Designation`,
		placeholder: msg`Product Designer`,
		limit: PROFILE_LIMITS.designation,
		autoComplete: 'organization-title',
	},
	[
		{ key: 'city', label: msg`City`, limit: PROFILE_LIMITS.city, autoComplete: 'address-level2' },
		{
			key: 'country',
			label: msg`Country`,
			limit: PROFILE_LIMITS.country,
			autoComplete: 'country-name',
		},
	],
]

function NameEditor({ profile, close, version, reload }: Base & { profile: ProfileData }) {
	const [draft, setDraft] = useDraft(() => ({
		firstName: profile.name.firstName,
		lastName: profile.name.lastName,
		designation: profile.designation,
		city: profile.city,
		country: profile.country,
	}))
	const { t } = useLinguiMacro()
	const editor = useEditor('name', close, t`Profile updated`, version)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit(draft)}>
			<TextInputs
				fields={NAME_FIELDS}
				values={draft}
				onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
				errors={editor.errors}
			/>
		</EditorForm>
	)
}

function TaglineEditor({ profile, close, version, reload }: Base & { profile: ProfileData }) {
	const [tagline, setTagline] = useDraft(() => profile.tagline)
	const { t } = useLinguiMacro()
	const editor = useEditor('tagline', close, t`Tagline updated`, version)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit({ tagline })}>
			<TextInput
				label={t`Tagline`}
				value={tagline}
				onChange={setTagline}
				error={editor.errors.tagline}
				placeholder={t`I design calm software for busy people.`}
				limit={{ chars: PROFILE_LIMITS.tagline }}
			/>
		</EditorForm>
	)
}

/** How each link is typed; the owner's own number, email and site may be filled in. */
const SOCIAL_INPUT: Record<
	SocialField,
	{ type: string; placeholder: string; autoComplete?: string; hint?: MessageDescriptor }
> = {
	// Where a handle names one profile, the field takes it (stored as the profile's URL).
	linkedInUrl: {
		type: 'text',
		placeholder: 'in/you',
		hint: msg`Your in/name, or a link to your profile`,
	},
	xUrl: { type: 'text', placeholder: '@you', hint: msg`Your handle (@name), or a link` },
	igUrl: { type: 'text', placeholder: '@you', hint: msg`Your handle (@name), or a link` },
	fbUrl: { type: 'url', placeholder: 'facebook.com/you' },
	ytUrl: { type: 'text', placeholder: '@you', hint: msg`Your handle (@name), or a link` },
	whatAppBusUrl: { type: 'url', placeholder: 'wa.me/15551234567' },
	mobileNumber: { type: 'tel', placeholder: '+15551234567', autoComplete: 'tel' },
	companySite: { type: 'url', placeholder: 'your-site.com', autoComplete: 'url' },
	email: { type: 'email', placeholder: 'you@example.com', autoComplete: 'email' },
}

function SocialEditor({
	profile,
	loginEmail,
	close,
	version,
	reload,
}: Base & { profile: ProfileData; loginEmail: string }) {
	const [draft, setDraft] = useDraft(() => ({
		links: Object.fromEntries(
			SOCIAL_FIELDS.map((field) => [field, profile.socialLinks[field] ?? '']),
		) as Record<SocialField, string>,
		hideEmail: profile.hideEmail,
	}))
	const { t, i18n } = useLinguiMacro()
	const editor = useEditor('social', close, t`Links updated`, version)
	const submit = () =>
		editor.submit({
			...Object.fromEntries(
				SOCIAL_FIELDS.map((field) => [field, draft.links[field].trim() || null]),
			),
			hideEmail: draft.hideEmail,
		})
	const contactEmail = draft.links.email.trim()
	const hideId = useId()
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={submit}>
			<div className="grid gap-4 sm:grid-cols-2">
				{SOCIAL_FIELDS.map((field) => (
					<TextInput
						key={field}
						label={
							field === 'email'
								? t`Contact email`
								: field === 'mobileNumber'
									? t`Mobile number`
									: i18n._(SOCIAL_META[field].message)
						}
						type={SOCIAL_INPUT[field].type}
						placeholder={SOCIAL_INPUT[field].placeholder}
						autoComplete={
							SOCIAL_INPUT[field].autoComplete ?? (SOCIAL_INPUT[field].hint ? 'off' : undefined)
						}
						hint={SOCIAL_INPUT[field].hint && i18n._(SOCIAL_INPUT[field].hint)}
						linkOnBlur={Boolean(SOCIAL_INPUT[field].hint)}
						value={draft.links[field]}
						onChange={(value) => setDraft((d) => ({ ...d, links: { ...d.links, [field]: value } }))}
						error={editor.errors[field]}
						limit={field === 'mobileNumber' ? undefined : { chars: PROFILE_LIMITS.link }}
					/>
				))}
			</div>
			{/* Which address visitors see, and the switch that hides it everywhere. */}
			<div className="border-line bg-canvas flex flex-col gap-3 rounded-2xl border p-4">
				<p className="text-sm" aria-live="polite">
					{draft.hideEmail ? (
						<Trans>
							<span className="font-semibold">Visitors see no email address.</span> Your page, Find
							Me and your contact card leave it out.
						</Trans>
					) : contactEmail ? (
						<Trans>
							<span className="font-semibold">Visitors see: </span>
							<span dir="ltr" className="font-mono break-all">
								{contactEmail}
							</span>{' '}
							(your contact email), on your page, in Find Me and in your contact card.
						</Trans>
					) : (
						<Trans>
							<span className="font-semibold">Visitors see: </span>
							<span dir="ltr" className="font-mono break-all">
								{loginEmail}
							</span>{' '}
							(your login email, because the contact email is empty), on your page, in Find Me and
							in your contact card.
						</Trans>
					)}
				</p>
				<label htmlFor={hideId} className="flex items-start gap-2.5 text-sm font-medium">
					<input
						id={hideId}
						type="checkbox"
						className="accent-brand mt-0.5 size-5 shrink-0"
						checked={draft.hideEmail}
						onChange={(event) => setDraft((d) => ({ ...d, hideEmail: event.target.checked }))}
					/>
					<Trans>Hide my email from visitors</Trans>
				</label>
			</div>
		</EditorForm>
	)
}

function HighlightsEditor({ profile, close, version, reload }: Base & { profile: ProfileData }) {
	const [draft, setDraft] = useDraft(() => ({
		highOne: profile.carHighlights.highOne ?? '',
		highTwo: profile.carHighlights.highTwo ?? '',
		highThree: profile.carHighlights.highThree ?? '',
	}))
	const { t, i18n } = useLinguiMacro()
	const editor = useEditor('highlights', close, t`Highlights updated`, version)
	const keys = ['highOne', 'highTwo', 'highThree'] as const
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() =>
				editor.submit(Object.fromEntries(keys.map((key) => [key, draft[key].trim() || null])))
			}
		>
			{keys.map((key, index) => {
				const number = i18n.number(index + 1)
				return (
					<TextInput
						key={key}
						label={t`Highlight ${number}`}
						value={draft[key]}
						onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
						error={editor.errors[key]}
						limit={{ chars: PROFILE_LIMITS.highlight }}
					/>
				)
			})}
		</EditorForm>
	)
}

function BioEditor({ profile, close, version, reload }: Base & { profile: ProfileData }) {
	const [bio, setBio] = useDraft(() => joinParagraphs(profile.bio))
	const { t } = useLinguiMacro()
	const editor = useEditor('bio', close, t`Bio updated`, version)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit({ bio })}>
			<TextArea
				label={t`Bio`}
				rows={10}
				value={bio}
				onChange={setBio}
				error={errorUnder(editor.errors, 'bio')}
				hint={t`Separate paragraphs with a blank line.`}
				limit={{
					paragraphs: PROFILE_LIMITS.bioParagraphs,
					paragraphChars: PROFILE_LIMITS.bioParagraph,
				}}
			/>
		</EditorForm>
	)
}

// ------------------------------------------------------------------ resume lists

/** What the question before hiding the resume says, for each list that would empty. */
const HIDDEN_UNTIL: Record<ResumeListKey, MessageDescriptor> = {
	workExp: msg`Your resume is hidden from visitors until Work Experience has an entry.`,
	education: msg`Your resume is hidden from visitors until Education has an entry.`,
	skills: msg`Your resume is hidden from visitors until Skills has an entry.`,
	certificates: msg`Your resume is hidden from visitors until Certificates has an entry.`,
	achievements: msg`Your resume is hidden from visitors until Achievements has an entry.`,
}

/** The words of one resume list's editor, in the page's language. */
type ListTexts = {
	/** The button that adds an entry ('Add position'). */
	add: string
	/** An entry not named yet ('Position 2'). */
	entry: (number: string) => string
	/** The question before removing a last entry that would hide the resume. */
	removeLast: string
}

/** Add, remove and reorder the entries of a resume list. */
function ListEditor<T>({
	items,
	setItems,
	make,
	render,
	texts,
	itemName,
	resume,
	list,
}: {
	items: T[]
	setItems: (items: T[]) => void
	make: () => T
	render: (item: T, update: (patch: Partial<T>) => void, index: number) => ReactNode
	texts: ListTexts
	/** An entry's name: its first field, else `texts.entry` with its number. */
	itemName: (item: T) => string
	/** The saved resume and which of its lists this is: the notice, and the question before
	 * removing a last entry that would hide the resume. */
	resume: Resume
	list: ResumeListKey
}) {
	const { t, i18n } = useLinguiMacro()
	const itemLabel = (item: T, index: number) =>
		itemName(item) || texts.entry(i18n.number(index + 1))
	const move = (from: number, to: number) => {
		const next = [...items]
		const [moved] = next.splice(from, 1)
		next.splice(to, 0, moved as T)
		setItems(next)
	}
	const full = items.length >= RESUME_LIMITS.items
	const count = i18n.number(items.length, { useGrouping: false })
	const max = i18n.number(RESUME_LIMITS.items, { useGrouping: false })
	const [confirming, setConfirming] = useState<number | null>(null)
	const removeAt = (index: number) => setItems(items.filter((_, i) => i !== index))
	// Removing the last entry of a list asks first when it would hide a resume visitors see.
	const remove = (index: number) =>
		items.length === 1 && emptyingHidesResume(resume, list) ? setConfirming(index) : removeAt(index)
	// After 'Add …' the keyboard (and a screen reader) goes to the new entry's first field.
	const listRef = useRef<HTMLDivElement>(null)
	const [added, setAdded] = useState(0)
	useEffect(() => {
		if (!added) return
		const entries = listRef.current?.querySelectorAll('fieldset')
		entries?.[entries.length - 1]
			?.querySelector<HTMLElement>('input:not([disabled]), select, textarea')
			?.focus()
	}, [added])
	return (
		<div ref={listRef} className="flex flex-col gap-4">
			<ResumeNotice resume={{ ...resume, [list]: items }} />
			<ConfirmHideResume
				open={confirming !== null}
				title={texts.removeLast}
				description={i18n._(HIDDEN_UNTIL[list])}
				confirmLabel={t`Remove and hide resume`}
				onCancel={() => setConfirming(null)}
				onConfirm={() => {
					if (confirming !== null) removeAt(confirming)
					setConfirming(null)
				}}
			/>
			{items.length === 0 ? (
				<p className="text-muted text-sm">
					<Trans>Nothing here yet.</Trans>
				</p>
			) : null}
			{items.map((item, index) => {
				const label = itemLabel(item, index)
				return (
					<fieldset key={index} className="border-line min-w-0 rounded-2xl border p-4">
						<legend dir="auto" className="max-w-full truncate px-1 text-sm font-semibold">
							{label}
						</legend>
						<div className="flex flex-col gap-3">
							{render(
								item,
								(patch) => setItems(items.map((it, i) => (i === index ? { ...it, ...patch } : it))),
								index,
							)}
						</div>
						<div className="mt-3 flex justify-end gap-1">
							<button
								type="button"
								className="btn-ghost size-10 p-0"
								aria-label={t`Move ${label} up`}
								disabled={index === 0}
								onClick={() => move(index, index - 1)}
							>
								<ArrowUpIcon />
							</button>
							<button
								type="button"
								className="btn-ghost size-10 p-0"
								aria-label={t`Move ${label} down`}
								disabled={index === items.length - 1}
								onClick={() => move(index, index + 1)}
							>
								<ArrowDownIcon />
							</button>
							<button
								type="button"
								className="btn-ghost min-h-10 text-red-700"
								onClick={() => remove(index)}
							>
								<TrashIcon />
								<Trans>
									Remove<span className="sr-only"> {label}</span>
								</Trans>
							</button>
						</div>
					</fieldset>
				)
			})}
			<button
				type="button"
				className="btn-secondary"
				disabled={full}
				onClick={() => {
					setItems([...items, make()])
					setAdded((count) => count + 1)
				}}
			>
				<PlusIcon className="size-4" />
				{texts.add}
			</button>
			<p className="text-muted -mt-2 text-end text-xs tabular-nums">{t`${count}/${max} entries`}</p>
		</div>
	)
}

/** The editor of a resume list whose rows are text fields only, saved as they are typed. */
function TextListEditor<T extends Record<string, string>>({
	close,
	version,
	reload,
	resume,
	list,
	texts,
	message,
	initial,
	fields,
}: Base & {
	resume: Resume
	/** The section: its intent, and the key of the list in the request. */
	list: 'education' | 'certificates'
	/** What one entry is called: 'Add education', 'Education 2' until its first field is typed. */
	texts: ListTexts
	message: string
	initial: () => T[]
	fields: TextField<T>[]
}) {
	const [items, setItems] = useDraft<T[]>(initial)
	const editor = useEditor(list, close, message, version)
	const [title] = fields
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit({ [list]: items })}>
			<ListEditor
				items={items}
				setItems={setItems}
				texts={texts}
				resume={resume}
				list={list}
				itemName={(item) => (title && item[title.key]) || ''}
				make={() => Object.fromEntries(fields.map((field) => [field.key, ''])) as T}
				render={(item, update, index) => (
					<div className="grid gap-3 sm:grid-cols-2">
						<TextInputs
							fields={fields}
							values={item}
							onChange={update}
							errors={editor.errors}
							prefix={`${list}.${index}`}
						/>
					</div>
				)}
			/>
		</EditorForm>
	)
}

/** 'YYYY-MM-01' → 'YYYY-MM' for a month field. */
const toMonthInput = (value: string) => (/^\d{4}-\d{2}/.test(value) ? value.slice(0, 7) : '')

type WorkDraft = {
	company: string
	role: string
	startDate: string
	endDate: string
	ongoing: boolean
	experience: string
}

const WORK_TEXT: TextField<WorkDraft>[] = [
	{ key: 'company', label: msg`Company`, limit: RESUME_LIMITS.company },
	{ key: 'role', label: msg`Role`, limit: RESUME_LIMITS.role },
]

function WorkExpEditor({ resume, close, version, reload }: Base & { resume: Resume }) {
	const [items, setItems] = useDraft<WorkDraft[]>(() =>
		resume.workExp.map((item) => ({
			company: item.company,
			role: item.role,
			startDate: toMonthInput(item.startDate),
			endDate: isOngoing(item.endDate) ? '' : toMonthInput(item.endDate),
			ongoing: isOngoing(item.endDate),
			experience: item.experience.join('\n'),
		})),
	)
	const { t } = useLinguiMacro()
	const editor = useEditor('workexp', close, t`Work experience updated`, version)
	const submit = () =>
		editor.submit({
			workExp: items.map((item) => ({
				company: item.company,
				role: item.role,
				startDate: item.startDate,
				endDate: item.ongoing ? ONGOING : item.endDate,
				ongoing: item.ongoing,
				experience: item.experience,
			})),
		})
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={submit}>
			<ListEditor
				items={items}
				setItems={setItems}
				texts={{
					add: t`Add position`,
					entry: (number) => t`Position ${number}`,
					removeLast: t`Remove the last position?`,
				}}
				resume={resume}
				list="workExp"
				itemName={(item) => item.role || item.company}
				make={() => ({
					company: '',
					role: '',
					startDate: '',
					endDate: '',
					ongoing: false,
					experience: '',
				})}
				render={(item, update, index) => (
					<>
						<div className="grid gap-3 sm:grid-cols-2">
							<TextInputs
								fields={WORK_TEXT}
								values={item}
								onChange={update}
								errors={editor.errors}
								prefix={`workExp.${index}`}
							/>
							<TextInput
								label={t`Start date`}
								type="month"
								placeholder={t`YYYY-MM`}
								value={item.startDate}
								onChange={(startDate) => update({ startDate })}
							/>
							<TextInput
								label={t`End date`}
								type="month"
								placeholder={t`YYYY-MM`}
								value={item.ongoing ? '' : item.endDate}
								disabled={item.ongoing}
								onChange={(endDate) => update({ endDate })}
								error={errorUnder(editor.errors, `workExp.${index}.endDate`)}
							/>
						</div>
						<label className="flex items-center gap-2.5 text-sm font-medium">
							<input
								type="checkbox"
								className="accent-brand size-5"
								checked={item.ongoing}
								onChange={(event) =>
									update({
										ongoing: event.target.checked,
										endDate: event.target.checked ? '' : item.endDate,
									})
								}
							/>
							<Trans>Ongoing (I work here now)</Trans>
						</label>
						<TextArea
							label={t`Experience`}
							rows={4}
							value={item.experience}
							onChange={(experience) => update({ experience })}
							hint={t`One line per item.`}
							error={errorUnder(editor.errors, `workExp.${index}.experience`)}
							limit={{
								lines: RESUME_LIMITS.experienceLines,
								lineChars: RESUME_LIMITS.experienceLine,
							}}
						/>
					</>
				)}
			/>
		</EditorForm>
	)
}

type EducationDraft = {
	eduName: string
	eduInstitution: string
	eduStartYear: string
	eduEndYear: string
}

function EducationEditor({ resume, ...base }: Base & { resume: Resume }) {
	const { t } = useLinguiMacro()
	return (
		<TextListEditor<EducationDraft>
			{...base}
			resume={resume}
			list="education"
			texts={{
				add: t`Add education`,
				entry: (number) => t`Education ${number}`,
				removeLast: t`Remove the last education?`,
			}}
			message={t`Education updated`}
			initial={() =>
				resume.education.map((item) => ({
					eduName: item.eduName,
					eduInstitution: item.eduInstitution,
					eduStartYear: item.eduStartYear?.toString() ?? '',
					eduEndYear: item.endDate?.toString() ?? '',
				}))
			}
			fields={[
				{ key: 'eduName', label: t`Degree`, limit: RESUME_LIMITS.eduName },
				{ key: 'eduInstitution', label: t`Institution`, limit: RESUME_LIMITS.eduInstitution },
				{ key: 'eduStartYear', label: t`Start year`, type: 'number' },
				{ key: 'eduEndYear', label: t`End year`, type: 'number' },
			]}
		/>
	)
}

type SkillDraft = { skillName: string; rating: string }
const RATINGS = Array.from({ length: 10 }, (_, index) => ((index + 1) / 2).toString())

/**
 * The fixed list's skills by the names the owner reads (their language), and back: a name picked
 * or typed is saved as its stored key ('Web Design'), an owner's own word as typed.
 */
function useSkillNames() {
	const { i18n } = useLingui()
	return useMemo(() => {
		const keys = new Map(SKILLS.map((skill) => [optionLabel(i18n, 'skill', skill), skill]))
		const byLowerCase = new Map([...keys].map(([name, key]) => [name.toLowerCase(), key]))
		return {
			names: [...keys.keys()],
			shown: (stored: string) => optionLabel(i18n, 'skill', stored),
			stored: (typed: string) => byLowerCase.get(typed.toLowerCase()) ?? typed,
		}
	}, [i18n])
}

function SkillsEditor({ resume, close, version, reload }: Base & { resume: Resume }) {
	const { t } = useLinguiMacro()
	const skillNames = useSkillNames()
	const [items, setItems] = useDraft<SkillDraft[]>(() =>
		resume.skills.map((item) => ({
			skillName: skillNames.shown(item.skillName),
			rating: item.rating.toString(),
		})),
	)
	const listId = useId()
	const editor = useEditor('skills', close, t`Skills updated`, version)
	const submit = () => {
		// The picker ignores empty and duplicate choices.
		const seen = new Set<string>()
		const skills = items
			.map((item) => ({ ...item, skillName: skillNames.stored(item.skillName.trim()) }))
			.filter((item) => {
				const key = item.skillName.toLowerCase()
				if (!key || seen.has(key)) return false
				seen.add(key)
				return true
			})
		editor.submit({
			skills: skills.map((item) => ({
				skillName: item.skillName,
				rating: Number(item.rating),
			})),
		})
	}
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={submit}>
			<datalist id={listId}>
				{skillNames.names.map((name) => (
					<option key={name} value={name} />
				))}
			</datalist>
			<ListEditor
				items={items}
				setItems={setItems}
				texts={{
					add: t`Add skill`,
					entry: (number) => t`Skill ${number}`,
					removeLast: t`Remove the last skill?`,
				}}
				resume={resume}
				list="skills"
				itemName={(item) => item.skillName}
				make={() => ({ skillName: '', rating: '3' })}
				render={(item, update, index) => (
					<div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
						<TextInput
							label={t`Skill`}
							list={listId}
							placeholder={t`Start typing, e.g. React`}
							hint={t`Pick one from the list or type your own.`}
							limit={{ chars: RESUME_LIMITS.skillName }}
							value={item.skillName}
							onChange={(skillName) => update({ skillName })}
							error={errorUnder(editor.errors, `skills.${index}.skillName`)}
						/>
						<RatingSelect
							value={item.rating}
							onChange={(rating) => update({ rating })}
							error={errorUnder(editor.errors, `skills.${index}.rating`)}
						/>
					</div>
				)}
			/>
		</EditorForm>
	)
}

function RatingSelect({
	value,
	onChange,
	error,
}: {
	value: string
	onChange: (value: string) => void
	error?: string
}) {
	const id = useId()
	const { i18n } = useLingui()
	return (
		<div className="min-w-0">
			<label htmlFor={id} className="field-label">
				<Trans>Rating</Trans>
			</label>
			<select
				id={id}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				className="field-input"
			>
				{RATINGS.map((rating) => (
					<option key={rating} value={rating}>
						{'★'.repeat(Math.floor(Number(rating)))}
						{Number(rating) % 1 ? '½' : ''} {ratingLabel(ratingToHalves(rating) ?? 0, i18n)}
					</option>
				))}
			</select>
			<FieldError id={`${id}-error`} error={error} />
		</div>
	)
}

type CertificateDraft = { crtName: string; crtPlat: string; crtUrl: string; crtYear: string }

function CertificatesEditor({ resume, ...base }: Base & { resume: Resume }) {
	const { t } = useLinguiMacro()
	return (
		<TextListEditor<CertificateDraft>
			{...base}
			resume={resume}
			list="certificates"
			texts={{
				add: t`Add certificate`,
				entry: (number) => t`Certificate ${number}`,
				removeLast: t`Remove the last certificate?`,
			}}
			message={t`Certificates updated`}
			initial={() =>
				resume.certificates.map((item) => ({
					crtName: item.crtName,
					crtPlat: item.crtPlat,
					crtUrl: item.crtUrl ?? '',
					crtYear: item.endDate?.toString() ?? '',
				}))
			}
			fields={[
				{ key: 'crtName', label: t`Certificate`, limit: RESUME_LIMITS.crtName },
				{ key: 'crtPlat', label: t`Platform`, limit: RESUME_LIMITS.crtPlat },
				{
					key: 'crtUrl',
					label: t`Certificate URL`,
					type: 'url',
					placeholder: 'coursera.org/verify/...',
					limit: RESUME_LIMITS.crtUrl,
				},
				{ key: 'crtYear', label: t`Year`, type: 'number' },
			]}
		/>
	)
}

function AchievementsEditor({ resume, close, version, reload }: Base & { resume: Resume }) {
	const [text, setText] = useDraft(() => resume.achievements.join('\n'))
	const { t, i18n } = useLinguiMacro()
	const editor = useEditor('achievements', close, t`Achievements updated`, version)
	const [confirming, setConfirming] = useState(false)
	const lines = text.split(/\r?\n/).filter((line) => line.trim())
	const save = () => editor.submit({ achievements: text })
	// Saving no achievement at all asks first when it would hide a resume visitors see.
	const hides =
		!lines.length &&
		resume.achievements.some((line) => line.trim()) &&
		emptyingHidesResume(resume, 'achievements')
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() => (hides ? setConfirming(true) : save())}
		>
			<ResumeNotice resume={{ ...resume, achievements: lines }} />
			<ConfirmHideResume
				open={confirming}
				title={t`Remove the last achievement?`}
				description={i18n._(HIDDEN_UNTIL.achievements)}
				confirmLabel={t`Save and hide resume`}
				onCancel={() => setConfirming(false)}
				onConfirm={() => {
					setConfirming(false)
					save()
				}}
			/>
			<TextArea
				label={t`Achievements`}
				rows={8}
				value={text}
				onChange={setText}
				hint={t`One achievement per line.`}
				error={errorUnder(editor.errors, 'achievements')}
				limit={{
					lines: RESUME_LIMITS.achievementLines,
					lineChars: RESUME_LIMITS.achievementLine,
				}}
			/>
		</EditorForm>
	)
}

const TITLES: Record<Exclude<EditSection, 'picture'>, MessageDescriptor> = {
	name: msg`Edit name and location`,
	tagline: msg`Edit tagline`,
	social: msg`Edit social and contact links`,
	highlights: msg`Edit career highlights`,
	bio: msg`Edit bio`,
	workexp: msg`Edit work experience`,
	education: msg`Edit education`,
	skills: msg`Edit skills`,
	certificates: msg`Edit certificates`,
	achievements: msg`Edit achievements`,
}

/** The sections whose editor needs the large modal. */
const BIG = new Set<EditSection>(['workexp', 'education', 'skills', 'certificates', 'social'])

type EditorInputs = { profile: ProfileData; resume: Resume; loginEmail: string; base: Base }

/** Each section's editor, from what the modal has. */
const EDITORS: Record<Exclude<EditSection, 'picture'>, (inputs: EditorInputs) => ReactNode> = {
	name: ({ profile, base }) => <NameEditor profile={profile} {...base} />,
	tagline: ({ profile, base }) => <TaglineEditor profile={profile} {...base} />,
	social: ({ profile, loginEmail, base }) => (
		<SocialEditor profile={profile} loginEmail={loginEmail} {...base} />
	),
	highlights: ({ profile, base }) => <HighlightsEditor profile={profile} {...base} />,
	bio: ({ profile, base }) => <BioEditor profile={profile} {...base} />,
	workexp: ({ resume, base }) => <WorkExpEditor resume={resume} {...base} />,
	education: ({ resume, base }) => <EducationEditor resume={resume} {...base} />,
	skills: ({ resume, base }) => <SkillsEditor resume={resume} {...base} />,
	certificates: ({ resume, base }) => <CertificatesEditor resume={resume} {...base} />,
	achievements: ({ resume, base }) => <AchievementsEditor resume={resume} {...base} />,
}

/** The modal for the block being edited (the display picture has its own, in the images code). */
export function ProfileEditorModal({
	section,
	onClose,
	profile,
	resume,
	loginEmail,
	versions,
}: {
	section: Exclude<EditSection, 'picture'> | null
	onClose: () => void
	profile: ProfileData
	resume: Resume
	loginEmail: string
	/** Each section's version in the page's data: a stale one is refused when saving. */
	versions: Partial<Record<Exclude<EditSection, 'picture'>, string>>
}) {
	const { _ } = useLingui()
	const close = useCallback(() => onClose(), [onClose])
	const { generation, ...reload } = useSectionReload(versions)
	// A reload starts the editor again (a new key) from the latest saved section.
	const base = section ? { close, version: versions[section], reload } : null
	return (
		<Modal
			open={section !== null}
			onOpenChange={(open) => (open ? null : close())}
			title={section ? _(TITLES[section]) : ''}
			size={section && BIG.has(section) ? 'lg' : 'md'}
		>
			{base && section ? (
				<Fragment key={generation}>
					{EDITORS[section]({ profile, resume, loginEmail, base })}
				</Fragment>
			) : null}
		</Modal>
	)
}

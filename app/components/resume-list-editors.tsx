/**
 * The builder's edit modals for the resume's lists: work experience, education, skills with their
 * ratings, certificates, achievements. Items are added, moved and removed in a draft that is saved
 * whole (the modal that holds them: profile-editors.tsx).
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { optionLabel, SKILLS } from '~/data/options'
import { type Resume } from '~/models/resume.server'
import { RESUME_LIMITS } from '~/utils/field-limits'
import { emptyingHidesResume, type ResumeListKey } from '~/utils/resume-notice'
import { isOngoing, ONGOING, ratingLabel, ratingToHalves } from '~/utils/text'
import {
	errorUnder,
	FieldError,
	TextArea,
	TextInput,
	TextInputs,
	type TextField,
} from './editor-fields'
import { EditorForm, useEditor } from './editor-form'
import { ConfirmHideResume } from './confirm-hide-resume'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from './icons'
import { useDraft } from './modal'
import { ResumeNotice } from './resume-notice'
import { type Base } from './profile-block-editors'

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

export function WorkExpEditor({ resume, close, version, reload }: Base & { resume: Resume }) {
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

export function EducationEditor({ resume, ...base }: Base & { resume: Resume }) {
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

export function SkillsEditor({ resume, close, version, reload }: Base & { resume: Resume }) {
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

export function CertificatesEditor({ resume, ...base }: Base & { resume: Resume }) {
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

export function AchievementsEditor({ resume, close, version, reload }: Base & { resume: Resume }) {
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

/**
 * The builder's edit modals for the profile and the resume. Each keeps its own draft, submits
 * it as JSON with an intent, and shows the server's field errors next to the fields.
 */
import { useCallback, useId, useState, type ReactNode } from 'react'
import { SKILLS } from '~/data/options'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { SOCIAL_FIELDS, type SocialField } from '~/utils/profile-schemas'
import { joinParagraphs, isOngoing, ratingLabel, ratingToHalves } from '~/utils/text'
import { EditorForm, useEditor } from './editor-form'
import { ErrorList } from './forms'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from './icons'
import { Modal } from './modal'
import { type EditSection } from './profile-view'
import { SOCIAL_META } from './social-icons'

type InputProps = {
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	type?: string
	placeholder?: string
	hint?: string
	inputMode?: 'numeric' | 'tel' | 'url' | 'email' | 'text'
	disabled?: boolean
	list?: string
	autoFocus?: boolean
}

/** The ids that describe a field: its error (when shown) and its hint. */
const describedBy = (id: string, error?: string, hint?: string) =>
	[error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined

function TextInput({ label, value, onChange, error, type = 'text', hint, ...rest }: InputProps) {
	const id = useId()
	return (
		<div>
			<label htmlFor={id} className="field-label">
				{label}
			</label>
			<input
				id={id}
				type={type}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, error, hint)}
				className="field-input disabled:bg-canvas disabled:text-muted"
				{...rest}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="text-muted mt-1 text-xs">
					{hint}
				</p>
			) : null}
			<ErrorList id={`${id}-error`} errors={[error]} />
		</div>
	)
}

function TextArea({
	label,
	value,
	onChange,
	error,
	hint,
	rows = 6,
	placeholder,
}: {
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	hint?: string
	rows?: number
	placeholder?: string
}) {
	const id = useId()
	return (
		<div>
			<label htmlFor={id} className="field-label">
				{label}
			</label>
			<textarea
				id={id}
				rows={rows}
				value={value}
				placeholder={placeholder}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, error, hint)}
				className="field-input leading-relaxed"
			/>
			{hint ? (
				<p id={`${id}-hint`} className="text-muted mt-1 text-xs">
					{hint}
				</p>
			) : null}
			<ErrorList id={`${id}-error`} errors={[error]} />
		</div>
	)
}

function errorUnder(errors: Record<string, string>, prefix: string) {
	const key = Object.keys(errors).find(
		(candidate) => candidate === prefix || candidate.startsWith(`${prefix}.`),
	)
	return key ? errors[key] : undefined
}

// ------------------------------------------------------------------ profile blocks

function NameEditor({ profile, close }: { profile: ProfileData; close: () => void }) {
	const [draft, setDraft] = useState({
		firstName: profile.name.firstName,
		lastName: profile.name.lastName,
		designation: profile.designation,
		city: profile.city,
		country: profile.country,
	})
	const editor = useEditor('name', close, 'Profile updated')
	const set = (key: keyof typeof draft) => (value: string) =>
		setDraft((d) => ({ ...d, [key]: value }))
	return (
		<EditorForm busy={editor.busy} failed={editor.failed} onSubmit={() => editor.submit(draft)}>
			<div className="grid gap-4 sm:grid-cols-2">
				<TextInput
					label="First name"
					value={draft.firstName}
					onChange={set('firstName')}
					error={editor.errors.firstName}
				/>
				<TextInput
					label="Last name"
					value={draft.lastName}
					onChange={set('lastName')}
					error={editor.errors.lastName}
				/>
			</div>
			<TextInput
				label="Designation"
				value={draft.designation}
				onChange={set('designation')}
				error={editor.errors.designation}
				placeholder="Product Designer"
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<TextInput
					label="City"
					value={draft.city}
					onChange={set('city')}
					error={editor.errors.city}
				/>
				<TextInput
					label="Country"
					value={draft.country}
					onChange={set('country')}
					error={editor.errors.country}
				/>
			</div>
		</EditorForm>
	)
}

function TaglineEditor({ profile, close }: { profile: ProfileData; close: () => void }) {
	const [tagline, setTagline] = useState(profile.tagline)
	const editor = useEditor('tagline', close, 'Tagline updated')
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() => editor.submit({ tagline })}
		>
			<TextInput
				label="Tagline"
				value={tagline}
				onChange={setTagline}
				error={editor.errors.tagline}
				placeholder="I design calm software for busy people."
				hint={`${tagline.trim().length} of 200 characters`}
			/>
		</EditorForm>
	)
}

const SOCIAL_INPUT: Record<SocialField, { type: string; placeholder: string }> = {
	linkedInUrl: { type: 'url', placeholder: 'https://www.linkedin.com/in/you' },
	xUrl: { type: 'url', placeholder: 'https://x.com/you' },
	igUrl: { type: 'url', placeholder: 'https://instagram.com/you' },
	fbUrl: { type: 'url', placeholder: 'https://facebook.com/you' },
	ytUrl: { type: 'url', placeholder: 'https://youtube.com/@you' },
	whatAppBusUrl: { type: 'url', placeholder: 'https://wa.me/15551234567' },
	mobileNumber: { type: 'tel', placeholder: '+15551234567' },
	companySite: { type: 'url', placeholder: 'https://your-site.com' },
	email: { type: 'email', placeholder: 'you@example.com' },
}

function SocialEditor({ profile, close }: { profile: ProfileData; close: () => void }) {
	const [draft, setDraft] = useState<Record<SocialField, string>>(
		() =>
			Object.fromEntries(
				SOCIAL_FIELDS.map((field) => [field, profile.socialLinks[field] ?? '']),
			) as Record<SocialField, string>,
	)
	const editor = useEditor('social', close, 'Links updated')
	const submit = () =>
		editor.submit(
			Object.fromEntries(SOCIAL_FIELDS.map((field) => [field, draft[field].trim() || null])),
		)
	return (
		<EditorForm busy={editor.busy} failed={editor.failed} onSubmit={submit}>
			<div className="grid gap-4 sm:grid-cols-2">
				{SOCIAL_FIELDS.map((field) => (
					<TextInput
						key={field}
						label={
							field === 'email'
								? 'Contact email'
								: field === 'mobileNumber'
									? 'Mobile number'
									: SOCIAL_META[field].label
						}
						type={SOCIAL_INPUT[field].type}
						placeholder={SOCIAL_INPUT[field].placeholder}
						value={draft[field]}
						onChange={(value) => setDraft((d) => ({ ...d, [field]: value }))}
						error={editor.errors[field]}
					/>
				))}
			</div>
		</EditorForm>
	)
}

function HighlightsEditor({ profile, close }: { profile: ProfileData; close: () => void }) {
	const [draft, setDraft] = useState({
		highOne: profile.carHighlights.highOne ?? '',
		highTwo: profile.carHighlights.highTwo ?? '',
		highThree: profile.carHighlights.highThree ?? '',
	})
	const editor = useEditor('highlights', close, 'Highlights updated')
	const keys = ['highOne', 'highTwo', 'highThree'] as const
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() =>
				editor.submit(Object.fromEntries(keys.map((key) => [key, draft[key].trim() || null])))
			}
		>
			{keys.map((key, index) => (
				<TextInput
					key={key}
					label={`Highlight ${index + 1}`}
					value={draft[key]}
					onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
					error={editor.errors[key]}
				/>
			))}
		</EditorForm>
	)
}

function BioEditor({ profile, close }: { profile: ProfileData; close: () => void }) {
	const [bio, setBio] = useState(joinParagraphs(profile.bio))
	const editor = useEditor('bio', close, 'Bio updated')
	return (
		<EditorForm busy={editor.busy} failed={editor.failed} onSubmit={() => editor.submit({ bio })}>
			<TextArea
				label="Bio"
				rows={10}
				value={bio}
				onChange={setBio}
				error={errorUnder(editor.errors, 'bio')}
				hint="Separate paragraphs with a blank line."
			/>
		</EditorForm>
	)
}

// ------------------------------------------------------------------ resume lists

/** Add, remove and reorder the entries of a resume list. */
function ListEditor<T>({
	items,
	setItems,
	make,
	render,
	addLabel,
	itemLabel,
}: {
	items: T[]
	setItems: (items: T[]) => void
	make: () => T
	render: (item: T, update: (patch: Partial<T>) => void, index: number) => ReactNode
	addLabel: string
	itemLabel: (item: T, index: number) => string
}) {
	const move = (from: number, to: number) => {
		const next = [...items]
		const [moved] = next.splice(from, 1)
		next.splice(to, 0, moved as T)
		setItems(next)
	}
	return (
		<div className="flex flex-col gap-4">
			{items.length === 0 ? <p className="text-muted text-sm">Nothing here yet.</p> : null}
			{items.map((item, index) => (
				<fieldset key={index} className="border-line rounded-2xl border p-4">
					<legend className="px-1 text-sm font-semibold">{itemLabel(item, index)}</legend>
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
							aria-label={`Move ${itemLabel(item, index)} up`}
							disabled={index === 0}
							onClick={() => move(index, index - 1)}
						>
							<ArrowUpIcon />
						</button>
						<button
							type="button"
							className="btn-ghost size-10 p-0"
							aria-label={`Move ${itemLabel(item, index)} down`}
							disabled={index === items.length - 1}
							onClick={() => move(index, index + 1)}
						>
							<ArrowDownIcon />
						</button>
						<button
							type="button"
							className="btn-ghost min-h-10 text-red-700"
							onClick={() => setItems(items.filter((_, i) => i !== index))}
						>
							<TrashIcon />
							Remove<span className="sr-only"> {itemLabel(item, index)}</span>
						</button>
					</div>
				</fieldset>
			))}
			<button type="button" className="btn-secondary" onClick={() => setItems([...items, make()])}>
				<PlusIcon className="size-4" />
				{addLabel}
			</button>
		</div>
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

function WorkExpEditor({ resume, close }: { resume: Resume; close: () => void }) {
	const [items, setItems] = useState<WorkDraft[]>(() =>
		resume.workExp.map((item) => ({
			company: item.company,
			role: item.role,
			startDate: toMonthInput(item.startDate),
			endDate: isOngoing(item.endDate) ? '' : toMonthInput(item.endDate),
			ongoing: isOngoing(item.endDate),
			experience: item.experience.join('\n'),
		})),
	)
	const editor = useEditor('workexp', close, 'Work experience updated')
	const submit = () =>
		editor.submit({
			workExp: items.map((item) => ({
				company: item.company,
				role: item.role,
				startDate: item.startDate,
				endDate: item.ongoing ? 'Ongoing' : item.endDate,
				ongoing: item.ongoing,
				experience: item.experience,
			})),
		})
	return (
		<EditorForm busy={editor.busy} failed={editor.failed} onSubmit={submit}>
			<ListEditor
				items={items}
				setItems={setItems}
				addLabel="Add position"
				itemLabel={(item, index) => item.role || item.company || `Position ${index + 1}`}
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
							<TextInput
								label="Company"
								value={item.company}
								onChange={(company) => update({ company })}
								error={errorUnder(editor.errors, `workExp.${index}.company`)}
							/>
							<TextInput
								label="Role"
								value={item.role}
								onChange={(role) => update({ role })}
								error={errorUnder(editor.errors, `workExp.${index}.role`)}
							/>
							<TextInput
								label="Start date"
								type="month"
								placeholder="YYYY-MM"
								value={item.startDate}
								onChange={(startDate) => update({ startDate })}
							/>
							<TextInput
								label="End date"
								type="month"
								placeholder="YYYY-MM"
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
							Ongoing (I work here now)
						</label>
						<TextArea
							label="Experience"
							rows={4}
							value={item.experience}
							onChange={(experience) => update({ experience })}
							hint="One line per item."
							error={errorUnder(editor.errors, `workExp.${index}.experience`)}
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

function EducationEditor({ resume, close }: { resume: Resume; close: () => void }) {
	const [items, setItems] = useState<EducationDraft[]>(() =>
		resume.education.map((item) => ({
			eduName: item.eduName,
			eduInstitution: item.eduInstitution,
			eduStartYear: item.eduStartYear?.toString() ?? '',
			eduEndYear: item.endDate?.toString() ?? '',
		})),
	)
	const editor = useEditor('education', close, 'Education updated')
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() => editor.submit({ education: items })}
		>
			<ListEditor
				items={items}
				setItems={setItems}
				addLabel="Add education"
				itemLabel={(item, index) => item.eduName || `Education ${index + 1}`}
				make={() => ({ eduName: '', eduInstitution: '', eduStartYear: '', eduEndYear: '' })}
				render={(item, update, index) => (
					<div className="grid gap-3 sm:grid-cols-2">
						<TextInput
							label="Degree"
							value={item.eduName}
							onChange={(eduName) => update({ eduName })}
							error={errorUnder(editor.errors, `education.${index}.eduName`)}
						/>
						<TextInput
							label="Institution"
							value={item.eduInstitution}
							onChange={(eduInstitution) => update({ eduInstitution })}
						/>
						<TextInput
							label="Start year"
							type="number"
							inputMode="numeric"
							value={item.eduStartYear}
							onChange={(eduStartYear) => update({ eduStartYear })}
							error={errorUnder(editor.errors, `education.${index}.eduStartYear`)}
						/>
						<TextInput
							label="End year"
							type="number"
							inputMode="numeric"
							value={item.eduEndYear}
							onChange={(eduEndYear) => update({ eduEndYear })}
							error={errorUnder(editor.errors, `education.${index}.eduEndYear`)}
						/>
					</div>
				)}
			/>
		</EditorForm>
	)
}

type SkillDraft = { skillName: string; rating: string }
const RATINGS = Array.from({ length: 10 }, (_, index) => ((index + 1) / 2).toString())

function SkillsEditor({ resume, close }: { resume: Resume; close: () => void }) {
	const [items, setItems] = useState<SkillDraft[]>(() =>
		resume.skills.map((item) => ({ skillName: item.skillName, rating: item.rating.toString() })),
	)
	const listId = useId()
	const editor = useEditor('skills', close, 'Skills updated')
	const submit = () => {
		// The picker ignores empty and duplicate choices.
		const seen = new Set<string>()
		const skills = items.filter((item) => {
			const key = item.skillName.trim().toLowerCase()
			if (!key || seen.has(key)) return false
			seen.add(key)
			return true
		})
		editor.submit({
			skills: skills.map((item) => ({
				skillName: item.skillName.trim(),
				rating: Number(item.rating),
			})),
		})
	}
	return (
		<EditorForm busy={editor.busy} failed={editor.failed} onSubmit={submit}>
			<datalist id={listId}>
				{SKILLS.map((skill) => (
					<option key={skill} value={skill} />
				))}
			</datalist>
			<ListEditor
				items={items}
				setItems={setItems}
				addLabel="Add skill"
				itemLabel={(item, index) => item.skillName || `Skill ${index + 1}`}
				make={() => ({ skillName: '', rating: '3' })}
				render={(item, update, index) => (
					<div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
						<TextInput
							label="Skill"
							list={listId}
							placeholder="Start typing, e.g. React"
							value={item.skillName}
							onChange={(skillName) => update({ skillName })}
							error={errorUnder(editor.errors, `skills.${index}.skillName`)}
						/>
						<RatingSelect value={item.rating} onChange={(rating) => update({ rating })} />
					</div>
				)}
			/>
		</EditorForm>
	)
}

function RatingSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
	const id = useId()
	return (
		<div>
			<label htmlFor={id} className="field-label">
				Rating
			</label>
			<select
				id={id}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				className="field-input"
			>
				{RATINGS.map((rating) => (
					<option key={rating} value={rating}>
						{'★'.repeat(Math.floor(Number(rating)))}
						{Number(rating) % 1 ? '½' : ''} {ratingLabel(ratingToHalves(rating) ?? 0)}
					</option>
				))}
			</select>
		</div>
	)
}

type CertificateDraft = { crtName: string; crtPlat: string; crtUrl: string; crtYear: string }

function CertificatesEditor({ resume, close }: { resume: Resume; close: () => void }) {
	const [items, setItems] = useState<CertificateDraft[]>(() =>
		resume.certificates.map((item) => ({
			crtName: item.crtName,
			crtPlat: item.crtPlat,
			crtUrl: item.crtUrl ?? '',
			crtYear: item.endDate?.toString() ?? '',
		})),
	)
	const editor = useEditor('certificates', close, 'Certificates updated')
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() => editor.submit({ certificates: items })}
		>
			<ListEditor
				items={items}
				setItems={setItems}
				addLabel="Add certificate"
				itemLabel={(item, index) => item.crtName || `Certificate ${index + 1}`}
				make={() => ({ crtName: '', crtPlat: '', crtUrl: '', crtYear: '' })}
				render={(item, update, index) => (
					<div className="grid gap-3 sm:grid-cols-2">
						<TextInput
							label="Certificate"
							value={item.crtName}
							onChange={(crtName) => update({ crtName })}
						/>
						<TextInput
							label="Platform"
							value={item.crtPlat}
							onChange={(crtPlat) => update({ crtPlat })}
						/>
						<TextInput
							label="Certificate URL"
							type="url"
							placeholder="https://"
							value={item.crtUrl}
							onChange={(crtUrl) => update({ crtUrl })}
							error={errorUnder(editor.errors, `certificates.${index}.crtUrl`)}
						/>
						<TextInput
							label="Year"
							type="number"
							inputMode="numeric"
							value={item.crtYear}
							onChange={(crtYear) => update({ crtYear })}
							error={errorUnder(editor.errors, `certificates.${index}.crtYear`)}
						/>
					</div>
				)}
			/>
		</EditorForm>
	)
}

function AchievementsEditor({ resume, close }: { resume: Resume; close: () => void }) {
	const [text, setText] = useState(resume.achievements.join('\n'))
	const editor = useEditor('achievements', close, 'Achievements updated')
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() => editor.submit({ achievements: text })}
		>
			<TextArea
				label="Achievements"
				rows={8}
				value={text}
				onChange={setText}
				hint="One achievement per line."
				error={errorUnder(editor.errors, 'achievements')}
			/>
		</EditorForm>
	)
}

const TITLES: Record<Exclude<EditSection, 'picture'>, string> = {
	name: 'Edit name and location',
	tagline: 'Edit tagline',
	social: 'Edit social and contact links',
	highlights: 'Edit career highlights',
	bio: 'Edit bio',
	workexp: 'Edit work experience',
	education: 'Edit education',
	skills: 'Edit skills',
	certificates: 'Edit certificates',
	achievements: 'Edit achievements',
}

/** The modal for the block being edited (the display picture has its own, in the images code). */
export function ProfileEditorModal({
	section,
	onClose,
	profile,
	resume,
}: {
	section: Exclude<EditSection, 'picture'> | null
	onClose: () => void
	profile: ProfileData
	resume: Resume
}) {
	const close = useCallback(() => onClose(), [onClose])
	const big =
		section === 'workexp' ||
		section === 'education' ||
		section === 'skills' ||
		section === 'certificates' ||
		section === 'social'
	return (
		<Modal
			open={section !== null}
			onOpenChange={(open) => (open ? null : close())}
			title={section ? TITLES[section] : ''}
			size={big ? 'lg' : 'md'}
		>
			{section === 'name' ? <NameEditor profile={profile} close={close} /> : null}
			{section === 'tagline' ? <TaglineEditor profile={profile} close={close} /> : null}
			{section === 'social' ? <SocialEditor profile={profile} close={close} /> : null}
			{section === 'highlights' ? <HighlightsEditor profile={profile} close={close} /> : null}
			{section === 'bio' ? <BioEditor profile={profile} close={close} /> : null}
			{section === 'workexp' ? <WorkExpEditor resume={resume} close={close} /> : null}
			{section === 'education' ? <EducationEditor resume={resume} close={close} /> : null}
			{section === 'skills' ? <SkillsEditor resume={resume} close={close} /> : null}
			{section === 'certificates' ? <CertificatesEditor resume={resume} close={close} /> : null}
			{section === 'achievements' ? <AchievementsEditor resume={resume} close={close} /> : null}
		</Modal>
	)
}

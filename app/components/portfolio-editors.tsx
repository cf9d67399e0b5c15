/**
 * The builder's edit modals for a project, one per section (head, skills, challenges, solutions,
 * result). Like the profile editors: JSON submit with an intent, 'Update In Progress' while
 * busy, the modal closes on success and stays open with 'Please try again' on failure. List
 * fields are edited one item per line; a hidden portfolioId goes with every edit.
 */
import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'
import toast from 'react-hot-toast'
import { INDUSTRIES, PROJECT_CATEGORIES, SKILLS } from '~/data/options'
import { type PortfolioItem } from '~/models/portfolio.server'
import { type EditorResult } from '~/utils/editor'
import { PORTFOLIO_LIMITS } from '~/utils/field-limits'
import { translate } from '~/utils/i18n'
import { type PortfolioSection, type StatusField } from '~/utils/portfolio-schemas'
import { errorUnder, TextArea, TextInputs, type TextFields } from './editor-fields'
import { EditorForm, useEditor, useSectionReload, type Reload } from './editor-form'
import { Modal, useDraft } from './modal'
import { Switch } from './switch'
import { TagPicker } from './tag-picker'

/**
 * The words of a tag picker, whole sentences each (a label is never lower-cased into another
 * sentence: German keeps its capitals).
 */
const TAG_TEXT = {
	industries: {
		label: msg`Industries`,
		chosen: msg`Chosen industries`,
		filter: msg`Filter industries, or type your own`,
		search: msg`Search industries`,
		options: msg`Industries options`,
	},
	categories: {
		label: msg`Project Categories`,
		chosen: msg`Chosen project categories`,
		filter: msg`Filter project categories, or type your own`,
		search: msg`Search project categories`,
		options: msg`Project Categories options`,
	},
	skills: {
		label: msg`Skills And Expertise`,
		chosen: msg`Chosen skills and expertise`,
		filter: msg`Filter skills and expertise, or type your own`,
		search: msg`Search skills and expertise`,
		options: msg`Skills And Expertise options`,
	},
} satisfies Record<string, Record<string, MessageDescriptor>>

/** The head's tag fields: a picker each, over its own list of options (stored keys). */
const TAG_FIELDS = [
	{ key: 'industries', kind: 'industry', options: INDUSTRIES },
	{ key: 'categories', kind: 'category', options: PROJECT_CATEGORIES },
] as const

type EditorProps = { item: PortfolioItem; close: () => void; version?: string; reload: Reload }

const HEAD_FIELDS: TextFields<
	Pick<PortfolioItem, 'productName' | 'company' | 'role' | 'duration' | 'link'>
> = [
	{
		key: 'productName',
		label: msg`Product Name`,
		placeholder: msg`Checkout redesign`,
		limit: PORTFOLIO_LIMITS.productName,
	},
	[
		{ key: 'company', label: msg`Agency Name`, limit: PORTFOLIO_LIMITS.company },
		{
			key: 'role',
			label: msg`Role`,
			placeholder: msg`Lead designer`,
			limit: PORTFOLIO_LIMITS.role,
		},
	],
	{
		key: 'duration',
		label: msg`Duration`,
		placeholder: msg`6 months`,
		limit: PORTFOLIO_LIMITS.duration,
	},
	{
		key: 'link',
		label: msg`Project link`,
		type: 'url',
		placeholder: 'https://example.com/work',
		limit: PORTFOLIO_LIMITS.link,
	},
]

function HeadEditor({ item, close, version, reload }: EditorProps) {
	const { t } = useLingui()
	const [draft, setDraft] = useDraft(() => ({
		productName: item.productName,
		company: item.company,
		role: item.role,
		projectSummary: item.projectSummary.join('\n'),
		duration: item.duration,
		industries: item.industries,
		categories: item.categories,
		link: item.link,
	}))
	const editor = useEditor('head', close, t`Product details updated`, version)
	const set =
		<K extends keyof typeof draft>(key: K) =>
		(value: (typeof draft)[K]) =>
			setDraft((d) => ({ ...d, [key]: value }))
	const patch = (values: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...values }))
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, ...draft })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TextInputs
				fields={HEAD_FIELDS.slice(0, 2)}
				values={draft}
				onChange={patch}
				errors={editor.errors}
			/>
			<TextArea
				label={t`Project Summary`}
				rows={6}
				value={draft.projectSummary}
				onChange={set('projectSummary')}
				hint={t`One paragraph per line.`}
				error={errorUnder(editor.errors, 'projectSummary')}
				limit={{ lines: PORTFOLIO_LIMITS.summaryLines, lineChars: PORTFOLIO_LIMITS.summaryLine }}
			/>
			<TextInputs
				fields={HEAD_FIELDS.slice(2)}
				values={draft}
				onChange={patch}
				errors={editor.errors}
			/>
			{TAG_FIELDS.map(({ key, kind, options }) => (
				<TagPicker
					key={key}
					text={TAG_TEXT[key]}
					kind={kind}
					options={options}
					value={draft[key]}
					onChange={set(key)}
					error={errorUnder(editor.errors, key)}
				/>
			))}
		</EditorForm>
	)
}

function SkillsEditor({ item, close, version, reload }: EditorProps) {
	const { t } = useLingui()
	const [skills, setSkills] = useDraft(() => item.skills)
	const editor = useEditor('skills', close, t`Skills updated`, version)
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, skills })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TagPicker
				text={TAG_TEXT.skills}
				kind="skill"
				options={SKILLS}
				value={skills}
				onChange={setSkills}
				error={errorUnder(editor.errors, 'skills')}
			/>
		</EditorForm>
	)
}

/** Challenges, solutions and results: one text area, one item per line. */
function LinesEditor({
	item,
	close,
	version,
	reload,
	section,
	field,
	label,
	placeholder,
	successMessage,
}: EditorProps & {
	section: 'challenges' | 'solutions' | 'result'
	field: 'challenges' | 'solution' | 'results'
	label: MessageDescriptor
	placeholder: MessageDescriptor
	successMessage: MessageDescriptor
}) {
	const { t, i18n } = useLingui()
	const [text, setText] = useDraft(() => item[field].join('\n'))
	const editor = useEditor(section, close, i18n._(successMessage), version)
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, [field]: text })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TextArea
				label={i18n._(label)}
				rows={8}
				value={text}
				placeholder={i18n._(placeholder)}
				onChange={setText}
				hint={t`One item per line.`}
				error={errorUnder(editor.errors, field)}
				limit={{ lines: PORTFOLIO_LIMITS.listLines, lineChars: PORTFOLIO_LIMITS.listLine }}
			/>
		</EditorForm>
	)
}

const TITLES: Record<PortfolioSection, MessageDescriptor> = {
	head: msg`Edit Product Details`,
	skills: msg`Edit Skills And Expertise`,
	challenges: msg`Edit Challenges`,
	solutions: msg`Edit Solutions`,
	result: msg`Edit Result`,
}

const LINES_EDITORS = {
	challenges: {
		field: 'challenges',
		label: msg`Challenges`,
		placeholder: msg`Add project challenges here...`,
		successMessage: msg`Challenges updated`,
	},
	solutions: {
		field: 'solution',
		label: msg`Solutions`,
		placeholder: msg`Add project solutions here...`,
		successMessage: msg`Solutions updated`,
	},
	result: {
		field: 'results',
		label: msg`Result`,
		placeholder: msg`Add project results here...`,
		successMessage: msg`Result updated`,
	},
} as const

/** The modal for the section being edited. */
export function PortfolioEditorModal({
	section,
	onClose,
	item,
	versions,
}: {
	section: PortfolioSection | null
	onClose: () => void
	item: PortfolioItem
	/** Each section's version in the page's data: a stale one is refused when saving. */
	versions: Partial<Record<PortfolioSection, string>>
}) {
	const { i18n } = useLingui()
	const close = useCallback(() => onClose(), [onClose])
	const { generation, ...reload } = useSectionReload(versions)
	const base = section ? { item, close, version: versions[section], reload } : null
	return (
		<Modal
			open={section !== null}
			onOpenChange={(open) => (open ? null : close())}
			title={section ? i18n._(TITLES[section]) : ''}
			size={section === 'head' || section === 'skills' ? 'lg' : 'md'}
		>
			{/* A reload starts the editor again (a new key) from the latest saved section. */}
			{base && section === 'head' ? <HeadEditor key={generation} {...base} /> : null}
			{base && section === 'skills' ? <SkillsEditor key={generation} {...base} /> : null}
			{base && (section === 'challenges' || section === 'solutions' || section === 'result') ? (
				<LinesEditor
					key={`${section}-${generation}`}
					{...base}
					section={section}
					{...LINES_EDITORS[section]}
				/>
			) : null}
		</Modal>
	)
}

/** The answer of the 'status' intent of /builder/portfolio. */
export type StatusResult =
	| { ok: true; intent: 'status'; at: number; field: StatusField; value: boolean }
	| Extract<EditorResult, { ok: false }>

/** Where status switches submit (the portfolio list page's action). */
export const STATUS_ACTION = '/builder/portfolio?index'

export const STATUS_FAILED = msg`Failed to update status`

/**
 * The 'Is Active' and 'Is Featured' switches (of a project, of an image): their label, and the
 * toast when one is turned on or off, each a message of its own.
 */
export const STATUS_TEXT: Record<
	StatusField,
	{ label: MessageDescriptor; on: MessageDescriptor; off: MessageDescriptor }
> = {
	active: { label: msg`Is Active`, on: msg`Is Active enabled`, off: msg`Is Active disabled` },
	featured: {
		label: msg`Is Featured`,
		on: msg`Is Featured enabled`,
		off: msg`Is Featured disabled`,
	},
}

/**
 * The 'Is Active' or 'Is Featured' switch of an item. It changes at once (showing the submitted
 * value while the call runs), toasts '{label} enabled' / '{label} disabled', and on failure
 * toasts 'Failed to update status' and shows the server's state again.
 */
export function StatusSwitch({
	item,
	field,
}: {
	item: Pick<PortfolioItem, 'portfolioId' | 'productName' | 'active' | 'featured'>
	field: StatusField
}) {
	const { t, i18n } = useLingui()
	const fetcher = useFetcher<StatusResult>({
		key: `portfolio-status-${item.portfolioId}-${field}`,
	})
	// Answers from before this switch mounted (the fetcher outlives the page) are not news.
	const handled = useRef(fetcher.data?.at ?? 0)
	useEffect(() => {
		const data = fetcher.data
		if (fetcher.state !== 'idle' || !data || handled.current === data.at) return
		handled.current = data.at
		if (data.ok) {
			toast.success(i18n._(STATUS_TEXT[data.field][data.value ? 'on' : 'off']))
		} else {
			toast.error(i18n._(STATUS_FAILED))
		}
	}, [fetcher.state, fetcher.data, i18n])
	const pending = fetcher.json as Partial<Record<StatusField, unknown>> | undefined
	const value = pending?.[field]
	const checked = typeof value === 'boolean' ? value : item[field]
	const name = item.productName || t`Untitled project`
	return (
		<Switch
			label={i18n._(STATUS_TEXT[field].label)}
			accessibleName={field === 'active' ? t`Is Active: ${name}` : t`Is Featured: ${name}`}
			checked={checked}
			onCheckedChange={(next) =>
				fetcher.submit(
					{ intent: 'status', portfolioId: item.portfolioId, [field]: next },
					{ method: 'POST', encType: 'application/json', action: STATUS_ACTION },
				)
			}
		/>
	)
}

/**
 * A builder action's answer with a refusal's messages in the owner's language: the schemas' and
 * the models' messages are English in the code, and the browser has no server catalog.
 */
export function answerInLanguage<T>(i18n: I18n, answer: T): T {
	const result =
		(answer as { type?: unknown } | null)?.type === 'DataWithResponseInit'
			? (answer as { data: unknown }).data
			: answer
	const failed = result as Partial<Extract<EditorResult, { ok: false }>> | null
	if (!failed || typeof failed !== 'object' || failed.ok !== false) return answer
	if (typeof failed.message === 'string') failed.message = translate(i18n, failed.message)
	if (failed.fieldErrors) {
		failed.fieldErrors = Object.fromEntries(
			Object.entries(failed.fieldErrors).map(([key, message]) => [key, translate(i18n, message)]),
		)
	}
	return answer
}

/**
 * The fields of the builder's editors: a label, the owner's text (dir="auto", so Arabic or
 * Hebrew reads in its own direction), a hint, a counter against the field's limit
 * (app/utils/field-limits.ts) and the server's error for it.
 */
import { type I18n, type MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { useLingui as useLinguiMacro } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { countChars, countLines, longestLine } from '~/utils/field-limits'
import { translate } from '~/utils/i18n'
import { cx } from '~/utils/misc'
import { splitParagraphs, withHttps } from '~/utils/text'
import { ErrorList } from './forms'

/** How a field counts against its limit. */
export type Limit =
	| { chars: number }
	| { lines: number; lineChars: number }
	| { paragraphs: number; paragraphChars: number }

/** A label, a hint or a placeholder: a message of the catalogs, or text already translated. */
export type Text = string | MessageDescriptor

export const shownText = (i18n: I18n, text: Text) =>
	typeof text === 'string' ? translate(i18n, text) : i18n._(text)

/** How far a field is from its limit, in the page's language ('12/60 · 2 too many'). */
function useMeasure() {
	const { t, i18n } = useLinguiMacro()
	// Digits as typed, never grouped: '5000', as the limits are written.
	const n = (value: number) => i18n.number(value, { useGrouping: false })
	return (value: string, limit: Limit): { text: string; over: boolean } => {
		if ('chars' in limit) {
			const count = n(countChars(value))
			const max = n(limit.chars)
			const over = countChars(value) > limit.chars
			const excess = n(countChars(value) - limit.chars)
			return { text: over ? t`${count}/${max} · ${excess} too many` : `${count}/${max}`, over }
		}
		if ('lines' in limit) {
			const count = n(countLines(value))
			const max = n(limit.lines)
			const longest = n(longestLine(value))
			const lineMax = n(limit.lineChars)
			const longLine = longestLine(value) > limit.lineChars
			return {
				text: longLine
					? t`${count}/${max} lines · a line has ${longest}/${lineMax} characters`
					: t`${count}/${max} lines`,
				over: countLines(value) > limit.lines || longLine,
			}
		}
		const paragraphs = splitParagraphs(value)
		const length = Math.max(0, ...paragraphs.map((paragraph) => paragraph.length))
		const longParagraph = length > limit.paragraphChars
		const count = n(paragraphs.length)
		const max = n(limit.paragraphs)
		const longest = n(length)
		const paragraphMax = n(limit.paragraphChars)
		return {
			text: longParagraph
				? t`${count}/${max} paragraphs · a paragraph has ${longest}/${paragraphMax} characters`
				: t`${count}/${max} paragraphs`,
			over: paragraphs.length > limit.paragraphs || longParagraph,
		}
	}
}

/** The hint (left) and the counter (right) under a field. */
function Footer({
	id,
	hint,
	value,
	limit,
}: {
	id: string
	hint?: ReactNode
	value: string
	limit?: Limit
}) {
	const measure = useMeasure()
	if (!hint && !limit) return null
	const counted = limit ? measure(value, limit) : null
	return (
		<div className="text-muted mt-1 flex items-start justify-between gap-3 text-xs">
			{hint ? <p id={`${id}-hint`}>{hint}</p> : <span />}
			{counted ? (
				<p
					id={`${id}-count`}
					className={cx(
						'shrink-0 text-end tabular-nums',
						counted.over && 'font-semibold text-red-700',
					)}
				>
					{counted.text}
				</p>
			) : null}
		</div>
	)
}

/** The error under a control that is not a text field (a select, a colour). */
export function FieldError({ id, error }: { id: string; error?: string }) {
	const { i18n } = useLingui()
	return error ? (
		<p id={id} className="mt-1.5 text-sm text-red-700">
			{translate(i18n, error)}
		</p>
	) : null
}

/** The ids that describe a field: its error (when shown), its hint and its counter. */
const describedBy = (id: string, error?: string, hint?: ReactNode, limit?: Limit) =>
	[error ? `${id}-error` : null, hint ? `${id}-hint` : null, limit ? `${id}-count` : null]
		.filter(Boolean)
		.join(' ') || undefined

/** A field's label above it, and its hint, counter and error under it. */
function FieldFrame({
	id,
	label,
	error,
	hint,
	value,
	limit,
	children,
}: {
	id: string
	label: string
	error?: string
	hint?: ReactNode
	value: string
	limit?: Limit
	children: ReactNode
}) {
	return (
		<div className="min-w-0">
			<label htmlFor={id} className="field-label">
				{label}
			</label>
			{children}
			<Footer id={id} hint={hint} value={value} limit={limit} />
			<ErrorList id={`${id}-error`} errors={[error]} />
		</div>
	)
}

type InputProps = {
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	type?: string
	placeholder?: string
	hint?: ReactNode
	/** The field's limit: a counter shows under it. */
	limit?: Limit
	inputMode?: 'numeric' | 'tel' | 'url' | 'email' | 'text'
	disabled?: boolean
	list?: string
	autoComplete?: string
	/** A text field that also takes a link: a link typed without its scheme gets https:// too. */
	linkOnBlur?: boolean
}

/** What a text control of an editor has: its id, its text (either direction) and what describes it. */
function controlProps(
	id: string,
	value: string,
	onChange: (value: string) => void,
	error: string | undefined,
	hint: ReactNode,
	limit: Limit | undefined,
) {
	return {
		id,
		dir: 'auto',
		value,
		onChange: (event: { target: { value: string } }) => onChange(event.target.value),
		'aria-invalid': error ? true : undefined,
		'aria-describedby': describedBy(id, error, hint, limit),
	} as const
}

export function TextInput({
	label,
	value,
	onChange,
	error,
	type = 'text',
	hint,
	limit,
	linkOnBlur,
	...rest
}: InputProps) {
	const id = useId()
	return (
		<FieldFrame id={id} label={label} error={error} hint={hint} value={value} limit={limit}>
			<input
				{...controlProps(id, value, onChange, error, hint, limit)}
				// An address, an email, a number to call: left to right in every language.
				dir={type === 'url' || type === 'email' || type === 'tel' || linkOnBlur ? 'ltr' : 'auto'}
				type={type}
				// A link typed without its scheme gets https:// (the server does the same).
				onBlur={
					type === 'url' || linkOnBlur
						? (event) => {
								const fixed = withHttps(event.target.value)
								if (fixed !== event.target.value) onChange(fixed)
							}
						: undefined
				}
				className="field-input disabled:bg-canvas disabled:text-muted"
				{...rest}
			/>
		</FieldFrame>
	)
}

export function TextArea({
	label,
	value,
	onChange,
	error,
	hint,
	limit,
	rows = 6,
	placeholder,
}: {
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	hint?: ReactNode
	limit?: Limit
	rows?: number
	placeholder?: string
}) {
	const id = useId()
	return (
		<FieldFrame id={id} label={label} error={error} hint={hint} value={value} limit={limit}>
			<textarea
				{...controlProps(id, value, onChange, error, hint, limit)}
				rows={rows}
				placeholder={placeholder}
				className="field-input leading-relaxed"
			/>
		</FieldFrame>
	)
}

/** The first error at `prefix` or under it (`workExp.0` for `workExp.0.company`). */
export function errorUnder(errors: Record<string, string>, prefix: string) {
	const key = Object.keys(errors).find(
		(candidate) => candidate === prefix || candidate.startsWith(`${prefix}.`),
	)
	return key ? errors[key] : undefined
}

/** A text field of a draft: its key, its label, how it is typed, its limit in characters. */
export type TextField<T> = {
	key: keyof T & string
	label: Text
	type?: 'url' | 'number'
	placeholder?: Text
	limit?: number
	/** What a phone's keyboard may fill in (`given-name`, `tel`…), for the owner's own details. */
	autoComplete?: string
}

/** Fields one under the other; a pair shares a row on wider screens. */
export type TextFields<T> = Array<TextField<T> | [TextField<T>, TextField<T>]>

/**
 * The text fields of a draft (a form's, or one row of a list), each with the server's error for
 * it: at `{prefix}.{key}` when the draft is a row of a list, else at `key`.
 */
export function TextInputs<T extends Record<string, unknown>>({
	fields,
	values,
	onChange,
	errors,
	prefix,
}: {
	fields: TextFields<T>
	values: T
	onChange: (patch: Partial<T>) => void
	errors: Record<string, string>
	prefix?: string
}) {
	const { i18n } = useLingui()
	const input = (field: TextField<T>) => (
		<TextInput
			key={field.key}
			label={shownText(i18n, field.label)}
			type={field.type}
			inputMode={field.type === 'number' ? 'numeric' : undefined}
			placeholder={field.placeholder && shownText(i18n, field.placeholder)}
			autoComplete={field.autoComplete}
			value={values[field.key] as string}
			onChange={(value) => onChange({ [field.key]: value } as Partial<T>)}
			error={errorUnder(errors, prefix ? `${prefix}.${field.key}` : field.key)}
			limit={field.limit === undefined ? undefined : { chars: field.limit }}
		/>
	)
	return fields.map((field) =>
		Array.isArray(field) ? (
			<div key={field[0].key} className="grid gap-4 sm:grid-cols-2">
				{field.map(input)}
			</div>
		) : (
			input(field)
		),
	)
}

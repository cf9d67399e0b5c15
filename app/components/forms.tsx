import { getInputProps, useInputControl, type FieldMetadata } from '@conform-to/react'
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { cx } from '~/utils/misc'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/** Errors under a field or a form, announced to screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<ul id={id} className="mt-1.5 flex flex-col gap-1" aria-live="polite">
			{shown.map((error) => (
				<li key={error} className="text-sm text-red-700">
					{error}
				</li>
			))}
		</ul>
	)
}

/** A form-level message (failure of the whole submission). */
export function FormError({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<div
			id={id}
			role="alert"
			className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
		>
			{shown.join(' ')}
		</div>
	)
}

export function Field({
	labelProps,
	inputProps,
	errors,
	hint,
	prefix,
	className,
}: {
	labelProps: { children: ReactNode; htmlFor?: string; className?: string }
	inputProps: InputHTMLAttributes<HTMLInputElement>
	errors?: ListOfErrors
	hint?: ReactNode
	prefix?: ReactNode
	className?: string
}) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
	const hintId = hint ? `${id}-hint` : undefined
	const input = (
		<input
			{...inputProps}
			id={id}
			aria-invalid={errorId ? true : undefined}
			aria-describedby={cx(errorId, hintId) || undefined}
			className={cx(
				'field-input',
				prefix ? 'rounded-l-none border-l-0' : undefined,
				inputProps.className,
			)}
		/>
	)
	return (
		<div className={className}>
			<label {...labelProps} htmlFor={id} className={cx('field-label', labelProps.className)} />
			{prefix ? (
				<div className="flex">
					<span className="border-line bg-canvas text-muted inline-flex items-center rounded-l-xl border px-3 text-sm">
						{prefix}
					</span>
					{input}
				</div>
			) : (
				input
			)}
			{hint ? (
				<p id={hintId} className="text-muted mt-1.5 text-xs">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/**
 * An email or password field of a conform form, with its errors. `autoComplete` tells the
 * browser and password managers which one it is (`email`, `current-password`, `new-password`).
 */
export function InputField({
	meta,
	type,
	label,
	autoComplete,
	hint,
	placeholder,
	initialFocus,
}: {
	meta: FieldMetadata<string>
	type: 'email' | 'password'
	label: string
	autoComplete: 'email' | 'current-password' | 'new-password'
	hint?: ReactNode
	placeholder?: string
	/** Focused when the page opens (the first field of the page). */
	initialFocus?: boolean
}) {
	return (
		<Field
			labelProps={{ children: label }}
			inputProps={{
				...getInputProps(meta, { type }),
				autoComplete,
				autoFocus: initialFocus,
				placeholder,
			}}
			errors={meta.errors}
			hint={hint}
		/>
	)
}

export function TextareaField({
	labelProps,
	textareaProps,
	errors,
	hint,
	className,
}: {
	labelProps: { children: ReactNode; className?: string }
	textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>
	errors?: ListOfErrors
	hint?: ReactNode
	className?: string
}) {
	const fallbackId = useId()
	const id = textareaProps.id ?? fallbackId
	const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
	const hintId = hint ? `${id}-hint` : undefined
	return (
		<div className={className}>
			<label {...labelProps} htmlFor={id} className={cx('field-label', labelProps.className)} />
			<textarea
				{...textareaProps}
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={cx(errorId, hintId) || undefined}
				className={cx('field-input min-h-28 leading-relaxed', textareaProps.className)}
			/>
			{hint ? (
				<p id={hintId} className="text-muted mt-1.5 text-xs">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/** A checkbox wired to conform (works before hydration as a plain checkbox). */
export function CheckboxField({
	meta,
	label,
	onChange,
}: {
	meta: FieldMetadata<boolean | string | undefined>
	label: ReactNode
	onChange?: (checked: boolean) => void
}) {
	const control = useInputControl(meta as FieldMetadata<string>)
	const id = useId()
	return (
		<div className="flex items-center gap-2.5">
			<input
				id={id}
				type="checkbox"
				name={meta.name}
				value="on"
				checked={control.value === 'on'}
				onChange={(event) => {
					control.change(event.target.checked ? 'on' : '')
					onChange?.(event.target.checked)
				}}
				className="border-line accent-brand size-5 rounded"
			/>
			<label htmlFor={id} className="text-sm font-medium">
				{label}
			</label>
		</div>
	)
}

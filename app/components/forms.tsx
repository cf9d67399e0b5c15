import {
	getInputProps,
	useForm,
	useInputControl,
	type DefaultValue,
	type FieldMetadata,
	type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLingui } from '@lingui/react'
import { useLingui as useLinguiMacro } from '@lingui/react/macro'
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { type z } from 'zod'
import { translate } from '~/utils/i18n'
import { cx } from '~/utils/misc'
import { PATH_HINT, PATH_MAX_LENGTH } from '~/utils/path-name'

/**
 * A conform form checked in the browser with the zod schema the server uses: first when it is
 * submitted, then at each keystroke.
 */
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
	schema: Schema,
	options: {
		id: string
		lastResult?: SubmissionResult<string[]> | null
		defaultValue?: DefaultValue<z.input<Schema>>
	},
) {
	return useForm<z.input<Schema>, z.output<Schema>>({
		...options,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
}

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/**
 * The errors to show, in the page's language: a schema's message (shared by browser and server,
 * in English in the code) is translated here; a message the server already translated is kept.
 */
function useShownErrors(errors: ListOfErrors) {
	const { i18n } = useLingui()
	return errors
		?.filter((error): error is string => Boolean(error))
		.map((error) => translate(i18n, error))
}

/** Errors under a field or a form, announced to screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const shown = useShownErrors(errors)
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
	const shown = useShownErrors(errors)
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

/** A field's id (the one given, else a generated one) and the ids of its hint and errors. */
function useFieldIds(givenId: string | undefined, errors: ListOfErrors, hint: ReactNode) {
	const fallbackId = useId()
	const repeated = useHintRepeated(hint, errors)
	const id = givenId ?? fallbackId
	const errorId = errors?.some(Boolean) ? `${id}-error` : undefined
	const hintId = hint && !repeated ? `${id}-hint` : undefined
	return {
		id,
		errorId,
		hintId,
		/** The control's own attributes: its id, and what describes it. */
		describedBy: {
			id,
			'aria-invalid': errorId ? true : undefined,
			'aria-describedby': cx(errorId, hintId) || undefined,
		},
	}
}

/**
 * An error that says the hint word for word (the path rule), as shown in the page's language:
 * the hint is not shown twice.
 */
function useHintRepeated(hint: ReactNode, errors: ListOfErrors) {
	const shown = useShownErrors(errors)
	return typeof hint === 'string' && Boolean(shown?.includes(hint))
}

/** Under a field: its hint (unless an error says it), then its errors. */
function FieldFoot({
	hint,
	hintId,
	errors,
	errorId,
}: {
	hint: ReactNode
	hintId?: string
	errors: ListOfErrors
	errorId?: string
}) {
	const repeated = useHintRepeated(hint, errors)
	return (
		<>
			{hint && !repeated ? (
				<p id={hintId} className="text-muted mt-1.5 text-xs">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</>
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
	const { id, errorId, hintId, describedBy } = useFieldIds(inputProps.id, errors, hint)
	const input = (
		<input
			{...inputProps}
			{...describedBy}
			className={cx(
				'field-input',
				prefix ? 'rounded-s-none border-s-0' : undefined,
				inputProps.className,
			)}
		/>
	)
	return (
		<div className={className}>
			<label {...labelProps} htmlFor={id} className={cx('field-label', labelProps.className)} />
			{prefix ? (
				// The prefix begins an address typed after it: it reads left to right in every language.
				<div className="flex" dir="ltr">
					<span className="border-line bg-canvas text-muted inline-flex items-center rounded-s-xl border px-3 text-sm">
						{prefix}
					</span>
					{input}
				</div>
			) : (
				input
			)}
			<FieldFoot hint={hint} hintId={hintId} errors={errors} errorId={errorId} />
		</div>
	)
}

/**
 * A name, email or password field of a conform form, with its errors. `autoComplete` tells the
 * browser and password managers which one it is (`name`, `email`, `current-password`,
 * `new-password`). An email or a password reads left to right in every language.
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
	type: 'text' | 'email' | 'password'
	label: string
	autoComplete: 'name' | 'email' | 'current-password' | 'new-password'
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
				dir: type === 'text' ? undefined : 'ltr',
			}}
			errors={meta.errors}
			hint={hint}
		/>
	)
}

/** The Tagg name of an account (the path of its address), typed after the site's host. */
export function PathField({
	meta,
	host,
	initialFocus,
}: {
	meta: FieldMetadata<string>
	host: string
	/** Focused when the page opens (the first field of the page). */
	initialFocus?: boolean
}) {
	const { t } = useLinguiMacro()
	const { i18n } = useLingui()
	return (
		<Field
			labelProps={{ children: t`Your Tagg name` }}
			prefix={`${host}/`}
			inputProps={{
				...getInputProps(meta, { type: 'text' }),
				autoFocus: initialFocus,
				autoCapitalize: 'none',
				autoCorrect: 'off',
				spellCheck: false,
				// An example of a name: letters, numbers and hyphens only, in every language.
				placeholder: t`Your-Name`,
				maxLength: PATH_MAX_LENGTH,
				dir: 'ltr',
			}}
			hint={translate(i18n, PATH_HINT)}
			errors={meta.errors}
		/>
	)
}

/** A new password and the same again: the signup, reset and settings rules (at least 8). */
export function NewPasswordFields({
	password,
	confirmPassword,
	label,
	confirmLabel,
	initialFocus,
}: {
	password: FieldMetadata<string>
	confirmPassword: FieldMetadata<string>
	label: string
	confirmLabel: string
	/** Focused when the page opens (the first field of the page). */
	initialFocus?: boolean
}) {
	const { t } = useLinguiMacro()
	return (
		<>
			<InputField
				type="password"
				meta={password}
				label={label}
				autoComplete="new-password"
				hint={t`At least 8 characters.`}
				initialFocus={initialFocus}
			/>
			<InputField
				type="password"
				meta={confirmPassword}
				label={confirmLabel}
				autoComplete="new-password"
			/>
		</>
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
	const { id, errorId, hintId, describedBy } = useFieldIds(textareaProps.id, errors, hint)
	return (
		<div className={className}>
			<label {...labelProps} htmlFor={id} className={cx('field-label', labelProps.className)} />
			<textarea
				{...textareaProps}
				{...describedBy}
				className={cx('field-input min-h-28 leading-relaxed', textareaProps.className)}
			/>
			<FieldFoot hint={hint} hintId={hintId} errors={errors} errorId={errorId} />
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

/** A form's submit button: disabled while the form is sent, when it shows `pendingLabel`. */
export function SubmitButton({
	pending,
	label,
	pendingLabel,
	className = 'btn-primary w-full',
}: {
	pending: boolean
	label: ReactNode
	pendingLabel: ReactNode
	className?: string
}) {
	return (
		<button type="submit" className={className} disabled={pending}>
			{pending ? pendingLabel : label}
		</button>
	)
}

import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { type EditorResult, EDIT_FAILED } from '~/utils/editor'

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * One edit form of the builder: submits `{ intent, ...values }` as JSON to the page's action,
 * disables its button reading 'Update In Progress' while busy, closes (through `onSuccess`)
 * and toasts on success, and keeps the modal open with 'Please try again' on failure.
 */
export function useEditor(intent: string, onSuccess: () => void, successMessage = 'Changes saved') {
	const fetcher = useFetcher<EditorResult>({ key: `editor-${intent}` })
	// Answers from before this form opened (the fetcher outlives the modal) are not ours.
	const [openedAfter] = useState(() => fetcher.data?.at ?? 0)
	const handled = useRef(openedAfter)
	const data =
		fetcher.state === 'idle' && fetcher.data && fetcher.data.at !== openedAfter
			? fetcher.data
			: undefined
	useEffect(() => {
		if (!data || handled.current === data.at) return
		handled.current = data.at
		if (data.ok) {
			toast.success(successMessage)
			onSuccess()
		}
	}, [data, onSuccess, successMessage])
	const failed = data && !data.ok ? data : undefined
	return {
		busy: fetcher.state !== 'idle',
		errors: failed?.fieldErrors ?? {},
		failed: Boolean(failed),
		submit: (values: Record<string, JsonValue>) =>
			fetcher.submit({ intent, ...values }, { method: 'POST', encType: 'application/json' }),
	}
}

export function EditorForm({
	busy,
	failed,
	onSubmit,
	children,
	submitLabel = 'Update',
}: {
	busy: boolean
	failed: boolean
	onSubmit: () => void
	children: ReactNode
	submitLabel?: string
}) {
	const formRef = useRef<HTMLFormElement>(null)
	// After a refused edit, take the owner to the first field the server refused.
	useEffect(() => {
		if (!failed) return
		formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
	}, [failed])
	return (
		<form
			ref={formRef}
			noValidate
			className="flex flex-col gap-4"
			onSubmit={(event: FormEvent) => {
				event.preventDefault()
				if (!busy) onSubmit()
			}}
		>
			{children}
			{/* Long forms scroll; the outcome and the button stay in view at the bottom. */}
			<div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col gap-3 bg-white/95 px-6 pt-2 pb-6 backdrop-blur-sm">
				{failed ? (
					<p
						role="alert"
						className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
					>
						{EDIT_FAILED}
					</p>
				) : null}
				<button type="submit" className="btn-primary w-full" disabled={busy}>
					{busy ? 'Update In Progress' : submitLabel}
				</button>
			</div>
		</form>
	)
}

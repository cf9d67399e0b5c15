import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { useFetcher, useLocation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { EDIT_FAILED, loginAgainPath, type EditorResult } from '~/utils/editor'
import { translate } from '~/utils/i18n'
import { reloadData } from '~/utils/misc'
import { shownText, type Text } from './editor-fields'
import { useHoldPage } from './leave-guard'
import { useModalDraft } from './modal'

const CHANGES_SAVED = msg`Changes saved`

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * One edit form of the builder: submits `{ intent, version, ...values }` as JSON to the page's
 * action, disables its button reading 'Update In Progress' while busy, closes (through
 * `onSuccess`) and toasts on success, and keeps the modal open with 'Please try again' on
 * failure. `version` is the section's version when the form opened: a save from a stale tab or
 * device is refused (412) and reported as a `conflict`, the draft kept. A save after the session
 * ended is refused (401) and reported as `signedOut`, the draft kept too.
 */
export function useEditor(
	intent: string,
	onSuccess: () => void,
	successMessage: Text = CHANGES_SAVED,
	version?: string,
) {
	const { i18n } = useLingui()
	const saved = shownText(i18n, successMessage)
	const fetcher = useFetcher<EditorResult>({ key: `editor-${intent}` })
	// Answers from before this form opened (the fetcher outlives the modal) are not ours.
	const [openedAfter] = useState(() => fetcher.data?.at ?? 0)
	// The version the draft started from, even if the page's data is revalidated meanwhile.
	const [baseVersion] = useState(version)
	const handled = useRef(openedAfter)
	const data =
		fetcher.state === 'idle' && fetcher.data && fetcher.data.at !== openedAfter
			? fetcher.data
			: undefined
	useEffect(() => {
		if (!data || handled.current === data.at) return
		handled.current = data.at
		if (data.ok) {
			toast.success(saved)
			onSuccess()
		}
	}, [data, onSuccess, saved])
	const failed = data && !data.ok ? data : undefined
	return {
		busy: fetcher.state !== 'idle',
		errors: failed?.fieldErrors ?? {},
		failed: Boolean(failed),
		/** When the failure shown arrived: a new refusal moves the focus again. */
		failedAt: failed?.at,
		conflict: Boolean(failed?.conflict),
		signedOut: Boolean(failed?.signedOut),
		submit: (values: Record<string, JsonValue>) =>
			fetcher.submit(
				{ intent, ...(baseVersion ? { version: baseVersion } : {}), ...values },
				{ method: 'POST', encType: 'application/json' },
			),
	}
}

/**
 * Reloads the page's data, then bumps `generation` (the key of the open editor) so that it
 * starts again from the latest saved section. `data` is the loader data the editors read.
 */
export function useSectionReload(data: unknown) {
	const revalidator = useRevalidator()
	const [generation, setGeneration] = useState(0)
	const [requestedWith, setRequestedWith] = useState<unknown>(null)
	useEffect(() => {
		if (requestedWith === null || revalidator.state !== 'idle' || data === requestedWith) return
		setRequestedWith(null)
		setGeneration((value) => value + 1)
	}, [data, requestedWith, revalidator.state])
	return {
		generation,
		reloading: requestedWith !== null,
		reload: () => {
			setRequestedWith(data)
			reloadData(revalidator)
		},
	}
}

export type Reload = { reload: () => void; reloading: boolean }

const noop = () => {}

export function EditorForm({
	editor: { busy, failed, failedAt, conflict, signedOut, errors = {} },
	reload,
	onSubmit,
	children,
	submitLabel,
	unsaved = false,
}: {
	/** What `useEditor` answers: busy, failed, `conflict` when the section changed elsewhere
	 * since the editor opened (a 412), and `signedOut` when the session has ended (a 401). */
	editor: Pick<ReturnType<typeof useEditor>, 'busy' | 'failed' | 'conflict' | 'signedOut'> & {
		/** The server's errors: each shown by its field; any no field shows is said here. */
		errors?: Record<string, string>
		failedAt?: number
	}
	reload?: Reload
	onSubmit: () => void
	children: ReactNode
	submitLabel?: Text
	/** A form on its page, not in a modal: whether it holds changes not saved yet (leaving asks). */
	unsaved?: boolean
}) {
	const { t, i18n } = useLinguiMacro()
	const label = submitLabel ? shownText(i18n, submitLabel) : t`Update`
	const tryAgain = t`Please try again`
	const formRef = useRef<HTMLFormElement>(null)
	const draft = useModalDraft()
	// Leaving the page with unsaved changes asks first; discarding there closes the editor.
	useHoldPage(Boolean(draft?.changed) || unsaved, draft?.changed ? draft.discard : noop)
	// After a refused edit, take the owner to the first field the server refused (the browser
	// scrolls it into view, its error under it). A refusal no field shows (a limit of the whole
	// form, the server busy) is said in the server's words by 'Please try again'.
	const [unplaced, setUnplaced] = useState<string[]>([])
	useEffect(() => {
		if (!failed) {
			setUnplaced([])
			return
		}
		const form = formRef.current
		const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
		first?.focus()
		const shownByFields = new Set(
			[...(form?.querySelectorAll('[aria-invalid="true"]') ?? [])].flatMap((field) =>
				(field.getAttribute('aria-describedby') ?? '')
					.split(' ')
					.map((id) => (id ? document.getElementById(id)?.textContent : null)),
			),
		)
		setUnplaced(
			[...new Set(Object.values(errors))].filter(
				(message) =>
					message &&
					message !== EDIT_FAILED &&
					message !== tryAgain &&
					!shownByFields.has(translate(i18n, message)),
			),
		)
		// The errors belong to this failure: read once, when it arrives.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [failed, failedAt])
	return (
		<form
			ref={formRef}
			noValidate
			className="flex min-w-0 flex-col gap-4"
			onSubmit={(event: FormEvent) => {
				event.preventDefault()
				if (!busy) onSubmit()
			}}
		>
			{children}
			{/* Long forms scroll; the outcome and the button stay in view at the bottom. */}
			<div className="bg-surface/95 sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col gap-3 px-6 pt-2 pb-6 backdrop-blur-sm">
				{conflict ? (
					<div
						role="alert"
						className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900"
					>
						<p>
							<Trans>
								<strong>This was changed in another tab or device.</strong> Your changes are still
								here: copy what you need, then reload this section to see the latest version.
							</Trans>
						</p>
						{reload ? (
							<button
								type="button"
								className="btn-secondary min-h-10 self-start py-1.5"
								disabled={reload.reloading}
								onClick={reload.reload}
							>
								{reload.reloading ? t`Reloading...` : t`Reload section`}
							</button>
						) : null}
					</div>
				) : signedOut ? (
					<SignedOutNotice kept={t`Your changes are still here`} submitLabel={label} />
				) : failed ? (
					<p
						role="alert"
						className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
					>
						{tryAgain}
						{unplaced.map((message) => (
							<span key={message} className="mt-1 block">
								{translate(i18n, message)}
							</span>
						))}
					</p>
				) : null}
				<button type="submit" className="btn-primary w-full" disabled={busy}>
					{busy ? t`Update In Progress` : label}
				</button>
			</div>
		</form>
	)
}

/**
 * A save or upload refused because the owner's session ended: what was typed or chosen stays,
 * and a link signs in again in a new tab (this one keeps it, and its button then works).
 */
export function SignedOutNotice({ kept, submitLabel }: { kept: Text; submitLabel: Text }) {
	const { i18n } = useLingui()
	const location = useLocation()
	const still = shownText(i18n, kept)
	const button = shownText(i18n, submitLabel)
	return (
		<div
			role="alert"
			className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900"
		>
			<p>
				<Trans>
					<strong>You were signed out.</strong> {still}: sign in again, then press {button}.
				</Trans>
			</p>
			<a
				href={loginAgainPath(location.pathname + location.search)}
				target="_blank"
				rel="noopener noreferrer"
				className="btn-secondary min-h-10 self-start py-1.5"
			>
				<Trans>
					Sign in again<span className="sr-only"> (opens in a new tab)</span>
				</Trans>
			</a>
		</div>
	)
}

import { Trans, useLingui } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import {
	createContext,
	forwardRef,
	useCallback,
	useContext,
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
	type ComponentPropsWithoutRef,
	type ReactNode,
} from 'react'
import { cx } from '~/utils/cx'
import { CloseIcon } from './icons'

/** A layout effect in the browser; on the server (where it never runs) no warning. */
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/** Lets the form inside a modal say whether it holds unsaved changes. */
const DraftChanged = createContext<(changed: boolean) => void>(() => {})

/**
 * What the enclosing modal knows of its draft: whether it holds unsaved changes, and how to
 * close it throwing them away. Null outside a modal.
 */
const DraftState = createContext<{ changed: boolean; discard: () => void } | null>(null)

/**
 * The draft of the enclosing modal (null outside one), for the guard that asks before the owner
 * leaves the page with unsaved changes (app/components/editor-form.tsx). That guard needs the
 * Remix router, which the public pages' modals load without: this file does not import it.
 */
export function useModalDraft() {
	return useContext(DraftState)
}

/**
 * Tells the enclosing modal whether this form's draft differs from what was saved: closing it
 * with Escape, the backdrop or X then asks before the changes are thrown away.
 */
export function useDraftChanged(changed: boolean) {
	const report = useContext(DraftChanged)
	// In the commit of the keystroke itself, not after the next paint: an Escape pressed right
	// after typing must already find the draft changed.
	useIsomorphicLayoutEffect(() => report(changed), [report, changed])
	useIsomorphicLayoutEffect(() => () => report(false), [report])
}

/** A draft whose changes the enclosing modal guards (see {@link useDraftChanged}). */
export function useDraft<T>(make: () => T) {
	const [initial] = useState(make)
	const [draft, setDraft] = useState(initial)
	useDraftChanged(JSON.stringify(draft) !== JSON.stringify(initial))
	return [draft, setDraft] as const
}

/**
 * While a dialog is open, its height is published as `--sheet-height` on the root element: on
 * phones the dialog is a bottom sheet and the toaster (bottom-right) rises above it instead of
 * covering its buttons (see `app/root.tsx`).
 */
function useSheetHeight() {
	const observer = useRef<ResizeObserver | null>(null)
	return useCallback((node: HTMLElement | null) => {
		observer.current?.disconnect()
		observer.current = null
		const root = document.documentElement
		if (!node) {
			root.style.removeProperty('--sheet-height')
			return
		}
		const publish = () =>
			root.style.setProperty(
				'--sheet-height',
				`${Math.ceil(node.getBoundingClientRect().height)}px`,
			)
		// At once, as the dialog mounts (the observer's first word comes a rendering step later, and
		// until then a toast would still sit where the sheet's buttons now are); then as it resizes.
		publish()
		if (typeof ResizeObserver === 'undefined') return
		observer.current = new ResizeObserver(publish)
		observer.current.observe(node)
	}, [])
}

/**
 * True on a visitor's page, whose policy admits no `<style>` element but those it was sent with
 * (style-src-elem lists their hashes: docs/decisions/036-first-screen.md). Radix's overlay locks
 * the page's scroll with react-remove-scroll, which injects a `<style>` (react-style-singleton)
 * such a page refuses: there the modals draw an overlay of their own and lock the scroll through
 * the CSSOM, which no policy governs (app/components/public-dialogs.tsx provides it). Focus
 * trap, Escape, outside taps and aria stay Radix's (Dialog.Content). The builder keeps Radix's
 * overlay.
 */
export const OwnScrollLock = createContext(false)

/** Scroll locks held (a modal over a modal holds two). */
let scrollLocks = 0
let unlockScroll = () => {}

/**
 * Locks the page's scroll (the root element's overflow, as the image viewer does), the
 * scrollbar's width kept as the body's padding so that nothing moves; answers the release.
 */
function lockPageScroll() {
	if (scrollLocks++ === 0) {
		const root = document.documentElement
		const { body } = document
		const gap = window.innerWidth - root.clientWidth
		const before = { overflow: root.style.overflow, paddingRight: body.style.paddingRight }
		if (gap > 0) {
			body.style.paddingRight = `${parseFloat(getComputedStyle(body).paddingRight) + gap}px`
		}
		root.style.overflow = 'hidden'
		unlockScroll = () => {
			root.style.overflow = before.overflow
			body.style.paddingRight = before.paddingRight
		}
	}
	let released = false
	return () => {
		if (released) return
		released = true
		if (--scrollLocks === 0) unlockScroll()
	}
}

/**
 * The backdrop of a modal: Radix's, or (`OwnScrollLock`) a plain one that locks the scroll while
 * its dialog is open. A tap on either is outside the dialog's content: Radix closes the dialog.
 */
const Overlay = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'> & { open: boolean }>(
	function Overlay({ open, ...props }, ref) {
		const own = useContext(OwnScrollLock)
		// Locked and released with the overlay's DOM (in the same commit), not a frame later.
		useIsomorphicLayoutEffect(() => (own && open ? lockPageScroll() : undefined), [own, open])
		if (!own) return <Dialog.Overlay {...props} ref={ref} />
		// Gone as soon as the dialog closes, as Radix's own overlay is (its presence): the portal's
		// presence would wait for the end of an exit animation that never starts.
		if (!open) return null
		// As Radix's: it takes pointer events while Radix turns them off outside the dialog.
		return (
			<div
				data-state="open"
				{...props}
				ref={ref}
				style={{ pointerEvents: 'auto', ...props.style }}
			/>
		)
	},
)

/**
 * The one dialog of the product (Radix): focus trap, Escape and the X button close it,
 * the title names it for screen readers, focus returns to the opener. When the form inside
 * holds unsaved changes (useDraft / useDraftChanged), closing asks first: 'Keep editing' or
 * 'Discard changes'.
 */
export function Modal({
	open,
	onOpenChange,
	title,
	description,
	children,
	size = 'md',
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	title: ReactNode
	description?: ReactNode
	children: ReactNode
	size?: 'sm' | 'md' | 'lg'
}) {
	const { t } = useLingui()
	const contentRef = useRef<HTMLDivElement | null>(null)
	// Our dialogs are opened from state, not from a Dialog.Trigger, so Radix does not know
	// where focus came from: remember it, and give it back on close.
	const opener = useRef<HTMLElement | null>(null)
	const trackSheet = useSheetHeight()
	const [changed, setChangedState] = useState(false)
	// Read when closing, rather than `changed`: Radix calls the handler of the render before
	// (it keeps it in a ref updated after paint), which a keystroke just before may have changed.
	const changedNow = useRef(false)
	const setChanged = useCallback((value: boolean) => {
		changedNow.current = value
		setChangedState(value)
	}, [])
	const [confirming, setConfirming] = useState(false)
	const requestOpenChange = (next: boolean) => {
		if (!next && changedNow.current) setConfirming(true)
		else onOpenChange(next)
	}
	const discard = () => {
		setConfirming(false)
		setChanged(false)
		onOpenChange(false)
	}
	useEffect(() => {
		if (!open) setConfirming(false)
	}, [open])
	const setContent = useCallback(
		(node: HTMLDivElement | null) => {
			contentRef.current = node
			trackSheet(node)
		},
		[trackSheet],
	)
	return (
		<Dialog.Root open={open} onOpenChange={requestOpenChange}>
			<Dialog.Portal>
				<Overlay
					open={open}
					className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]"
				/>
				<Dialog.Content
					ref={setContent}
					// Focus the first field of a form rather than the close button.
					onOpenAutoFocus={(event) => {
						const active = document.activeElement
						opener.current =
							active instanceof HTMLElement && active !== document.body ? active : null
						const field = contentRef.current?.querySelector<HTMLElement>(
							'input:not([type=hidden]):not([disabled]), textarea, select',
						)
						if (field) {
							event.preventDefault()
							field.focus()
						}
					}}
					onCloseAutoFocus={(event) => {
						const target = opener.current
						opener.current = null
						if (target?.isConnected) {
							event.preventDefault()
							target.focus()
						}
					}}
					className={cx(
						'bg-surface fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl p-6 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
						size === 'sm' && 'sm:max-w-sm',
						size === 'md' && 'sm:max-w-lg',
						size === 'lg' && 'sm:max-w-2xl',
					)}
					{...(description ? {} : { 'aria-describedby': undefined })}
				>
					{/* The title and the X stay in view while a long form scrolls. */}
					<div
						className={cx(
							'bg-surface/95 sticky -top-6 z-10 -mx-6 -mt-6 flex items-start justify-between gap-4 px-6 pt-6 backdrop-blur-sm',
							description ? 'pb-2' : 'mb-2 pb-3',
						)}
					>
						<Dialog.Title className="min-w-0 text-lg font-bold tracking-tight wrap-anywhere">
							{title}
						</Dialog.Title>
						<Dialog.Close
							className="btn-ghost -me-2 -mt-2 size-11 shrink-0 rounded-full p-0"
							aria-label={t`Close`}
						>
							<CloseIcon />
						</Dialog.Close>
					</div>
					{description ? (
						<Dialog.Description className="text-muted mb-5 text-sm wrap-anywhere">
							{description}
						</Dialog.Description>
					) : null}
					<DraftChanged.Provider value={setChanged}>
						<DraftState.Provider value={{ changed, discard }}>{children}</DraftState.Provider>
					</DraftChanged.Provider>
					<DiscardChanges
						open={confirming}
						onKeep={() => setConfirming(false)}
						onDiscard={discard}
					/>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

/**
 * Asked before an editor with unsaved changes closes, or before the page is left with it open.
 * Escape or the backdrop keep editing.
 */
export function DiscardChanges({
	open,
	onKeep,
	onDiscard,
}: {
	open: boolean
	onKeep: () => void
	onDiscard: () => void
}) {
	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? null : onKeep())}>
			<Dialog.Portal>
				<Overlay open={open} className="fixed inset-0 z-[60] bg-black/40" />
				<Dialog.Content
					role="alertdialog"
					className="bg-surface fixed inset-x-4 top-1/2 z-[70] mx-auto max-w-sm -translate-y-1/2 rounded-3xl p-6 shadow-xl focus:outline-none"
				>
					<Dialog.Title className="text-lg font-bold tracking-tight">
						<Trans>Discard your changes?</Trans>
					</Dialog.Title>
					<Dialog.Description className="text-muted mt-2 text-sm">
						<Trans>What you changed in this editor has not been saved.</Trans>
					</Dialog.Description>
					{/* Keep editing comes first: it takes the focus, so Enter never loses work. */}
					<div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
						<Dialog.Close className="btn-primary">
							<Trans>Keep editing</Trans>
						</Dialog.Close>
						<button type="button" className="btn-danger" onClick={onDiscard}>
							<Trans>Discard changes</Trans>
						</button>
					</div>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

export const ModalClose = Dialog.Close

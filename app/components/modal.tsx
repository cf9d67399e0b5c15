import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useRef, type ReactNode } from 'react'
import { cx } from '~/utils/cx'

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
		if (typeof ResizeObserver === 'undefined') return
		observer.current = new ResizeObserver(() =>
			root.style.setProperty(
				'--sheet-height',
				`${Math.ceil(node.getBoundingClientRect().height)}px`,
			),
		)
		observer.current.observe(node)
	}, [])
}

/**
 * The one dialog of the product (Radix): focus trap, Escape and the X button close it,
 * the title names it for screen readers, focus returns to the opener.
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
	const contentRef = useRef<HTMLDivElement | null>(null)
	// Our dialogs are opened from state, not from a Dialog.Trigger, so Radix does not know
	// where focus came from: remember it, and give it back on close.
	const opener = useRef<HTMLElement | null>(null)
	const trackSheet = useSheetHeight()
	const setContent = useCallback(
		(node: HTMLDivElement | null) => {
			contentRef.current = node
			trackSheet(node)
		},
		[trackSheet],
	)
	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			<Dialog.Portal>
				<Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
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
						'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-white p-6 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
						size === 'sm' && 'sm:max-w-sm',
						size === 'md' && 'sm:max-w-lg',
						size === 'lg' && 'sm:max-w-2xl',
					)}
					{...(description ? {} : { 'aria-describedby': undefined })}
				>
					{/* The title and the X stay in view while a long form scrolls. */}
					<div
						className={cx(
							'sticky -top-6 z-10 -mx-6 -mt-6 flex items-start justify-between gap-4 bg-white/95 px-6 pt-6 backdrop-blur-sm',
							description ? 'pb-2' : 'mb-2 pb-3',
						)}
					>
						<Dialog.Title className="text-lg font-bold tracking-tight">{title}</Dialog.Title>
						<Dialog.Close
							className="btn-ghost -mt-2 -mr-2 size-11 shrink-0 rounded-full p-0"
							aria-label="Close"
						>
							<svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
								<path
									d="M5 5l10 10M15 5L5 15"
									stroke="currentColor"
									strokeWidth="2"
									strokeLinecap="round"
								/>
							</svg>
						</Dialog.Close>
					</div>
					{description ? (
						<Dialog.Description className="text-muted mb-5 text-sm">
							{description}
						</Dialog.Description>
					) : null}
					{children}
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

export const ModalClose = Dialog.Close

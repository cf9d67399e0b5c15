import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode } from 'react'
import { cx } from '~/utils/misc'

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
	const contentRef = useRef<HTMLDivElement>(null)
	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			<Dialog.Portal>
				<Dialog.Overlay className="bg-ink/40 fixed inset-0 z-40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
				<Dialog.Content
					ref={contentRef}
					// Focus the first field of a form rather than the close button.
					onOpenAutoFocus={(event) => {
						const field = contentRef.current?.querySelector<HTMLElement>(
							'input:not([type=hidden]):not([disabled]), textarea, select',
						)
						if (field) {
							event.preventDefault()
							field.focus()
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
					<div className="mb-5 flex items-start justify-between gap-4">
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
						<Dialog.Description className="text-muted -mt-3 mb-5 text-sm">
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

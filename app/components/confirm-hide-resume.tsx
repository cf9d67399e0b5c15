import { Trans } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'

/**
 * Asks before a change that hides the resume from visitors. The safe choice comes first and
 * takes the focus, so Enter never hides anything.
 */
export function ConfirmHideResume({
	open,
	title,
	description,
	confirmLabel,
	onCancel,
	onConfirm,
}: {
	open: boolean
	title: string
	description: string
	confirmLabel: string
	onCancel: () => void
	onConfirm: () => void
}) {
	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? null : onCancel())}>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
				<Dialog.Content
					role="alertdialog"
					className="bg-surface fixed inset-x-4 top-1/2 z-[70] mx-auto max-w-sm -translate-y-1/2 rounded-3xl p-6 shadow-xl focus:outline-none"
				>
					<Dialog.Title className="text-lg font-bold tracking-tight">{title}</Dialog.Title>
					<Dialog.Description className="text-muted mt-2 text-sm">{description}</Dialog.Description>
					<div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
						<Dialog.Close className="btn-primary">
							<Trans>Keep it</Trans>
						</Dialog.Close>
						<button type="button" className="btn-danger" onClick={onConfirm}>
							{confirmLabel}
						</button>
					</div>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

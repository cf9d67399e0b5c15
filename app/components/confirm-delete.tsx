import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode } from 'react'
import { TrashIcon } from './icons'
import { Modal, ModalClose } from './modal'

/**
 * The builder's 'Delete this …?' dialog: what goes and that it cannot be undone (`children`),
 * Cancel, and Delete ('Deleting...' while `busy`, when neither button nor Escape closes it).
 */
export function ConfirmDelete({
	open,
	title,
	busy,
	onConfirm,
	onClose,
	children,
}: {
	open: boolean
	title: string
	busy: boolean
	onConfirm: () => void
	onClose: () => void
	children: ReactNode
}) {
	const { t } = useLingui()
	return (
		<Modal
			open={open}
			onOpenChange={(next) => (next || busy ? null : onClose())}
			title={title}
			size="sm"
		>
			<p className="text-ink/80 text-sm leading-relaxed wrap-anywhere">{children}</p>
			<div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
				<ModalClose className="btn-secondary" disabled={busy}>
					<Trans>Cancel</Trans>
				</ModalClose>
				<button type="button" className="btn-danger" disabled={busy} onClick={onConfirm}>
					<TrashIcon />
					{busy ? t`Deleting...` : t`Delete`}
				</button>
			</div>
		</Modal>
	)
}

import { useLingui } from '@lingui/react'
import { FindMeContent, type FindMeProps } from './find-me'
import { Modal } from './modal'
import { SHEET_MESSAGES } from './public-sheets'

/** The Find Me card: a greeting, the owner's email and the social buttons, separated by 'OR'. */
export function FindMeModal({
	open,
	onOpenChange,
	...content
}: FindMeProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
	const { i18n } = useLingui()
	return (
		<Modal open={open} onOpenChange={onOpenChange} title={i18n._(SHEET_MESSAGES.findMe)} size="sm">
			<FindMeContent {...content} />
		</Modal>
	)
}

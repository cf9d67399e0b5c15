import { FindMeContent, type FindMeProps } from './find-me'
import { Modal } from './modal'

/** The Find Me card: a greeting, the owner's email and the social buttons, separated by 'OR'. */
export function FindMeModal({
	open,
	onOpenChange,
	...content
}: FindMeProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
	return (
		<Modal open={open} onOpenChange={onOpenChange} title="Find Me" size="sm">
			<FindMeContent {...content} />
		</Modal>
	)
}

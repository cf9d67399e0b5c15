/**
 * The Share and Find Me modals of a visitor's page, mounted at their first use by the public
 * pages' script (app/entry.public.ts): the app's own components in a React root of their own,
 * told what to show by the page's sheets (public-sheets.tsx), with the toaster they need.
 */
import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { FindMeModal } from './find-me-modal'
import { readSheets, type SheetId } from './public-sheets'
import { ShareModal } from './share-modal'
import { Toasts } from './toaster'

let current: SheetId | null = null
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
	listeners.add(listener)
	return () => void listeners.delete(listener)
}
function setCurrent(next: SheetId | null) {
	current = next
	for (const listener of listeners) listener()
}

function Dialogs({ sheets }: { sheets: ReturnType<typeof readSheets> }) {
	const open = useSyncExternalStore(subscribe, () => current)
	const onOpenChange = (dialog: SheetId) => (next: boolean) => setCurrent(next ? dialog : null)
	return (
		<>
			{sheets.share ? (
				<ShareModal
					open={open === 'share'}
					onOpenChange={onOpenChange('share')}
					{...sheets.share}
				/>
			) : null}
			{sheets.findMe ? (
				<FindMeModal
					open={open === 'find-me'}
					onOpenChange={onOpenChange('find-me')}
					{...sheets.findMe}
				/>
			) : null}
			<Toasts eager={false} />
		</>
	)
}

let mounted = false

/** Opens the modal `dialog` (mounting them all the first time). */
export function openDialog(dialog: SheetId) {
	if (!mounted) {
		mounted = true
		const host = document.createElement('div')
		document.body.append(host)
		createRoot(host).render(
			<StrictMode>
				<Dialogs sheets={readSheets(document)} />
			</StrictMode>,
		)
	}
	setCurrent(dialog)
}

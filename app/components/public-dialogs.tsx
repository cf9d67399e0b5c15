/**
 * The Share and Find Me modals of a visitor's page, mounted at their first use by the public
 * pages' script (app/entry.public.ts): the app's own components in a React root of their own,
 * told what to show by the page's sheets (public-sheets.tsx), with the toaster they need. They
 * speak the page's language with the few messages the page gives them (`DialogMessages`): no
 * catalog is loaded. The page's policy admits no `<style>` element it was not sent with: the
 * modals lock the scroll and the toasts are styled through the CSSOM instead
 * (docs/decisions/036-first-screen.md).
 */
import { setupI18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { DEFAULT_LOCALE, isLocale } from '~/utils/locales'
import { styleToastsWithoutElement } from '~/utils/toast'
import { FindMeModal } from './find-me-modal'
import { OwnScrollLock } from './modal'
import { readDialogMessages, readSheets, type SheetId } from './public-sheets'
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
		// The page admits no injected `<style>` (docs/decisions/036-first-screen.md).
		<OwnScrollLock.Provider value={true}>
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
		</OwnScrollLock.Provider>
	)
}

let mounted = false

/** Opens the modal `dialog` (mounting them all the first time). */
export function openDialog(dialog: SheetId) {
	if (!mounted) {
		mounted = true
		// Before react-hot-toast loads (at the first toast).
		styleToastsWithoutElement()
		const host = document.createElement('div')
		document.body.append(host)
		const lang = document.documentElement.lang
		const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
		const i18n = setupI18n({
			locale,
			messages: { [locale]: readDialogMessages(document) as Messages },
		})
		createRoot(host).render(
			<StrictMode>
				<I18nProvider i18n={i18n}>
					<Dialogs sheets={readSheets(document)} />
				</I18nProvider>
			</StrictMode>,
		)
	}
	setCurrent(dialog)
}

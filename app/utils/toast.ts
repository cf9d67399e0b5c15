/**
 * Toasts for pages that must stay light (the public profile): react-hot-toast is loaded the
 * first time a toast is shown, and the toaster is mounted then. Builder pages mount the toaster
 * at once and may use react-hot-toast directly; both share its one store.
 */
import type hot from 'react-hot-toast'
import { useEffect, useState } from 'react'

type Toast = typeof hot

let loading: Promise<Toast> | undefined
let wanted = false
const listeners = new Set<() => void>()

function load() {
	if (!loading) {
		loading = import('react-hot-toast').then((module) => module.default)
		wanted = true
		for (const listener of listeners) listener()
	}
	return loading
}

export const toast = {
	success: (message: string) => void load().then((hot) => hot.success(message)),
	error: (message: string) => void load().then((hot) => hot.error(message)),
}

/**
 * On a visitor's page, whose policy admits no `<style>` element but those it was sent with
 * (docs/decisions/036-first-screen.md): react-hot-toast's styles (goober's) go into a
 * constructed stylesheet adopted by the document, which no policy governs, instead of the
 * `<style id="_goober">` goober would add. goober takes `window._goober` for that element when it
 * is set, appends its rules to `_goober.firstChild.data` and never inserts an element that has a
 * `parentNode` (node_modules/goober/src/core/get-sheet.js): this is such an object, whose text
 * is the sheet's. Call before react-hot-toast loads (its keyframes are made as it loads). A
 * browser without constructed stylesheets (Safari before 16.4) keeps goober's element: there the
 * policy refuses it and the toasts show unstyled.
 */
export function styleToastsWithoutElement() {
	const global = window as Window & { _goober?: unknown }
	if (global._goober) return
	if (!('adoptedStyleSheets' in Document.prototype) || !('replaceSync' in CSSStyleSheet.prototype))
		return
	const sheet = new CSSStyleSheet()
	document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
	let text = ''
	global._goober = {
		parentNode: document.head,
		firstChild: {
			get data() {
				return text
			},
			set data(css: string) {
				text = css
				sheet.replaceSync(css)
			},
		},
	}
}

/**
 * True once the toaster should be on the page: at once when `eager` (as soon as the page is
 * hydrated), else at the first toast. Never in the server's HTML: the toaster is a lazy module,
 * and a server-rendered boundary of one stays dehydrated until its code arrives; an update that
 * reaches it meanwhile (the builder re-renders as an owner opens an editor on a slow phone) makes
 * React throw it away with an error (#421) and render it again.
 */
export function useToasterWanted(eager: boolean) {
	const [requested, setRequested] = useState(wanted)
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	useEffect(() => {
		if (requested) return
		if (wanted) return setRequested(true)
		const listener = () => setRequested(true)
		listeners.add(listener)
		return () => {
			listeners.delete(listener)
		}
	}, [requested])
	return (eager && hydrated) || requested
}

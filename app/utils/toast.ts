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

/** True once the toaster should be on the page: at once when `eager`, else at the first toast. */
export function useToasterWanted(eager: boolean) {
	const [requested, setRequested] = useState(wanted)
	useEffect(() => {
		if (requested) return
		if (wanted) return setRequested(true)
		const listener = () => setRequested(true)
		listeners.add(listener)
		return () => {
			listeners.delete(listener)
		}
	}, [requested])
	return eager || requested
}

import { useFormAction, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/** True while this page's form (or the given action) is being submitted. */
export function useIsPending({
	formAction,
	formMethod = 'POST',
	state = 'non-idle',
}: {
	formAction?: string
	formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
	state?: 'submitting' | 'loading' | 'non-idle'
} = {}) {
	const contextualFormAction = useFormAction()
	const navigation = useNavigation()
	const isPendingState =
		state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
	return (
		isPendingState &&
		navigation.formAction === (formAction ?? contextualFormAction) &&
		navigation.formMethod === formMethod
	)
}

let hydratedOnce = false

/**
 * False in the server's HTML and until React has taken over the page, then true: what must work
 * before (or without) JavaScript renders a plain link or form until then.
 */
export function useHydrated() {
	const [hydrated, setHydrated] = useState(hydratedOnce)
	useEffect(() => {
		hydratedOnce = true
		setHydrated(true)
	}, [])
	return hydrated
}

export { cx } from './cx'

/**
 * Reloads the page's data after a write (`useRevalidator().revalidate()`). The router's promise
 * rejects with an AbortError when the owner moves on before it settles (another page, another
 * reload): nothing to report, where an unhandled rejection would reach the console. Any other
 * failure still does.
 */
export function reloadData(revalidator: { revalidate: () => void }) {
	const pending = revalidator.revalidate() as unknown
	if (pending instanceof Promise) {
		pending.catch((error: unknown) => {
			if ((error as { name?: string } | null)?.name !== 'AbortError') console.error(error)
		})
	}
}

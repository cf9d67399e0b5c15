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

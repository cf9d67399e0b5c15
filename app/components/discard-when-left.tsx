import { useEffect, useRef } from 'react'

/** The builder's pages of one project: moving between them is not leaving it. */
const pagesOf = (portfolioId: string) => [
	`/builder/portfolio/${portfolioId}`,
	`/builder/portfolio/manage-images/${portfolioId}`,
]

function discard(portfolioId: string) {
	return fetch('/one/sites/portfolio/data/discard', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ portfolioId }),
		keepalive: true,
	}).catch(() => {})
}

/**
 * A project made by 'Add New' that the owner leaves before saving anything to it is removed
 * when the owner navigates elsewhere in the builder (the server removes only a still pristine
 * item). Pristine items are listed nowhere meanwhile, and the builder's list removes any left
 * for more than an hour some other way (a closed tab, a typed address, no script).
 */
export function useDiscardWhenLeft(portfolioId: string, pristine: boolean) {
	const state = useRef({ pristine, portfolioId })
	state.current = { pristine, portfolioId }
	// Only in-app navigations say where the owner went: a page that is unloaded (a typed address,
	// a closed tab) may be going to the project's other page, so those are left to the sweep.
	useEffect(() => {
		return () => {
			const { pristine: still, portfolioId: id } = state.current
			// Unmounted by an in-app navigation: where to?
			if (still && !pagesOf(id).includes(window.location.pathname)) void discard(id)
		}
	}, [])
}

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
		// Survives the page going away (a closed tab, a reload, another site).
		keepalive: true,
	}).catch(() => {})
}

/**
 * A project made by 'Add New' that the owner leaves before saving anything to it is removed
 * (the server removes only a still pristine item; the list hides pristine items meanwhile, and
 * sweeps any an owner left with no script after an hour).
 */
export function useDiscardWhenLeft(portfolioId: string, pristine: boolean) {
	const state = useRef({ pristine, portfolioId })
	state.current = { pristine, portfolioId }
	useEffect(() => {
		const onPageHide = (event: PageTransitionEvent) => {
			// Kept in the back/forward cache: the owner may come back to it.
			if (event.persisted || !state.current.pristine) return
			void discard(state.current.portfolioId)
		}
		addEventListener('pagehide', onPageHide)
		return () => {
			removeEventListener('pagehide', onPageHide)
			const { pristine: still, portfolioId: id } = state.current
			// Unmounted by an in-app navigation: where to?
			if (still && !pagesOf(id).includes(window.location.pathname)) void discard(id)
		}
	}, [])
}

import { useEffect, useRef } from 'react'

/** The builder's pages of one project: moving between them is not leaving it. */
const pagesOf = (portfolioId: string) => [
	`/builder/portfolio/${portfolioId}`,
	`/builder/portfolio/manage-images/${portfolioId}`,
]

/**
 * This page load, as the server knows it: a word from a page left earlier (a reload, another
 * tab) that arrives late does not count against it. Not `crypto.randomUUID`, which plain-http
 * self-hosted addresses lack.
 */
const VIEW = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

/** Tabs of this browser tell each other when one leaves a project (another may still show it). */
const CHANNEL = 'tagg-project-pages'

type Word = { left: string }

/** Tells the server this page has the project open (`here`) or has left it. */
function tell(portfolioId: string, here: boolean) {
	return fetch('/one/sites/portfolio/data/presence', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ portfolioId, view: VIEW, here }),
		// Sent even as the page unloads (a closed tab, a reload, Back out of the builder).
		keepalive: true,
	}).catch(() => null)
}

/**
 * A project made by 'Add New' that the owner leaves before saving anything to it is removed.
 * Leaving is any way out: another builder page, Back, a reload, closing the tab or going to
 * another site. The server waits a few seconds before removing it, and removes only an item
 * still pristine that no page has opened since: a reloaded page, a page restored by Forward, or
 * another tab showing the same project says it is still there, and a save that was on its way
 * keeps it. Pristine items are listed nowhere meanwhile; any left with no script to say so are
 * removed by the builder's list after an hour.
 */
export function useDiscardWhenLeft(portfolioId: string, pristine: boolean) {
	const still = useRef(pristine)
	still.current = pristine
	useEffect(() => {
		if (!pristine) return
		const channel = 'BroadcastChannel' in window ? new BroadcastChannel(CHANNEL) : null
		const leave = () => {
			void tell(portfolioId, false)
			channel?.postMessage({ left: portfolioId } satisfies Word)
		}
		const onPageHide = () => {
			if (still.current) leave()
		}
		const onPageShow = (event: PageTransitionEvent) => {
			// Back in the tab from the browser's cache (Forward after leaving): there again, or,
			// once the project has gone, the list.
			if (!event.persisted || !still.current) return
			void tell(portfolioId, true).then((answer) => {
				if (answer?.status === 404) window.location.replace('/builder/portfolio')
			})
		}
		const onWord = (event: MessageEvent<Word>) => {
			// Another tab left this project: this one still has it open.
			if (event.data?.left === portfolioId && still.current) void tell(portfolioId, true)
		}
		void tell(portfolioId, true)
		window.addEventListener('pagehide', onPageHide)
		window.addEventListener('pageshow', onPageShow)
		channel?.addEventListener('message', onWord)
		return () => {
			window.removeEventListener('pagehide', onPageHide)
			window.removeEventListener('pageshow', onPageShow)
			// Unmounted by an in-app navigation (or by a save that made it real): where to?
			if (still.current && !pagesOf(portfolioId).includes(window.location.pathname)) leave()
			channel?.close()
		}
	}, [portfolioId, pristine])
}

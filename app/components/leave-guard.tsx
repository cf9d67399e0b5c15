import { useBeforeUnload, useBlocker } from '@remix-run/react'
import {
	createContext,
	useCallback,
	useContext,
	useEffect,
	useLayoutEffect,
	useRef,
	type ReactNode,
} from 'react'
import { DiscardChanges } from './modal'

/** A layout effect in the browser; on the server (where it never runs) no warning. */
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

type Place = { pathname: string; search: string }

/** A navigation that leaves the page (the editor's own page, whatever its hash). */
const leavesPage = ({
	currentLocation,
	nextLocation,
}: {
	currentLocation: Place
	nextLocation: Place
}) =>
	currentLocation.pathname !== nextLocation.pathname ||
	currentLocation.search !== nextLocation.search

/** Holds the page while a draft is changed; answers the release. Null outside the builder. */
const Hold = createContext<((discard: () => void) => () => void) | null>(null)

/**
 * While any editor's draft holds unsaved changes, leaving the page asks first. An in-app
 * navigation (the phone's Back button is one: a history move the router sees) asks 'Discard your
 * changes?' as closing the editor does; discarding closes the editor and goes on. A reload or
 * closing the tab gets the browser's own prompt.
 *
 * One guard for the whole builder, mounted with it: the router keeps one blocker at a time, and
 * registers a new one only a rendering step after it mounts (React Router's useBlocker takes two
 * effects), so a guard mounted by the keystroke that changed a draft missed a Back pressed at
 * once. This one is always there and asks whether anything is held at the moment of leaving;
 * editors hold the page in the commit of the keystroke itself ({@link useHoldPage}).
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
	const held = useRef(new Set<{ discard: () => void }>())
	const blocker = useBlocker(
		useCallback(
			(args: { currentLocation: Place; nextLocation: Place }) =>
				held.current.size > 0 && leavesPage(args),
			[],
		),
	)
	useBeforeUnload(
		useCallback((event: BeforeUnloadEvent) => {
			if (!held.current.size) return
			event.preventDefault()
			// Older browsers ask only when returnValue is set.
			event.returnValue = ''
		}, []),
	)
	const hold = useCallback((discard: () => void) => {
		const entry = { discard }
		held.current.add(entry)
		return () => {
			held.current.delete(entry)
		}
	}, [])
	return (
		<Hold.Provider value={hold}>
			{children}
			<DiscardChanges
				open={blocker.state === 'blocked'}
				onKeep={() => blocker.reset?.()}
				onDiscard={() => {
					const discards = [...held.current]
					blocker.proceed?.()
					for (const { discard } of discards) discard()
				}}
			/>
		</Hold.Provider>
	)
}

/**
 * While `changed`, leaving the page asks first ({@link LeaveGuard}); discarding there calls
 * `discard` (closing the editor). Held from the commit that changed it, not an effect later.
 */
export function useHoldPage(changed: boolean, discard: () => void) {
	const hold = useContext(Hold)
	const latest = useRef(discard)
	useIsomorphicLayoutEffect(() => {
		latest.current = discard
	})
	useIsomorphicLayoutEffect(() => {
		if (!changed || !hold) return
		return hold(() => latest.current())
	}, [changed, hold])
}

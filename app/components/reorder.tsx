/**
 * Drag-and-drop reordering of a list, by pointer (mouse, pen or touch, from a handle) and by
 * keyboard (the same handle: Space or Enter picks up, arrow keys, Home and End move, Space or
 * Enter drops, Escape cancels), announced to screen readers. The new order is handed over once,
 * on drop: one save for any number of moves.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import {
	useId,
	useLayoutEffect,
	useRef,
	useState,
	type FocusEvent,
	type KeyboardEvent,
	type PointerEvent,
} from 'react'

type Drag = { id: string; order: string[]; from: string[]; via: 'pointer' | 'keyboard' }

function moveTo(order: string[], id: string, index: number) {
	const rest = order.filter((other) => other !== id)
	const clamped = Math.max(0, Math.min(rest.length, index))
	return [...rest.slice(0, clamped), id, ...rest.slice(clamped)]
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i])

export function useReorder({
	ids,
	nameOf,
	onCommit,
	disabled = false,
}: {
	ids: string[]
	nameOf: (id: string) => string
	onCommit: (order: string[]) => void
	disabled?: boolean
}) {
	const { t } = useLingui()
	const [drag, setDrag] = useState<Drag | null>(null)
	const [announcement, setAnnouncement] = useState('')
	const rows = useRef(new Map<string, HTMLElement>())
	const handles = useRef(new Map<string, HTMLElement>())
	const instructionsId = useId()
	const order = drag?.order ?? ids
	/** Where `id` stands in `list`: its position (from 1) and the count. */
	const where = (list: string[], id: string) => ({
		name: nameOf(id),
		position: list.indexOf(id) + 1,
		count: list.length,
	})

	// Moving a row moves its handle in the page: keep the keyboard focus on it.
	useLayoutEffect(() => {
		if (drag?.via === 'keyboard') handles.current.get(drag.id)?.focus()
	}, [drag])

	const start = (id: string, via: Drag['via']) => {
		setDrag({ id, order: ids, from: ids, via })
		const { name, position, count } = where(ids, id)
		setAnnouncement(t`Picked up ${name}, position ${position} of ${count}.`)
	}
	const move = (index: number) => {
		if (!drag) return
		const next = moveTo(drag.order, drag.id, index)
		if (same(next, drag.order)) return
		setDrag({ ...drag, order: next })
		const { name, position, count } = where(next, drag.id)
		setAnnouncement(t`${name}: position ${position} of ${count}.`)
	}
	const drop = () => {
		if (!drag) return
		setDrag(null)
		const { name, position, count } = where(drag.order, drag.id)
		setAnnouncement(t`${name} dropped at position ${position} of ${count}.`)
		if (!same(drag.order, drag.from)) onCommit(drag.order)
	}
	const cancel = () => {
		if (!drag) return
		setDrag(null)
		const { name, position, count } = where(drag.from, drag.id)
		setAnnouncement(t`Reordering cancelled: ${name} is back at position ${position} of ${count}.`)
	}

	/** Where a pointer at `y` would put the dragged row: before the first row whose middle is below it. */
	const indexAt = (y: number, current: Drag) => {
		const others = current.order.filter((id) => id !== current.id)
		let index = 0
		for (const id of others) {
			const rect = rows.current.get(id)?.getBoundingClientRect()
			if (rect && y > rect.top + rect.height / 2) index++
		}
		return index
	}

	const handleProps = (id: string) => ({
		ref: (node: HTMLElement | null) => {
			if (node) handles.current.set(id, node)
			else handles.current.delete(id)
		},
		'aria-describedby': instructionsId,
		'aria-pressed': drag?.id === id,
		// While an order is being saved the handles wait; they keep the focus (a disabled button
		// would drop it), so a keyboard user can go on once the save is done.
		'aria-disabled': disabled || undefined,
		// Touch drags move the row instead of scrolling the page.
		style: { touchAction: 'none' as const },
		onKeyDown: (event: KeyboardEvent) => {
			const active = drag?.id === id
			// Up is earlier; so is the arrow pointing to where lines start (right in right-to-left).
			const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
			const left = event.key === 'ArrowLeft'
			const right = event.key === 'ArrowRight'
			const back = event.key === 'ArrowUp' || (rtl ? right : left)
			const forward = event.key === 'ArrowDown' || (rtl ? left : right)
			if (event.key === ' ' || event.key === 'Enter') {
				event.preventDefault()
				if (active) drop()
				else if (!drag && !disabled) start(id, 'keyboard')
			} else if (active && back) {
				event.preventDefault()
				move(order.indexOf(id) - 1)
			} else if (active && forward) {
				event.preventDefault()
				move(order.indexOf(id) + 1)
			} else if (active && event.key === 'Home') {
				event.preventDefault()
				move(0)
			} else if (active && event.key === 'End') {
				event.preventDefault()
				move(order.length - 1)
			} else if (active && (event.key === 'Escape' || event.key === 'Tab')) {
				if (event.key === 'Escape') event.preventDefault()
				cancel()
			}
		},
		// Focus moved elsewhere by the owner ends the drag; a blur from the row moving in the page
		// (no element takes the focus) does not: the layout effect above gives the focus back.
		onBlur: (event: FocusEvent) => {
			if (drag?.id === id && drag.via === 'keyboard' && event.relatedTarget) cancel()
		},
		onPointerDown: (event: PointerEvent) => {
			if (drag || disabled || event.button !== 0) return
			event.preventDefault()
			event.currentTarget.setPointerCapture(event.pointerId)
			start(id, 'pointer')
		},
		onPointerMove: (event: PointerEvent) => {
			if (drag?.id !== id || drag.via !== 'pointer') return
			move(indexAt(event.clientY, drag))
		},
		onPointerUp: () => {
			if (drag?.id === id && drag.via === 'pointer') drop()
		},
		onPointerCancel: () => {
			if (drag?.id === id) cancel()
		},
	})

	const rowRef = (id: string) => (node: HTMLElement | null) => {
		if (node) rows.current.set(id, node)
		else rows.current.delete(id)
	}

	return {
		order,
		dragging: drag?.id ?? null,
		handleProps,
		rowRef,
		instructions: (
			<p id={instructionsId} className="sr-only">
				<Trans>
					Drag to reorder, or press Space to pick up, the arrow keys to move, Space to drop and
					Escape to cancel.
				</Trans>
			</p>
		),
		liveRegion: (
			<p aria-live="assertive" className="sr-only">
				{announcement}
			</p>
		),
	}
}

import { lazy, Suspense } from 'react'
import { useToasterWanted } from '~/utils/toast'

// react-hot-toast loads with the page everywhere but on the public pages, which load it at their
// first toast (app/utils/toast.ts).
const Toaster = lazy(() =>
	import('react-hot-toast').then((module) => ({ default: module.Toaster })),
)

// Above a bottom sheet on phones, never off the top of the screen.
const TOASTS_BOTTOM = 'min(calc(16px + var(--toast-lift, 0px)), calc(100dvh - 88px))'
const TOAST_BORDER = '1px solid var(--color-line)'

/**
 * Whether the page reads right to left (`<html dir="rtl">`, Arabic). Read from the document, not
 * from the page's i18n: the visitors' pages mount their toaster in a React root of their own. The
 * server renders no toast, so its answer (false) changes nothing the browser hydrates.
 */
const rightToLeft = () => typeof document !== 'undefined' && document.documentElement.dir === 'rtl'

/**
 * The product's toasts, at the bottom on the side a line ends (right, or left in Arabic);
 * `eager`: mounted at once, else at the first toast.
 */
export function Toasts({ eager }: { eager: boolean }) {
	const wanted = useToasterWanted(eager)
	if (!wanted) return null
	return (
		<Suspense fallback={null}>
			<Toaster
				position={rightToLeft() ? 'bottom-left' : 'bottom-right'}
				// Toasts only inform: clicks pass through them (so one never sits on a button) and
				// hovering never pauses them. On phones, while a modal's bottom sheet is open, they
				// rise above it (`--sheet-height` comes from the modal).
				containerClassName="max-sm:[--toast-lift:var(--sheet-height,0px)] [&_*]:pointer-events-none!"
				containerStyle={{
					bottom: TOASTS_BOTTOM,
				}}
				// The page's own colours, so a toast follows the light or dark theme.
				toastOptions={{
					style: {
						background: 'var(--color-surface)',
						color: 'var(--color-ink)',
						border: TOAST_BORDER,
					},
				}}
			/>
		</Suspense>
	)
}

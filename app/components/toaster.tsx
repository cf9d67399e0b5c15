import { lazy, Suspense } from 'react'
import { useToasterWanted } from '~/utils/toast'

// react-hot-toast loads with the page everywhere but on the public pages, which load it at their
// first toast (app/utils/toast.ts).
const Toaster = lazy(() =>
	import('react-hot-toast').then((module) => ({ default: module.Toaster })),
)

/** The product's toasts, bottom-right; `eager`: mounted at once, else at the first toast. */
export function Toasts({ eager }: { eager: boolean }) {
	const wanted = useToasterWanted(eager)
	if (!wanted) return null
	return (
		<Suspense fallback={null}>
			<Toaster
				position="bottom-right"
				// Toasts only inform: clicks pass through them (so one never sits on a button) and
				// hovering never pauses them. On phones, while a modal's bottom sheet is open, they
				// rise above it (`--sheet-height` comes from the modal).
				containerClassName="max-sm:[--toast-lift:var(--sheet-height,0px)] [&_*]:pointer-events-none!"
				containerStyle={{
					bottom: 'min(calc(16px + var(--toast-lift, 0px)), calc(100dvh - 88px))',
				}}
				// The page's own colours, so a toast follows the light or dark theme.
				toastOptions={{
					style: {
						background: 'var(--color-surface)',
						color: 'var(--color-ink)',
						border: '1px solid var(--color-line)',
					},
				}}
			/>
		</Suspense>
	)
}

import { type LinksFunction, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from '@remix-run/react'
import { lazy, Suspense, type ReactNode } from 'react'
import { CheckingAuthentication } from './components/checking-auth'
import { GeneralErrorBoundary } from './components/error-boundary'
import { useNonce } from './utils/nonce-provider'
import { useToasterWanted } from './utils/toast'
import tailwindHref from './styles/tailwind.css?url'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: tailwindHref },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = () => [
	{ title: 'Tagg: your profile, resume and portfolio at one address' },
	{
		name: 'description',
		content:
			'Tagg is a personal profile and portfolio builder: claim your address, build your profile, resume and case studies, and share them with a QR code.',
	},
]

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#d6246e" />
				<Meta />
				<Links />
			</head>
			<body className="bg-canvas text-ink min-h-dvh font-sans antialiased">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return (
		<>
			<Outlet />
			<CheckingAuthentication />
			<Toasts />
		</>
	)
}

// react-hot-toast loads with the page everywhere but on the public pages, which mark themselves
// with `handle.lazyToasts` and load it at their first toast (app/utils/toast.ts).
const Toaster = lazy(() =>
	import('react-hot-toast').then((module) => ({ default: module.Toaster })),
)

function Toasts() {
	const lazyPage = useMatches().some(
		(match) => (match.handle as { lazyToasts?: boolean } | undefined)?.lazyToasts,
	)
	const wanted = useToasterWanted(!lazyPage)
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
			/>
		</Suspense>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

import { type LinksFunction, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import { type ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { CheckingAuthentication } from './components/checking-auth'
import { GeneralErrorBoundary } from './components/error-boundary'
import { useNonce } from './utils/nonce-provider'
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
			<Toaster position="bottom-right" />
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

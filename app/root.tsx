import { type LinksFunction, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from '@remix-run/react'
import { type ReactNode } from 'react'
import { CheckingAuthentication } from './components/checking-auth'
import { GeneralErrorBoundary } from './components/error-boundary'
import { Toasts } from './components/toaster'
import { useDocumentOptions, type PublicEntry, type PublicPageHandle } from './utils/document'
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

/**
 * Public pages (routes with `handle.publicPage`) are for visitors: they load a small script of
 * their own instead of the Remix runtime, and none at all for `Save-Data: on`
 * (docs/decisions/008-public-visitor-pages.md).
 */
function usePublicPage() {
	return useMatches().some((match) => (match.handle as PublicPageHandle | undefined)?.publicPage)
}

export function Layout({ children }: { children: ReactNode }) {
	const { nonce, saveData, publicEntry } = useDocumentOptions()
	const publicPage = usePublicPage()
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
				{publicPage && publicEntry ? (
					saveData ? null : (
						<PublicScripts entry={publicEntry} nonce={nonce} />
					)
				) : (
					<>
						<ScrollRestoration nonce={nonce} />
						<Scripts nonce={nonce} />
					</>
				)}
			</body>
		</html>
	)
}

/**
 * The public pages' script: one inline module (its hash goes in the cached page's
 * Content-Security-Policy) that imports the built entry, preloaded with what it imports.
 */
function PublicScripts({ entry, nonce }: { entry: PublicEntry; nonce: string }) {
	return (
		<>
			{entry.preload.map((href) => (
				<link key={href} rel="modulepreload" href={href} />
			))}
			<script
				type="module"
				nonce={nonce || undefined}
				dangerouslySetInnerHTML={{
					__html: entry.imports.map((src) => `import ${JSON.stringify(src)}`).join(';'),
				}}
			/>
		</>
	)
}

export default function App() {
	const publicPage = usePublicPage()
	return (
		<>
			<Outlet />
			<CheckingAuthentication />
			{/* Public pages load react-hot-toast at their first toast. */}
			<Toasts eager={!publicPage} />
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

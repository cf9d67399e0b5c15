import { I18nProvider } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useMatches,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { CheckingAuthentication } from './components/checking-auth'
import { errorMeta, GeneralErrorBoundary } from './components/error-boundary'
import { Toasts } from './components/toaster'
import { DEFAULT_APPEARANCE, NEUTRALS, themeCss, type Appearance } from './utils/appearance'
import { cssForPairing } from './utils/critical-css'
import { useDocumentOptions, type PublicEntry, type PublicPageHandle } from './utils/document'
import { FONT_PRELOADS } from './utils/fonts'
import { hasI18n, i18nFor, localeOfMatches, metaI18n } from './utils/i18n'
import { INSIGHTS_HIT, INSIGHTS_PIXEL } from './utils/insights'
import { directionOf, type Locale } from './utils/locales'
import { requestLocale } from './utils/locale.server'
import tailwindHref from './styles/tailwind.css?url'

/**
 * The app's stylesheet is not one of these links: Layout names it on every page but the
 * visitors', whose CSS is inline (docs/decisions/036-first-screen.md).
 */
export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * The language of the builder and the signed-out pages (`?lang=`, then the cookie the switcher
 * and Settings keep, then the browser's): visitors' pages and the builder name their own in
 * their loaders' data, and the deepest wins (`localeOfMatches`).
 */
export function loader({ request }: LoaderFunctionArgs) {
	return { locale: requestLocale(request) }
}

export const meta: MetaFunction = ({ error, matches }) => {
	const i18n = metaI18n(matches)
	// An address no route knows (or a failure above every route) is titled as its page reads.
	if (error) return errorMeta(error, i18n._(msg`Page not found | Tagg`), i18n)
	return [
		{ title: i18n._(msg`Tagg: your profile, resume and portfolio at one address`) },
		{
			name: 'description',
			content: i18n._(
				msg`Tagg is a personal profile and portfolio builder: claim your address, build your profile, resume and case studies, and share them with a QR code.`,
			),
		},
	]
}

/**
 * Public pages (routes with `handle.publicPage`) are for visitors: they load a small script of
 * their own instead of the Remix runtime, and none at all for `Save-Data: on`
 * (docs/decisions/010-visitor-pages.md).
 */
function usePublicPage() {
	return useMatches().some((match) => (match.handle as PublicPageHandle | undefined)?.publicPage)
}

/**
 * Whether a visitor's page counts as a view: a public page that loaded, not its 404 or 503 (the
 * deepest route has no data when its loader failed).
 */
function useCountedView(publicPage: boolean) {
	const matches = useMatches()
	const deepest = matches.at(-1)
	return (
		publicPage &&
		deepest?.data != null &&
		!(deepest.handle as PublicPageHandle | undefined)?.uncounted
	)
}

/**
 * The owner's appearance on their pages: the deepest route whose data has an `appearance`
 * (the public pages' loaders return it). Every other page (the builder, sign-in) is Tagg pink and
 * follows the device's light or dark setting.
 */
function usePageAppearance(): Appearance {
	const matches = useMatches()
	for (let i = matches.length - 1; i >= 0; i--) {
		const data = matches[i]?.data as { appearance?: Appearance } | null | undefined
		if (data?.appearance) return data.appearance
	}
	return { ...DEFAULT_APPEARANCE, mode: 'system' }
}

const themeCssCache = new Map<string, string>()
/** The page's colours (computed once per appearance: the same bytes for every visitor). */
function cachedThemeCss(appearance: Appearance) {
	const key = `${appearance.accent}|${appearance.mode}`
	let css = themeCssCache.get(key)
	if (css === undefined) {
		css = themeCss(appearance)
		if (themeCssCache.size > 500) themeCssCache.clear()
		themeCssCache.set(key, css)
	}
	return css
}

/**
 * The theme is in the server's HTML (attributes on <html> and a <style> of the accent's colours),
 * so the first paint has it: no script, no flash, nothing to fetch (docs/decisions/021-appearance-themes.md).
 */
export function Layout({ children }: { children: ReactNode }) {
	const { nonce, saveData, publicEntry, insights, criticalCss } = useDocumentOptions()
	const publicPage = usePublicPage()
	const counted = useCountedView(publicPage) && insights
	const location = useLocation()
	const appearance = usePageAppearance()
	// A visitor's page paints from its first response: its CSS is in its head, nothing blocks.
	const inlineCss = publicPage && criticalCss ? cssForPairing(criticalCss, appearance.font) : null
	const locale = localeOfMatches(useMatches())
	useLanguageDocument(locale)
	return (
		<html
			lang={locale}
			dir={directionOf(locale)}
			data-theme={appearance.mode}
			data-font={appearance.font}
			data-header={appearance.header}
		>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{appearance.mode === 'system' ? (
					<>
						<meta
							name="theme-color"
							media="(prefers-color-scheme: light)"
							content={appearance.accent}
						/>
						<meta
							name="theme-color"
							media="(prefers-color-scheme: dark)"
							content={NEUTRALS.dark.canvas}
						/>
					</>
				) : (
					<meta
						name="theme-color"
						content={appearance.mode === 'dark' ? NEUTRALS.dark.canvas : appearance.accent}
					/>
				)}
				<Meta />
				{publicPage
					? FONT_PRELOADS[appearance.font].map((href) => (
							<link
								key={href}
								rel="preload"
								href={href}
								as="font"
								type="font/woff2"
								crossOrigin="anonymous"
							/>
						))
					: null}
				{inlineCss ? (
					<style dangerouslySetInnerHTML={{ __html: inlineCss }} />
				) : (
					<link rel="stylesheet" href={tailwindHref} />
				)}
				<Links />
				<style dangerouslySetInnerHTML={{ __html: cachedThemeCss(appearance) }} />
			</head>
			<body
				className="bg-canvas text-ink min-h-dvh font-sans antialiased"
				data-insights={counted ? INSIGHTS_HIT : undefined}
				// What the page's script adds (dialogs, the viewer) is styled by the app's stylesheet,
				// loaded then (app/utils/page-styles.ts): the inline CSS holds what the HTML uses.
				data-stylesheet={inlineCss ? tailwindHref : undefined}
			>
				<I18nProvider i18n={i18nFor(locale)}>{children}</I18nProvider>
				{counted ? (
					<ViewPixel path={location.pathname} noscript={!saveData && Boolean(publicEntry)} />
				) : null}
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
 * The browser has the catalogs of the language its document was rendered in. A page in another
 * language reached without a new document (the builder after logging in, in the owner's own
 * language) is loaded whole, with its catalogs.
 */
function useLanguageDocument(locale: Locale) {
	useEffect(() => {
		if (!hasI18n(locale)) window.location.reload()
	}, [locale])
}

/**
 * A visitor's page counts its view with the script's beacon (app/entry.public.ts); without a
 * script (JavaScript off: `noscript`; `Save-Data: on` pages have none at all) this pixel counts
 * it instead, never both. Its answer is never cached, so a page from any cache still counts.
 */
function ViewPixel({ path, noscript }: { path: string; noscript: boolean }) {
	const pixel = (
		<img
			src={`${INSIGHTS_PIXEL}?${new URLSearchParams({ p: path })}`}
			alt=""
			width={1}
			height={1}
			className="absolute size-px opacity-0"
			aria-hidden="true"
		/>
	)
	return noscript ? <noscript>{pixel}</noscript> : pixel
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

import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
	Form,
	Link,
	NavLink,
	Outlet,
	useLoaderData,
	useLocation,
	useNavigation,
} from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LeaveGuard } from '~/components/leave-guard'
import { ViewLiveLink } from '~/components/view-live'
import {
	ChartIcon,
	ContactIcon,
	GridIcon,
	HomeIcon,
	ImportIcon,
	LogoutIcon,
	MenuIcon,
	PaletteIcon,
	SettingsIcon,
} from '~/components/icons'
import { Logo } from '~/components/logo'
import { countUnreadContacts } from '~/models/contact.server'
import { getAccount } from '~/models/account.server'
import { requireCustomerId } from '~/services/auth.server'
import { ownerAddress } from '~/services/domains.server'
import { keepPageWhenSignedOut } from '~/utils/editor'
import { env } from '~/utils/env.server'
import { cookieLocale, langCookie, requestLocale } from '~/utils/locale.server'
import { metaI18n } from '~/utils/i18n'
import { isLocale } from '~/utils/locales'
import { cx, useHydrated } from '~/utils/misc'
import { noindexMeta } from '~/utils/seo'
import { rememberTimeZone } from '~/utils/time-zone'
import { requestTimeZone } from '~/utils/time-zone.server'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const account = await getAccount(customerId)
	const path = account?.profile?.path
	if (!path) throw redirect('/set-path')
	// The owner's own domain, while it serves their pages.
	const [address, unreadContacts] = await Promise.all([
		ownerAddress(path),
		countUnreadContacts(customerId),
	])
	// The builder speaks the owner's own language (Settings), else the browser's. The cookie
	// follows the setting, so the API's messages and the signed-out pages speak it too.
	const locale = requestLocale(request, account.language)
	const headers = new Headers()
	if (isLocale(account.language) && cookieLocale(request) !== account.language) {
		headers.append('Set-Cookie', langCookie(account.language))
	}
	return data(
		{
			path,
			host: new URL(env().PUBLIC_SITE_URL).host,
			domainUrl: address.domain ? address.profileUrl : null,
			unverifiedEmail: account.emailVerifiedAt ? null : account.email,
			// The sidebar's badge: contacts the owner has not opened yet.
			unreadContacts,
			locale,
			// The zone the owner's times are rendered in (app/utils/time-zone.ts), when known.
			timeZone: requestTimeZone(request),
		},
		{ headers },
	)
}

/** Its pages' editors: a save refused because the session ended does not reload the builder. */
export const shouldRevalidate = keepPageWhenSignedOut

const NAV = [
	{ to: '/builder', label: msg`Portfolio Home`, icon: HomeIcon, end: true },
	{ to: '/builder/portfolio', label: msg`Manage Portfolio`, icon: GridIcon, end: false },
	{ to: '/builder/import', label: msg`Import Resume`, icon: ImportIcon, end: false },
	{ to: '/builder/appearance', label: msg`Appearance`, icon: PaletteIcon, end: false },
	{ to: '/builder/insights', label: msg`Insights`, icon: ChartIcon, end: false },
	{ to: '/builder/contacts', label: msg`Contacts`, icon: ContactIcon, end: false },
	{ to: '/builder/settings', label: msg`Settings`, icon: SettingsIcon, end: false },
]

const MENU_ID = 'builder-menu'

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
	const { path, host, domainUrl, unreadContacts } = useLoaderData<typeof loader>()
	const { _ } = useLingui()
	const { t } = useLinguiMacro()
	return (
		<div className="flex h-full flex-col gap-8">
			<Link to="/builder" aria-label={t`Tagg builder home`} onClick={onNavigate}>
				<Logo />
			</Link>
			<nav aria-label={t`Builder`} className="flex flex-col gap-1">
				{NAV.map(({ to, label, icon: Icon, end }) => (
					<NavLink
						key={to}
						to={to}
						end={end}
						onClick={onNavigate}
						className={({ isActive }) =>
							cx(
								'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition-colors',
								isActive ? 'bg-brand-50 text-brand-700' : 'text-ink hover:bg-canvas',
							)
						}
					>
						<Icon />
						{_(label)}
						{to === '/builder/contacts' && unreadContacts > 0 ? (
							<span className="bg-brand-600 ms-auto min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-bold text-white">
								<span aria-hidden="true">{unreadContacts > 99 ? '99+' : unreadContacts}</span>
								<span className="sr-only">{t`${plural(unreadContacts, {
									one: '# unread',
									other: '# unread',
								})}`}</span>
							</span>
						) : null}
					</NavLink>
				))}
			</nav>
			<div className="mt-auto flex flex-col gap-3">
				<div className="bg-canvas text-muted rounded-xl p-3 text-xs">
					<p className="text-ink font-semibold">
						<Trans>Your address</Trans>
					</p>
					<p className="mt-0.5 break-all">
						<span dir="ltr">
							{domainUrl ?? (
								<>
									{host}/{path}
								</>
							)}
						</span>
					</p>
					<Link
						to="/builder/settings#address"
						className="text-brand mt-1.5 inline-block font-semibold hover:underline"
						onClick={onNavigate}
					>
						<Trans>Change address</Trans>
					</Link>
				</div>
				<Form method="POST" action="/logout">
					<button type="submit" className="btn-ghost w-full justify-start px-3">
						<LogoutIcon className="size-5 rtl:-scale-x-100" />
						<Trans>Logout</Trans>
					</button>
				</Form>
			</div>
		</div>
	)
}

/**
 * Until the owner opens the link sent at sign-up: a banner that asks to, with a button that
 * sends it again (Settings answers it).
 */
function VerifyEmailBanner({ email: address }: { email: string }) {
	const { t } = useLinguiMacro()
	const location = useLocation()
	const navigation = useNavigation()
	const pending =
		navigation.state === 'submitting' && navigation.formData?.get('intent') === 'verify'
	// Settings shows the same request in its Email section.
	if (location.pathname === '/builder/settings') return null
	// Named as in the message (its id), shown with its break opportunities.
	const email = breakableEmail(address)
	return (
		<section
			aria-label={t`Verify your email`}
			className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm sm:px-6"
		>
			<p className="text-ink min-w-0 flex-1">
				<Trans>
					Please verify your email: open the link we sent to <strong dir="ltr">{email}</strong>.
				</Trans>{' '}
				<Trans>Until then, no email tells you of visitors who leave their details.</Trans>
			</p>
			<Form method="POST" action="/builder/settings">
				<input type="hidden" name="intent" value="verify" />
				<button type="submit" className="btn-secondary min-h-9 py-1.5" disabled={pending}>
					{pending ? t`Sending...` : t`Send the link again`}
				</button>
			</Form>
		</section>
	)
}

export default function BuilderLayout() {
	const { t } = useLinguiMacro()
	const { path, unverifiedEmail } = useLoaderData<typeof loader>()
	const [drawerOpen, setDrawerOpen] = useState(false)
	const drawerRef = useRef<HTMLDivElement>(null)
	const location = useLocation()
	useEffect(() => setDrawerOpen(false), [location.pathname])
	const hydrated = useHydrated()
	// Opened before the script ran: the drawer takes over from the plain menu.
	const openedEarly = location.hash === `#${MENU_ID}`
	useEffect(() => {
		if (openedEarly) setDrawerOpen(true)
	}, [openedEarly])
	// The owner's zone, for the server to render their times in from the next page on.
	useEffect(rememberTimeZone, [])

	return (
		<div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
			<aside className="border-line bg-surface sticky top-0 hidden h-dvh border-e p-5 lg:block">
				<SidebarNav />
			</aside>
			<div className="min-w-0">
				<header className="border-brand-200 bg-brand-50/95 sticky top-0 z-30 flex items-center gap-3 border-b px-4 py-2 backdrop-blur sm:px-6">
					{hydrated ? (
						<Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
							<Dialog.Trigger
								className="btn-ghost -ms-2 size-11 p-0 lg:hidden"
								aria-label={t`Open menu`}
							>
								<MenuIcon />
							</Dialog.Trigger>
							<Dialog.Portal>
								<Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
								<Dialog.Content
									className="bg-surface fixed inset-y-0 start-0 z-50 w-72 max-w-[85vw] overflow-y-auto p-5 shadow-xl focus:outline-none lg:hidden"
									ref={drawerRef}
									aria-describedby={undefined}
									// Focus the first link of the menu (never Logout, where Enter would sign out).
									onOpenAutoFocus={(event) => {
										const first = drawerRef.current?.querySelector<HTMLElement>('nav a[href]')
										if (first) {
											event.preventDefault()
											first.focus()
										}
									}}
								>
									<Dialog.Title className="sr-only">
										<Trans>Menu</Trans>
									</Dialog.Title>
									<SidebarNav onNavigate={() => setDrawerOpen(false)} />
								</Dialog.Content>
							</Dialog.Portal>
						</Dialog.Root>
					) : (
						// Before the page's script runs (or without it): the menu below, shown by its anchor.
						<a
							href={`#${MENU_ID}`}
							className="btn-ghost -ms-2 size-11 p-0 lg:hidden"
							aria-label={t`Open menu`}
						>
							<MenuIcon />
						</a>
					)}
					<p className="text-brand-800 flex items-center gap-2 text-sm font-semibold">
						<span className="bg-brand size-2 rounded-full" aria-hidden="true" />
						<Trans>Edit Mode</Trans>
					</p>
					<ViewLiveLink path={path} className="btn-primary ms-auto min-h-9 py-1.5" />
				</header>
				{hydrated ? null : (
					<div
						id={MENU_ID}
						className="border-line bg-surface hidden border-b p-5 target:block lg:target:hidden"
					>
						<SidebarNav />
					</div>
				)}
				{unverifiedEmail ? <VerifyEmailBanner email={unverifiedEmail} /> : null}
				<LeaveGuard>
					<BuilderOutlet />
				</LeaveGuard>
			</div>
		</div>
	)
}

/** While a builder page loads its session-checked data, say so instead of showing stale UI. */
function BuilderOutlet() {
	const navigation = useNavigation()
	const location = useLocation()
	const switching =
		navigation.state === 'loading' &&
		navigation.location.pathname.startsWith('/builder') &&
		navigation.location.pathname !== location.pathname &&
		!navigation.formMethod
	return (
		<div className="relative">
			{switching ? (
				<div role="status" className="bg-brand absolute inset-x-0 top-0 z-20 h-0.5 animate-pulse">
					<span className="sr-only">
						<Trans>Loading...</Trans>
					</span>
				</div>
			) : null}
			<Outlet />
		</div>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Builder | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

/**
 * An email address that a narrow screen breaks before its `@` or after a `.` (never inside a
 * word, unless one part alone is wider than the line). Each part is a box of its own: it moves to
 * the next line whole (a browser would also break after a hyphen inside it), and only a part
 * wider than the line breaks inside.
 */
function breakableEmail(email: string) {
	return email.split(/(?=@)|(?<=\.)/).flatMap((part, index) => {
		const box = (
			<span key={`part-${index}`} className="inline-block max-w-full [overflow-wrap:anywhere]">
				{part}
			</span>
		)
		return index ? [<wbr key={index} />, box] : [box]
	})
}

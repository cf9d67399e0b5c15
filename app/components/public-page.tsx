/**
 * What the pages of an owner's site share (/{pname}, /{pname}/portfolio and one project): the
 * top bar, the 'Made with Tagg' footer, the share sheet (a link: it needs no script) and the
 * share modal, whose code loads when a visitor first asks for it.
 */
import { Trans } from '@lingui/react/macro'
import { type HeadersFunction, type MetaDescriptor } from '@remix-run/node'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Locale } from '~/utils/locales'
import { cx } from '~/utils/misc'
import { publicPageHeaders } from '~/utils/seo'
import { mainBase, PageBaseProvider, pagePath } from './page-base'
import { TopBar } from './profile-sections'
import { DialogMessages, shareData, ShareSheet } from './public-sheets'

const ShareModal = lazy(() =>
	import('./share-modal').then((module) => ({ default: module.ShareModal })),
)

export function PublicPage({
	profile,
	path,
	profileUrl,
	base = mainBase(path),
	accent,
	sheets,
	children,
}: {
	profile: Pick<ProfileData, 'name'> & { pictureSmallUrl?: string | null }
	path: string
	profileUrl: string
	/** What the page's links start with: '' on the owner's domain, `/{pname}` else (page-base.tsx). */
	base?: string
	/** The owner's accent: the colour of the QR code. */
	accent: string
	/** More sheets after the share sheet (the profile's Find Me). */
	sheets?: ReactNode
	/** The page; a function of what opens the share modal when the page has a share button. */
	children: ReactNode | ((openShare: () => void) => ReactNode)
}) {
	const [shareOpen, setShareOpen] = useState(false)
	const [shareUsed, setShareUsed] = useState(false)
	const openShare = () => {
		setShareUsed(true)
		setShareOpen(true)
	}
	const share = shareData(profile, path, profileUrl, accent, base)
	return (
		<PageBaseProvider value={base}>
			<TopBar profile={profile} onShare={openShare} homeHref={pagePath(base)} />
			{typeof children === 'function' ? children(openShare) : children}
			<MadeWithTagg className="py-10" />
			<ShareSheet {...share} />
			{sheets}
			<DialogMessages />
			{shareUsed ? (
				<Suspense fallback={null}>
					<ShareModal open={shareOpen} onOpenChange={setShareOpen} {...share} />
				</Suspense>
			) : null}
		</PageBaseProvider>
	)
}

/** The footer of a visitor's page. */
export function MadeWithTagg({ className }: { className: string }) {
	return (
		<footer className={cx('text-muted text-center text-xs', className)}>
			<Trans>
				Made with{' '}
				<a href="/" className="text-brand font-semibold">
					Tagg
				</a>
			</Trans>
		</footer>
	)
}

/** schema.org's type names for the pages' JSON-LD (names, not text a person reads). */
const SCHEMA_PROFILE_PAGE = 'ProfilePage'
const SCHEMA_PERSON = 'Person'
const SCHEMA_POSTAL_ADDRESS = 'PostalAddress'
const SCHEMA_COLLECTION_PAGE = 'CollectionPage'
const SCHEMA_ITEM_LIST = 'ItemList'
const SCHEMA_LIST_ITEM = 'ListItem'
const SCHEMA_CREATIVE_WORK = 'CreativeWork'
export const SCHEMA = {
	profilePage: SCHEMA_PROFILE_PAGE,
	person: SCHEMA_PERSON,
	postalAddress: SCHEMA_POSTAL_ADDRESS,
	collectionPage: SCHEMA_COLLECTION_PAGE,
	itemList: SCHEMA_ITEM_LIST,
	listItem: SCHEMA_LIST_ITEM,
	creativeWork: SCHEMA_CREATIVE_WORK,
}

/** Open Graph's name of each language (language_TERRITORY). */
const OG_LOCALES: Record<Locale, string> = {
	en: 'en_US',
	es: 'es_ES',
	fr: 'fr_FR',
	de: 'de_DE',
	'pt-BR': 'pt_BR',
	ar: 'ar_AR',
}

/** The language of a visitor's page for link previews: `og:locale`. */
export const ogLocale = (locale: Locale): MetaDescriptor => ({
	property: 'og:locale',
	content: OG_LOCALES[locale],
})

/**
 * The headers of a visitor's page (`publicPageHeaders`): the page speaks its owner's language
 * whoever reads it, so it does not vary on Accept-Language. Its error page (no such owner or
 * project) has no owner: it speaks the visitor's language, and says so to caches.
 */
export const publicPageErrorHeaders: HeadersFunction = (args) => {
	const headers = publicPageHeaders(args) as Record<string, string>
	return args.errorHeaders ? { ...headers, Vary: ERROR_VARY } : headers
}

const ERROR_VARY = 'Save-Data, Accept-Language, Cookie'

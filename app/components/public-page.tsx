/**
 * What the pages of an owner's site share (/{pname}, /{pname}/portfolio and one project): the
 * top bar, the 'Made with Tagg' footer, the share sheet (a link: it needs no script) and the
 * share modal, whose code loads when a visitor first asks for it.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { cx } from '~/utils/misc'
import { TopBar } from './profile-view'
import { shareData, ShareSheet } from './public-sheets'

const ShareModal = lazy(() =>
	import('./share-modal').then((module) => ({ default: module.ShareModal })),
)

export function PublicPage({
	profile,
	path,
	profileUrl,
	accent,
	sheets,
	children,
}: {
	profile: Pick<ProfileData, 'name'> & { pictureSmallUrl?: string | null }
	path: string
	profileUrl: string
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
	const share = shareData(profile, path, profileUrl, accent)
	return (
		<>
			<TopBar profile={profile} onShare={openShare} homeHref={`/${path}`} />
			{typeof children === 'function' ? children(openShare) : children}
			<MadeWithTagg className="py-10" />
			<ShareSheet {...share} />
			{sheets}
			{shareUsed ? (
				<Suspense fallback={null}>
					<ShareModal open={shareOpen} onOpenChange={setShareOpen} {...share} />
				</Suspense>
			) : null}
		</>
	)
}

/** The footer of a visitor's page. */
export function MadeWithTagg({ className }: { className: string }) {
	return (
		<footer className={cx('text-muted text-center text-xs', className)}>
			Made with{' '}
			<a href="/" className="text-brand font-semibold">
				Tagg
			</a>
		</footer>
	)
}

/**
 * What Share and Find Me open on a visitor's page before any script runs, or when none does
 * (JavaScript off or failed, `Save-Data: on`). The buttons are links to `#share` and `#find-me`,
 * and the sheet whose id is the URL's fragment shows (CSS `:target`); its own links close it.
 * The public pages' script (app/entry.public.ts) turns the links into buttons that open the
 * modals instead, given what to show by the sheets' data attributes.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { accentTag, qrHref } from '~/utils/appearance'
import { useDocumentOptions } from '~/utils/document'
import { FIND_ME_MESSAGES, FindMeContent, type FindMeProps } from './find-me'
import { CloseIcon, LinkIcon } from './icons'
import { mainBase } from './page-base'
import { SOCIAL_META } from './social-icons'

/**
 * What the sheets and the modals say. The modals of a visitor's page run in a React root of
 * their own with no catalog (app/components/public-dialogs.tsx): the page gives them these
 * messages in its language (`DialogMessages`).
 */
export const SHEET_MESSAGES = {
	close: msg`Close`,
	shareTitle: msg`Share Your Tagg`,
	shareDescription: msg`Scan the code or share the link.`,
	shareProfile: msg`Share Profile`,
	downloadQr: msg`Download QR Code`,
	downloadVCard: msg`Download vCard`,
	qrAlt: msg({ message: 'QR code for {profileUrl}' }),
	sharedTitle: msg({ message: '{name} on Tagg' }),
	sharedTitleNoName: msg`Tagg profile`,
	copied: msg`Link copied to clipboard!`,
	notCopied: msg`Unable to copy the link.`,
	findMe: msg`Find Me`,
} satisfies Record<string, MessageDescriptor>

/** Every message the Share and Find Me modals may show (the page gives them in its language). */
export const DIALOG_MESSAGES: MessageDescriptor[] = [
	...Object.values(SHEET_MESSAGES),
	...Object.values(FIND_ME_MESSAGES),
	...Object.values(SOCIAL_META).map((meta) => meta.message),
]

/** The name of the downloaded QR code (a file name: the same in every language). */
export const QR_FILE_NAME = 'Tagg-profile.png'

/** Where the page keeps the modals' messages (read by app/components/public-dialogs.tsx). */
export const DIALOG_MESSAGES_ID = 'dialog-messages'

/**
 * The modals' messages in the page's language, compiled (no parser ships): a JSON block the
 * modals' code reads when a visitor first opens one. No catalog reaches the browser.
 */
export function DialogMessages() {
	const { i18n } = useLingui()
	// `Save-Data: on` pages have no script, hence no modal: nothing to give.
	const { saveData } = useDocumentOptions()
	if (saveData) return null
	const messages: Record<string, unknown> = {}
	for (const { id } of DIALOG_MESSAGES) {
		if (id && i18n.messages[id] !== undefined) messages[id] = i18n.messages[id]
	}
	return (
		<script
			type="application/json"
			id={DIALOG_MESSAGES_ID}
			// Owner text never reaches it, but a '<' could end the block early: escaped.
			dangerouslySetInnerHTML={{ __html: JSON.stringify(messages).replace(/</g, '\\u003c') }}
		/>
	)
}

/** The modals' messages as the page gave them (an empty catalog when it gave none). */
export function readDialogMessages(document: Document): Record<string, unknown> {
	const text = document.getElementById(DIALOG_MESSAGES_ID)?.textContent
	try {
		return text ? (JSON.parse(text) as Record<string, unknown>) : {}
	} catch {
		return {}
	}
}

export type SheetId = 'share' | 'find-me'

/** A link to the sheet `dialog` (a button to the public script), or a button in the app. */
export function DialogOpener({
	dialog,
	link,
	onOpen,
	className,
	children,
}: {
	dialog: SheetId
	/** A visitor's page: a link, which works with no script at all. */
	link: boolean
	onOpen: () => void
	className?: string
	children: ReactNode
}) {
	if (!link) {
		return (
			<button type="button" className={className} onClick={onOpen}>
				{children}
			</button>
		)
	}
	return (
		<a
			href={`#${dialog}`}
			data-dialog={dialog}
			className={className}
			onClick={(event) => {
				event.preventDefault()
				onOpen()
			}}
		>
			{children}
		</a>
	)
}

/** Where a sheet's close links go: a fragment no element has, so the page does not scroll. */
const CLOSED = '#_'

function Sheet({
	id,
	title,
	description,
	children,
	...data
}: {
	id: SheetId
	title: string
	description?: string
	children: ReactNode
} & Record<`data-${string}`, string>) {
	const { i18n } = useLingui()
	const close = i18n._(SHEET_MESSAGES.close)
	return (
		<section
			id={id}
			aria-labelledby={`${id}-title`}
			className="fixed inset-0 z-40 hidden target:block"
			{...data}
		>
			<a
				href={CLOSED}
				tabIndex={-1}
				aria-hidden="true"
				className="absolute inset-0 bg-black/50 backdrop-blur-[2px]"
			>
				<span className="sr-only">{close}</span>
			</a>
			<div className="bg-surface absolute inset-x-0 bottom-0 max-h-[92dvh] overflow-y-auto rounded-t-3xl p-6 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-sm sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl">
				<div
					className={`flex items-start justify-between gap-4 ${description ? 'pb-2' : 'mb-2 pb-3'}`}
				>
					<h2 id={`${id}-title`} className="text-lg font-bold tracking-tight">
						{title}
					</h2>
					<a href={CLOSED} className="btn-ghost -me-2 -mt-2 size-11 shrink-0 rounded-full p-0">
						<span className="sr-only">{close}</span>
						<CloseIcon />
					</a>
				</div>
				{description ? <p className="text-muted mb-5 text-sm">{description}</p> : null}
				{children}
			</div>
		</section>
	)
}

export const DownloadIcon = ({ className = 'size-4' }: { className?: string }) => (
	<svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden="true">
		<path
			d="M10 3v9m0 0l-3.5-3.5M10 12l3.5-3.5M4 14.5V16a1 1 0 001 1h10a1 1 0 001-1v-1.5"
			stroke="currentColor"
			strokeWidth="1.8"
			strokeLinecap="round"
			strokeLinejoin="round"
		/>
	</svg>
)

export const CardIcon = ({ className = 'size-4' }: { className?: string }) => (
	<svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden="true">
		<rect x="2.5" y="4" width="15" height="12" rx="2" stroke="currentColor" strokeWidth="1.8" />
		<circle cx="7.5" cy="9" r="1.8" stroke="currentColor" strokeWidth="1.6" />
		<path
			d="M4.8 13.5c.5-1.3 1.5-2 2.7-2s2.2.7 2.7 2M12 8.5h3M12 11.5h3"
			stroke="currentColor"
			strokeWidth="1.6"
			strokeLinecap="round"
		/>
	</svg>
)

/** The QR code of the profile URL, drawn 256 px from the 512 px PNG. */
export function QrCode({
	base,
	profileUrl,
	qrTag,
	lazy = false,
}: {
	/** The page's base (page-base.tsx). */
	base: string
	profileUrl: string
	/** The accent's tag (app/utils/appearance.ts accentTag): the code's colour. */
	qrTag: string
	/** In a hidden sheet: loaded only when the sheet shows. */
	lazy?: boolean
}) {
	const { i18n } = useLingui()
	return (
		// The code stays dark on white in dark mode: that is what scanners read.
		<div className="border-line rounded-2xl border bg-white p-2 shadow-sm">
			<img
				src={qrHref(base, qrTag)}
				alt={i18n._(
					SHEET_MESSAGES.qrAlt.id,
					{ profileUrl },
					{ message: SHEET_MESSAGES.qrAlt.message },
				)}
				width={256}
				height={256}
				loading={lazy ? 'lazy' : undefined}
				className="block size-64 max-w-full"
			/>
		</div>
	)
}

/** The profile URL as text a visitor can select and copy. */
export function ProfileUrlText({ profileUrl }: { profileUrl: string }) {
	return (
		<p className="bg-canvas border-line flex w-full items-center justify-center gap-2 rounded-xl border px-3 py-2 text-sm font-medium break-all">
			<LinkIcon className="text-brand size-4 shrink-0" />
			<span dir="ltr" className="select-all">
				{profileUrl}
			</span>
		</p>
	)
}

export type ShareData = {
	profileUrl: string
	path: string
	/** The page's base: '' on the owner's domain, `/{pname}` else (page-base.tsx). */
	base: string
	name: string
	qrTag: string
}

/** What the share sheet and the share modal show of an owner's page. */
export function shareData(
	profile: Pick<ProfileData, 'name'>,
	path: string,
	profileUrl: string,
	/** The owner's accent: the colour of the QR code. */
	accent: string,
	base = mainBase(path),
): ShareData {
	const name = [profile.name.firstName, profile.name.lastName].filter(Boolean).join(' ')
	// On the owner's domain the link shared is `https://{domain}/` (ARCHITECTURE.md).
	const shared = base === '' && !profileUrl.endsWith('/') ? `${profileUrl}/` : profileUrl
	return { profileUrl: shared, path, base, name, qrTag: accentTag(accent) }
}

/** 'Share Your Tagg' without a script: the QR code, the URL, and the downloads as links. */
export function ShareSheet({ profileUrl, path, base, name, qrTag }: ShareData) {
	const { i18n } = useLingui()
	return (
		<Sheet
			id="share"
			title={i18n._(SHEET_MESSAGES.shareTitle)}
			description={i18n._(SHEET_MESSAGES.shareDescription)}
			data-profile-url={profileUrl}
			data-path={path}
			// Only on the owner's domain: the main host's page stays as it was.
			data-base={base === mainBase(path) ? undefined : base}
			data-name={name}
			data-qr-tag={qrTag}
		>
			<div className="flex flex-col items-center gap-4">
				<QrCode base={base} profileUrl={profileUrl} qrTag={qrTag} lazy />
				<ProfileUrlText profileUrl={profileUrl} />
				<div className="grid w-full gap-2.5">
					<a className="btn-primary" href={qrHref(base, qrTag, true)} download={QR_FILE_NAME}>
						<DownloadIcon />
						{i18n._(SHEET_MESSAGES.downloadQr)}
					</a>
					<VCardLink base={base} />
				</div>
			</div>
		</Sheet>
	)
}

/** Find Me without a script: the greeting, the email and the social links. */
export function FindMeSheet(props: FindMeProps) {
	const { i18n } = useLingui()
	return (
		<Sheet id="find-me" title={i18n._(SHEET_MESSAGES.findMe)} data-find-me={JSON.stringify(props)}>
			<FindMeContent {...props} />
		</Sheet>
	)
}

/** What the modals show, as the page's sheets hold it (null when the page has no such sheet). */
export function readSheets(document: Document) {
	const share = document.getElementById('share')?.dataset
	const findMe = document.getElementById('find-me')?.dataset.findMe
	return {
		share: share?.path
			? {
					profileUrl: share.profileUrl ?? '',
					path: share.path,
					base: share.base ?? mainBase(share.path),
					name: share.name ?? '',
					qrTag: share.qrTag ?? '',
				}
			: null,
		findMe: findMe ? (JSON.parse(findMe) as FindMeProps) : null,
	}
}

/** The owner's contact card, downloaded (the share sheet and the share modal). */
export function VCardLink({ base }: { base: string }) {
	const { i18n } = useLingui()
	return (
		<a className="btn-secondary" href={`${base}/contact.vcf`} download="contact.vcf">
			<CardIcon />
			{i18n._(SHEET_MESSAGES.downloadVCard)}
		</a>
	)
}

import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { qrHref } from '~/utils/appearance'
import { toast } from '~/utils/toast'
import { ShareIcon } from './icons'
import { Modal } from './modal'
import {
	DownloadIcon,
	ProfileUrlText,
	QR_FILE_NAME,
	QrCode,
	SHEET_MESSAGES,
	VCardLink,
} from './public-sheets'

/**
 * Copies with the old selection API: pages served over plain http on a LAN address (a common
 * self-hosted setup) have no `navigator.clipboard`.
 */
function legacyCopy(text: string) {
	const field = document.createElement('textarea')
	field.value = text
	field.setAttribute('readonly', '')
	field.style.position = 'fixed'
	field.style.opacity = '0'
	// Inside the dialog: its focus trap would take focus back from a field outside it.
	const host = document.querySelector('[role="dialog"]') ?? document.body
	const focused = document.activeElement as HTMLElement | null
	host.appendChild(field)
	field.select()
	let copied = false
	try {
		copied = document.execCommand('copy')
	} catch {
		copied = false
	}
	field.remove()
	focused?.focus()
	return copied
}

/**
 * Copies to the clipboard; true when it worked. A refusal of the Clipboard API (permission
 * denied) is final: the user or the browser said no.
 */
async function copyText(text: string) {
	if (!navigator.clipboard?.writeText) return legacyCopy(text)
	try {
		await navigator.clipboard.writeText(text)
		return true
	} catch {
		return false
	}
}

/**
 * 'Share Your Tagg': the QR code of the profile URL (drawn 256 px from the 512 px PNG), the
 * URL, a QR download, the native share sheet (or a copied link), and the contact card.
 */
/** Tells the visitor's page script (app/entry.public.ts) that the profile was shared (insights). */
function shared(method: 'native' | 'copy') {
	document.dispatchEvent(new CustomEvent('tagg:share', { detail: method }))
}

export function ShareModal({
	open,
	onOpenChange,
	profileUrl,
	base,
	name,
	qrTag,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	profileUrl: string
	/** The owner's path (ShareData; the links take the base). */
	path: string
	/** The page's base: '' on the owner's domain, `/{pname}` else (page-base.tsx). */
	base: string
	name: string
	/** The accent's tag: the QR code's colour (app/utils/appearance.ts). */
	qrTag: string
}) {
	const { i18n } = useLingui()
	const [busy, setBusy] = useState(false)
	const timer = useRef<number | undefined>(undefined)
	useEffect(() => () => window.clearTimeout(timer.current), [])

	async function shareProfile() {
		const data = {
			title: name
				? i18n._(
						SHEET_MESSAGES.sharedTitle.id,
						{ name },
						{ message: SHEET_MESSAGES.sharedTitle.message },
					)
				: i18n._(SHEET_MESSAGES.sharedTitleNoName),
			url: profileUrl,
		}
		if (
			typeof navigator.share === 'function' &&
			(!navigator.canShare || navigator.canShare(data))
		) {
			try {
				await navigator.share(data)
				shared('native')
				return
			} catch (error) {
				// The person closed the share sheet: nothing to do.
				if ((error as Error).name === 'AbortError') return
			}
		}
		if (await copyText(profileUrl)) {
			shared('copy')
			toast.success(i18n._(SHEET_MESSAGES.copied))
		} else toast.error(i18n._(SHEET_MESSAGES.notCopied))
	}

	function downloadQr() {
		setBusy(true)
		// SPEC.md section 9: the download starts after a 100 ms delay.
		timer.current = window.setTimeout(() => {
			const link = document.createElement('a')
			link.href = qrHref(base, qrTag, true)
			link.download = QR_FILE_NAME
			document.body.appendChild(link)
			link.click()
			link.remove()
			setBusy(false)
		}, 100)
	}

	return (
		<Modal
			open={open}
			onOpenChange={onOpenChange}
			title={i18n._(SHEET_MESSAGES.shareTitle)}
			description={i18n._(SHEET_MESSAGES.shareDescription)}
			size="sm"
		>
			<div className="flex flex-col items-center gap-4">
				<QrCode base={base} profileUrl={profileUrl} qrTag={qrTag} />
				<ProfileUrlText profileUrl={profileUrl} />
				<div className="grid w-full gap-2.5">
					<button type="button" className="btn-primary" onClick={shareProfile}>
						<ShareIcon className="size-4" />
						{i18n._(SHEET_MESSAGES.shareProfile)}
					</button>
					<button type="button" className="btn-secondary" onClick={downloadQr} disabled={busy}>
						<DownloadIcon />
						{i18n._(SHEET_MESSAGES.downloadQr)}
					</button>
					<VCardLink base={base} />
				</div>
			</div>
		</Modal>
	)
}

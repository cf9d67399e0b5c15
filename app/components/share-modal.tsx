import { useEffect, useRef, useState } from 'react'
import { toast } from '~/utils/toast'
import { Modal } from './modal'
import { LinkIcon, ShareIcon } from './icons'

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

const DownloadIcon = ({ className = 'size-4' }: { className?: string }) => (
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

const CardIcon = ({ className = 'size-4' }: { className?: string }) => (
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

/**
 * 'Share Your Tagg': the QR code of the profile URL (drawn 256 px from the 512 px PNG), the
 * URL, a QR download, the native share sheet (or a copied link), and the contact card.
 */
export function ShareModal({
	open,
	onOpenChange,
	profileUrl,
	path,
	name,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	profileUrl: string
	path: string
	name: string
}) {
	const [busy, setBusy] = useState(false)
	const timer = useRef<number | undefined>(undefined)
	useEffect(() => () => window.clearTimeout(timer.current), [])

	async function shareProfile() {
		const data = { title: name ? `${name} on Tagg` : 'Tagg profile', url: profileUrl }
		if (
			typeof navigator.share === 'function' &&
			(!navigator.canShare || navigator.canShare(data))
		) {
			try {
				await navigator.share(data)
				return
			} catch (error) {
				// The person closed the share sheet: nothing to do.
				if ((error as Error).name === 'AbortError') return
			}
		}
		if (await copyText(profileUrl)) toast.success('Link copied to clipboard!')
		else toast.error('Unable to copy the link.')
	}

	function downloadQr() {
		setBusy(true)
		// SPEC.md section 9: the download starts after a 100 ms delay.
		timer.current = window.setTimeout(() => {
			const link = document.createElement('a')
			link.href = `/${path}/qr.png?download=1`
			link.download = 'Tagg-profile.png'
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
			title="Share Your Tagg"
			description="Scan the code or share the link."
			size="sm"
		>
			<div className="flex flex-col items-center gap-4">
				<div className="border-line rounded-2xl border bg-white p-2 shadow-sm">
					<img
						src={`/${path}/qr.png`}
						alt={`QR code for ${profileUrl}`}
						width={256}
						height={256}
						className="block size-64 max-w-full"
					/>
				</div>
				<p className="bg-canvas border-line flex w-full items-center justify-center gap-2 rounded-xl border px-3 py-2 text-sm font-medium break-all">
					<LinkIcon className="text-brand size-4 shrink-0" />
					<span>{profileUrl}</span>
				</p>
				<div className="grid w-full gap-2.5">
					<button type="button" className="btn-primary" onClick={shareProfile}>
						<ShareIcon className="size-4" />
						Share Profile
					</button>
					<button type="button" className="btn-secondary" onClick={downloadQr} disabled={busy}>
						<DownloadIcon />
						Download QR Code
					</button>
					<a className="btn-secondary" href={`/${path}/contact.vcf`} download="contact.vcf">
						<CardIcon />
						Download vCard
					</a>
				</div>
			</div>
		</Modal>
	)
}

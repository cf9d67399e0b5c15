import { useState } from 'react'
import toast from 'react-hot-toast'
import { Modal } from './modal'
import { LinkIcon, ShareIcon } from './icons'

/** Copies to the clipboard; true when it worked. */
async function copyText(text: string) {
	try {
		await navigator.clipboard.writeText(text)
		return true
	} catch {
		return false
	}
}

/**
 * 'Share Your Tagg': the QR code of the profile URL, the URL, a QR download, the native
 * share sheet (or a copied link), and the contact card.
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
				if ((error as Error).name === 'AbortError') return
			}
		}
		if (await copyText(profileUrl)) toast.success('Link copied to clipboard!')
		else toast.error('Unable to copy the link.')
	}

	function downloadQr() {
		setBusy(true)
		// SPEC.md section 9: the download starts after a 100 ms delay.
		window.setTimeout(() => {
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
		<Modal open={open} onOpenChange={onOpenChange} title="Share Your Tagg" size="sm">
			<div className="flex flex-col items-center gap-5">
				<img
					src={`/${path}/qr.png`}
					alt={`QR code for ${profileUrl}`}
					width={256}
					height={256}
					className="border-line size-64 rounded-2xl border bg-white p-2"
				/>
				<p className="bg-canvas flex max-w-full items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium break-all">
					<LinkIcon className="text-brand size-4 shrink-0" />
					{profileUrl}
				</p>
				<div className="grid w-full gap-2.5">
					<button type="button" className="btn-primary" onClick={shareProfile}>
						<ShareIcon className="size-4" />
						Share Profile
					</button>
					<button type="button" className="btn-secondary" onClick={downloadQr} disabled={busy}>
						Download QR Code
					</button>
					<a className="btn-secondary" href={`/${path}/contact.vcf`} download="contact.vcf">
						Download vCard
					</a>
				</div>
			</div>
		</Modal>
	)
}

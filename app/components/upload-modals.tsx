/**
 * The two upload modals: the display picture (one square image) and a project's images (several
 * 16:9 images). Both post multipart to the /one API with the session cookie and speak SPEC.md's
 * messages.
 */
import { useRevalidator } from '@remix-run/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { DEFAULT_AVATAR } from './avatar'
import { Modal } from './modal'

async function readMessage(response: Response) {
	try {
		const body = (await response.json()) as { message?: string }
		return body.message ?? ''
	} catch {
		return ''
	}
}

function usePreviews(files: File[]) {
	const [urls, setUrls] = useState<string[]>([])
	useEffect(() => {
		const created = files.map((file) => URL.createObjectURL(file))
		setUrls(created)
		return () => created.forEach((url) => URL.revokeObjectURL(url))
	}, [files])
	return urls
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'

export function DisplayPictureModal({
	open,
	onOpenChange,
	currentUrl,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	currentUrl: string | null
}) {
	const [files, setFiles] = useState<File[]>([])
	const [error, setError] = useState<string | null>(null)
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	const previews = usePreviews(files)
	const inputId = useId()

	useEffect(() => {
		if (!open) {
			setFiles([])
			setError(null)
		}
	}, [open])

	async function submit(event: FormEvent) {
		event.preventDefault()
		const file = files[0]
		if (!file) {
			setError('Please select a file before submitting.')
			return
		}
		setBusy(true)
		setError(null)
		try {
			const body = new FormData()
			body.append('display_picture', file)
			const response = await fetch('/one/sites/images/update/display-picture', {
				method: 'POST',
				body,
			})
			if (response.status === 200) {
				toast.success('Display picture updated successfully.')
				revalidator.revalidate()
				onOpenChange(false)
			} else {
				const detail = await readMessage(response)
				setError(['Failed to update display picture.', detail].filter(Boolean).join(' '))
				toast.error('Failed to update display picture.')
			}
		} catch {
			setError('Something went wrong.')
			toast.error('Something went wrong.')
		} finally {
			setBusy(false)
		}
	}

	const preview = previews[0] ?? currentUrl ?? DEFAULT_AVATAR
	return (
		<Modal open={open} onOpenChange={onOpenChange} title="Edit Display Picture" size="sm">
			<form onSubmit={submit} noValidate className="flex flex-col items-center gap-4">
				<div className="border-line bg-brand-50 size-40 overflow-hidden rounded-full border">
					<img
						src={preview}
						alt="Preview: how you will appear"
						className="size-full object-cover"
					/>
				</div>
				<div className="w-full">
					<label htmlFor={inputId} className="field-label">
						Choose a picture
					</label>
					<input
						id={inputId}
						type="file"
						accept={ACCEPT}
						onChange={(event) => {
							setFiles(Array.from(event.target.files ?? []).slice(0, 1))
							setError(null)
						}}
						className="field-input file:bg-brand-50 file:text-brand-700 file:mr-3 file:rounded-lg file:border-0 file:px-3 file:py-1.5 file:font-semibold"
						aria-describedby={`${inputId}-hint`}
					/>
					<p id={`${inputId}-hint`} className="text-muted mt-1.5 text-xs">
						A square image under 2 MB looks best (JPEG, PNG, WebP or AVIF).
					</p>
				</div>
				{error ? (
					<p
						role="alert"
						className="w-full rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
					>
						{error}
					</p>
				) : null}
				<button type="submit" className="btn-primary w-full" disabled={busy}>
					{busy ? 'Updating...' : 'Update'}
				</button>
			</form>
		</Modal>
	)
}

export function ProjectImagesModal({
	open,
	onOpenChange,
	productId,
	productName,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	productId: string
	productName: string
}) {
	const [files, setFiles] = useState<File[]>([])
	const [error, setError] = useState<string | null>(null)
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	const previews = usePreviews(files)
	const inputId = useId()

	useEffect(() => {
		if (!open) {
			setFiles([])
			setError(null)
		}
	}, [open])

	async function submit(event: FormEvent) {
		event.preventDefault()
		if (!files.length) {
			setError('Please select at least one file.')
			toast.error('Please select at least one file.')
			return
		}
		setBusy(true)
		setError(null)
		try {
			const body = new FormData()
			for (const file of files) body.append('product_images', file)
			const response = await fetch(
				`/one/sites/images/update/portfolio-images?productId=${encodeURIComponent(productId)}`,
				{ method: 'POST', body },
			)
			if (response.status === 200) {
				toast.success('Images uploaded!')
				revalidator.revalidate()
			} else {
				const detail = await readMessage(response)
				toast.error(detail ? `Upload failed.\n${detail}` : 'Upload failed.')
			}
		} catch {
			toast.error('Something went wrong.')
		} finally {
			setBusy(false)
			onOpenChange(false)
		}
	}

	return (
		<Modal
			open={open}
			onOpenChange={onOpenChange}
			title="Edit Display Picture"
			description={`Add images to ${productName || 'this project'}.`}
		>
			<form onSubmit={submit} noValidate className="flex flex-col gap-4">
				<div>
					<label htmlFor={inputId} className="field-label">
						Product images
					</label>
					<input
						id={inputId}
						type="file"
						multiple
						accept={ACCEPT}
						onChange={(event) => {
							setFiles(Array.from(event.target.files ?? []))
							setError(null)
						}}
						className="field-input file:bg-brand-50 file:text-brand-700 file:mr-3 file:rounded-lg file:border-0 file:px-3 file:py-1.5 file:font-semibold"
						aria-describedby={`${inputId}-hint`}
					/>
					<p id={`${inputId}-hint`} className="text-muted mt-1.5 text-xs">
						Max size 2MB · 16:9 Images &lt; 2Mb each · up to 10 at once
					</p>
				</div>
				{previews.length ? (
					<ul className="grid grid-cols-3 gap-2" aria-label="Selected images">
						{previews.map((url, index) => (
							<li key={url}>
								<img
									src={url}
									alt={files[index]?.name ?? ''}
									className="aspect-video w-full rounded-lg object-cover"
								/>
							</li>
						))}
					</ul>
				) : null}
				{error ? (
					<p
						role="alert"
						className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
					>
						{error}
					</p>
				) : null}
				<button type="submit" className="btn-primary w-full" disabled={busy}>
					{busy ? 'Uploading...' : 'Upload'}
				</button>
			</form>
		</Modal>
	)
}

/**
 * The two upload modals: the display picture (one square image) and a project's images (several
 * 16:9 images). Both post multipart to the /one API with the session cookie and speak SPEC.md's
 * messages. Size and type are checked in the browser first (a refused file is named at once,
 * nothing is sent); project images go one request per file, so one bad file never sinks the
 * others, and every refused file stays listed with its reason.
 */
import { useRevalidator } from '@remix-run/react'
import {
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
	type ChangeEvent,
	type FormEvent,
	type ReactNode,
} from 'react'
import toast from 'react-hot-toast'
import { cx, reloadData } from '~/utils/misc'
import {
	ACCEPT_IMAGES,
	checkImageFile,
	formatBytes,
	MAX_UPLOAD_FILES,
	UPLOAD_ERRORS,
} from '~/utils/upload-rules'
import { DEFAULT_AVATAR } from './avatar'
import { SignedOutNotice } from './editor-form'
import { CloseIcon } from './icons'
import { Modal } from './modal'

async function readMessage(response: Response) {
	if (!response.headers.get('content-type')?.includes('json')) return ''
	try {
		const body = (await response.json()) as { message?: string }
		return body.message ?? ''
	} catch {
		return ''
	}
}

/**
 * Posts one file, multipart, as `field` (the session cookie goes with it): the status and, when
 * it is not 200, the API's message ('' when it gave none). Throws when nothing was answered.
 */
async function postFile(url: string, field: string, file: File) {
	const body = new FormData()
	body.append(field, file)
	const response = await fetch(url, { method: 'POST', body })
	return {
		status: response.status,
		message: response.status === 200 ? '' : await readMessage(response),
	}
}

/** Runs `clear` when the modal closes, so it opens again empty. */
function useClearOnClose(open: boolean, clear: () => void) {
	const latest = useRef(clear)
	latest.current = clear
	useEffect(() => {
		if (!open) latest.current()
	}, [open])
}

/** The file input of an upload modal, with its label and the hint that describes it. */
function FileField({
	label,
	hint,
	onChange,
	invalid,
	multiple,
	disabled,
}: {
	label: string
	hint: ReactNode
	onChange: (event: ChangeEvent<HTMLInputElement>) => void
	invalid?: boolean
	multiple?: boolean
	disabled?: boolean
}) {
	const id = useId()
	return (
		<div className="w-full min-w-0">
			<label htmlFor={id} className="field-label">
				{label}
			</label>
			<input
				id={id}
				type="file"
				multiple={multiple}
				accept={ACCEPT_IMAGES}
				disabled={disabled}
				onChange={onChange}
				className={FILE_INPUT}
				aria-describedby={`${id}-hint`}
				aria-invalid={invalid ? true : undefined}
			/>
			<p id={`${id}-hint`} className="text-muted mt-1.5 text-xs">
				{hint}
			</p>
		</div>
	)
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

const FILE_INPUT =
	'field-input file:bg-brand-50 file:text-brand-700 file:mr-3 file:rounded-lg file:border-0 file:px-3 file:py-1.5 file:font-semibold'

function Alert({ children }: { children: ReactNode }) {
	return (
		<div
			role="alert"
			className="w-full rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm wrap-anywhere text-red-800"
		>
			{children}
		</div>
	)
}

export function DisplayPictureModal({
	open,
	onOpenChange,
	currentUrl,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	currentUrl: string | null
}) {
	const [file, setFile] = useState<File | null>(null)
	const [error, setError] = useState<string | null>(null)
	const [signedOut, setSignedOut] = useState(false)
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	const valid = useMemo(() => (file && !checkImageFile(file) ? [file] : NO_FILES), [file])
	const previews = usePreviews(valid)
	useClearOnClose(open, () => {
		setFile(null)
		setError(null)
		setSignedOut(false)
	})

	/** The reason `chosen` cannot be sent, named, or null. */
	const refusal = (chosen: File) => {
		const problem = checkImageFile(chosen)
		return problem ? `“${chosen.name}” (${formatBytes(chosen.size)}): ${problem}` : null
	}

	async function submit(event: FormEvent) {
		event.preventDefault()
		if (!file) {
			setError('Please select a file before submitting.')
			return
		}
		const refused = refusal(file)
		if (refused) {
			setError(refused)
			return
		}
		setBusy(true)
		setError(null)
		setSignedOut(false)
		try {
			const answer = await postFile(
				'/one/sites/images/update/display-picture',
				'display_picture',
				file,
			)
			if (answer.status === 401) {
				// The session ended (signed out on another device): the picture stays chosen.
				setSignedOut(true)
			} else if (answer.status === 200) {
				toast.success('Display picture updated successfully.')
				reloadData(revalidator)
				onOpenChange(false)
			} else {
				setError(['Failed to update display picture.', answer.message].filter(Boolean).join(' '))
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
			<form onSubmit={submit} noValidate className="flex min-w-0 flex-col items-center gap-4">
				<div className="border-line bg-brand-50 size-40 overflow-hidden rounded-full border">
					<img
						src={preview}
						alt="Preview: how you will appear"
						className="size-full object-cover"
					/>
				</div>
				<FileField
					label="Choose a picture"
					hint="A square image under 2 MB looks best (JPEG, PNG, WebP or AVIF, at most 10 MB)."
					invalid={Boolean(error)}
					onChange={(event) => {
						const chosen = event.target.files?.[0] ?? null
						setFile(chosen)
						// Checked at once: a file that cannot be sent is named before any upload.
						setError(chosen ? refusal(chosen) : null)
					}}
				/>
				{signedOut ? (
					<SignedOutNotice kept="Your picture is still chosen" submitLabel="Update" />
				) : error ? (
					<Alert>{error}</Alert>
				) : null}
				<button type="submit" className="btn-primary w-full" disabled={busy}>
					{busy ? 'Updating...' : 'Update'}
				</button>
			</form>
		</Modal>
	)
}

const NO_FILES: File[] = []

type Entry = {
	id: number
	file: File
	/** Why the browser or the server refused it; null while it may be sent. */
	error: string | null
	state: 'ready' | 'uploading' | 'refused'
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
	const [entries, setEntries] = useState<Entry[]>([])
	const [error, setError] = useState<string | null>(null)
	const [busy, setBusy] = useState(false)
	const [progress, setProgress] = useState<string | null>(null)
	const [signedOut, setSignedOut] = useState(false)
	const nextId = useRef(0)
	const revalidator = useRevalidator()
	const sendable = entries.filter((entry) => entry.state === 'ready')
	const previewFiles = useStableFiles(entries.map((entry) => entry.file))
	const previews = usePreviews(previewFiles)
	useClearOnClose(open, () => {
		setEntries([])
		setError(null)
		setProgress(null)
		setSignedOut(false)
	})

	/** Adds chosen files to the selection, each checked at once. */
	function add(files: File[]) {
		setError(null)
		setEntries((current) => {
			const added = files.map((file): Entry => {
				const problem = checkImageFile(file)
				return {
					id: nextId.current++,
					file,
					error: problem,
					state: problem ? 'refused' : 'ready',
				}
			})
			return [...current, ...added]
		})
	}

	async function submit(event: FormEvent) {
		event.preventDefault()
		if (!sendable.length) {
			const message = entries.length
				? 'None of the selected files can be uploaded: see why under each one.'
				: 'Please select at least one file.'
			setError(message)
			toast.error(message)
			return
		}
		if (sendable.length > MAX_UPLOAD_FILES) {
			setError(UPLOAD_ERRORS.tooMany)
			return
		}
		setBusy(true)
		setError(null)
		setSignedOut(false)
		let uploaded = 0
		let failedToSend = false
		// The session ended (signed out on another device): this file and those after it wait.
		let unsentFrom: number | null = null
		// Refused by the server (4xx: the file itself), or not sent (network down, 5xx: try again).
		const refused = new Map<number, string>()
		const retry = new Map<number, string>()
		// One file per request, in order: a refused file never sinks the others.
		for (const [index, entry] of sendable.entries()) {
			setProgress(`Uploading ${index + 1} of ${sendable.length}...`)
			setEntries((current) =>
				current.map((item) => (item.id === entry.id ? { ...item, state: 'uploading' } : item)),
			)
			try {
				const answer = await postFile(
					`/one/sites/images/update/portfolio-images?productId=${encodeURIComponent(productId)}`,
					'product_images',
					entry.file,
				)
				if (answer.status === 401) {
					unsentFrom = index
					break
				}
				if (answer.status === 200) uploaded++
				else if (answer.status >= 500) {
					retry.set(entry.id, 'Upload failed. Try again.')
				} else refused.set(entry.id, answer.message || 'Upload failed.')
			} catch {
				failedToSend = true
				retry.set(entry.id, 'Something went wrong. Try again.')
			}
		}
		setBusy(false)
		setProgress(null)
		if (uploaded) reloadData(revalidator)
		const waiting = new Set(
			unsentFrom === null ? [] : sendable.slice(unsentFrom).map((entry) => entry.id),
		)
		// The uploaded files leave the selection; the others stay, each with its reason (those not
		// sent, ready to try again).
		const left = entries
			.filter(
				(entry) =>
					entry.state === 'refused' ||
					refused.has(entry.id) ||
					retry.has(entry.id) ||
					waiting.has(entry.id),
			)
			.map((entry): Entry => {
				if (waiting.has(entry.id)) return { ...entry, state: 'ready', error: null }
				if (refused.has(entry.id)) {
					return { ...entry, state: 'refused', error: refused.get(entry.id)! }
				}
				if (retry.has(entry.id)) return { ...entry, state: 'ready', error: retry.get(entry.id)! }
				return entry
			})
		setEntries(left)
		if (waiting.size) {
			if (uploaded) toast.success(`${uploaded} ${uploaded === 1 ? 'image' : 'images'} uploaded`)
			setSignedOut(true)
			return
		}
		if (!left.length) {
			toast.success('Images uploaded!')
			onOpenChange(false)
			return
		}
		if (uploaded) toast.success(`${uploaded} ${uploaded === 1 ? 'image' : 'images'} uploaded`)
		const names = left.map((entry) => `“${entry.file.name}”`).join(', ')
		toast.error(failedToSend ? 'Something went wrong.' : `Upload failed.\nNot uploaded: ${names}`)
		setError(
			`Not uploaded: ${names}. ${left.length === 1 ? 'It stays' : 'They stay'} selected: see why under each one.`,
		)
	}

	return (
		<Modal
			open={open}
			onOpenChange={(next) => (busy && !next ? null : onOpenChange(next))}
			title="Edit Display Picture"
			description={`Add images to ${productName || 'this project'}.`}
		>
			<form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
				<FileField
					label="Product images"
					hint={
						<>
							Max size 2MB · 16:9 Images &lt; 2Mb each
							{/* The 2 MB is advice (SPEC 5: no enforcement); the real limits follow. */}
							<span className="block">
								Best under 2 MB; larger JPEG, PNG, WebP or AVIF files, up to 10 MB each and{' '}
								{MAX_UPLOAD_FILES} at once, are made smaller for you.
							</span>
						</>
					}
					multiple
					disabled={busy}
					onChange={(event) => {
						add(Array.from(event.target.files ?? []))
						// The same file can be chosen again after it is removed.
						event.target.value = ''
					}}
				/>
				{entries.length ? (
					<ul className="flex flex-col gap-2" aria-label="Selected images">
						{entries.map((entry, index) => (
							<li
								key={entry.id}
								className={cx(
									'flex min-w-0 items-center gap-3 rounded-xl border p-2',
									entry.error ? 'border-red-200 bg-red-50' : 'border-line',
								)}
							>
								{entry.state === 'refused' ? (
									<span className="bg-canvas text-muted flex aspect-video w-20 shrink-0 items-center justify-center rounded-lg text-xs">
										No preview
									</span>
								) : (
									<img
										src={previews[index]}
										alt={`Preview of ${entry.file.name}`}
										className="aspect-video w-20 shrink-0 rounded-lg object-cover"
									/>
								)}
								<div className="min-w-0 flex-1 text-sm">
									<p dir="auto" className="truncate font-medium" title={entry.file.name}>
										{entry.file.name}
									</p>
									<p
										className={cx(
											'text-xs wrap-anywhere',
											entry.error ? 'text-red-800' : 'text-muted',
										)}
									>
										{formatBytes(entry.file.size)}
										{' · '}
										{entry.state === 'uploading' ? 'Uploading...' : (entry.error ?? 'Ready')}
									</p>
								</div>
								<button
									type="button"
									className="btn-ghost size-10 min-h-10 shrink-0 p-0"
									aria-label={`Remove ${entry.file.name}`}
									disabled={busy}
									onClick={() =>
										setEntries((current) => current.filter((item) => item.id !== entry.id))
									}
								>
									<CloseIcon className="size-4" />
								</button>
							</li>
						))}
					</ul>
				) : null}
				{signedOut ? (
					<SignedOutNotice kept="Your images are still chosen" submitLabel="Upload" />
				) : error ? (
					<Alert>{error}</Alert>
				) : null}
				{progress ? (
					<p role="status" className="text-muted text-sm">
						{progress}
					</p>
				) : null}
				<button type="submit" className="btn-primary w-full" disabled={busy}>
					{busy
						? 'Uploading...'
						: sendable.length > 1
							? `Upload ${sendable.length} images`
							: 'Upload'}
				</button>
			</form>
		</Modal>
	)
}

/** The same array while the files are the same (previews are not re-created on every render). */
function useStableFiles(files: File[]) {
	const last = useRef<File[]>(NO_FILES)
	if (
		files.length !== last.current.length ||
		files.some((file, index) => file !== last.current[index])
	) {
		last.current = files
	}
	return last.current
}

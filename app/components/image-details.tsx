/**
 * The owner's words about one project image (caption and alt text) and its focal point: where
 * cards and the carousel keep the image when they crop it. The point is set by a tap on the
 * preview, or by the two sliders (keyboard and screen readers).
 */
import { useEffect, useState } from 'react'
import toast from 'react-hot-toast'
import { type DisplayImage } from '~/models/portfolio.server'
import { PORTFOLIO_LIMITS } from '~/utils/field-limits'
import { focalPosition } from '~/utils/image-sizes'
import { TextInput } from './editor-fields'
import { Modal } from './modal'

export function ImageDetailsModal({
	image,
	productId,
	label,
	onClose,
	onSaved,
}: {
	image: DisplayImage | null
	productId: string
	/** How the image is named on the page ('image 2'). */
	label: string
	onClose: () => void
	onSaved: () => void
}) {
	return (
		<Modal
			open={image !== null}
			onOpenChange={(open) => (open ? null : onClose())}
			title="Image details"
			description={`Caption, alt text and focal point of ${label}.`}
			size="lg"
		>
			{image ? (
				<DetailsForm
					key={image.pProductImageId}
					image={image}
					productId={productId}
					onClose={onClose}
					onSaved={onSaved}
				/>
			) : null}
		</Modal>
	)
}

function DetailsForm({
	image,
	productId,
	onClose,
	onSaved,
}: {
	image: DisplayImage
	productId: string
	onClose: () => void
	onSaved: () => void
}) {
	const [caption, setCaption] = useState(image.caption)
	const [alt, setAlt] = useState(image.alt)
	const [point, setPoint] = useState(image.focalPoint)
	const [error, setError] = useState<string | null>(null)
	const [saving, setSaving] = useState(false)
	useEffect(() => setPoint(image.focalPoint), [image.focalPoint])

	async function save() {
		setSaving(true)
		setError(null)
		try {
			const query = `productId=${encodeURIComponent(productId)}&imageId=${encodeURIComponent(image.pProductImageId)}`
			const response = await fetch(`/one/sites/images/update/image/details?${query}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ caption, alt, focalPoint: point }),
			})
			const body = (await response.json().catch(() => ({}))) as { message?: string }
			if (response.status !== 200) {
				setError(body.message ?? 'The details could not be saved. Please try again.')
				return
			}
			toast.success('Image details saved')
			onSaved()
			onClose()
		} catch {
			setError('The details could not be saved. Please try again.')
		} finally {
			setSaving(false)
		}
	}

	return (
		<form
			className="flex flex-col gap-4"
			onSubmit={(event) => {
				event.preventDefault()
				void save()
			}}
		>
			<div className="grid gap-4 sm:grid-cols-2">
				<div className="flex flex-col gap-2">
					<p className="text-sm font-semibold" id="focal-label">
						Focal point
					</p>
					<p className="text-muted text-xs">
						Cards show part of the image around this point. Tap the image to move it.
					</p>
					<div className="bg-canvas relative self-start overflow-hidden rounded-xl">
						{/* A tap sets the point; the sliders below do the same from the keyboard. */}
						<button
							type="button"
							tabIndex={-1}
							aria-hidden="true"
							className="block cursor-crosshair"
							onClick={(event) => {
								const box = event.currentTarget.getBoundingClientRect()
								setPoint({
									x: Math.round(((event.clientX - box.left) / box.width) * 100),
									y: Math.round(((event.clientY - box.top) / box.height) * 100),
								})
							}}
						>
							<img
								src={image.pProductImageUrl}
								alt=""
								width={image.width}
								height={image.height}
								className="block max-h-64 w-auto max-w-full"
							/>
						</button>
						<span
							aria-hidden="true"
							className="border-brand pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 bg-white/40 shadow"
							style={{ left: `${point.x}%`, top: `${point.y}%` }}
						/>
					</div>
					<label className="flex items-center gap-3 text-sm">
						<span className="w-24 shrink-0">Across</span>
						<input
							type="range"
							min={0}
							max={100}
							value={point.x}
							aria-valuetext={`${point.x}% from the left`}
							onChange={(event) => setPoint({ ...point, x: Number(event.target.value) })}
							className="accent-brand w-full"
						/>
					</label>
					<label className="flex items-center gap-3 text-sm">
						<span className="w-24 shrink-0">Down</span>
						<input
							type="range"
							min={0}
							max={100}
							value={point.y}
							aria-valuetext={`${point.y}% from the top`}
							onChange={(event) => setPoint({ ...point, y: Number(event.target.value) })}
							className="accent-brand w-full"
						/>
					</label>
					<p className="text-muted text-xs">As a card shows it:</p>
					<img
						src={image.cardImageUrl}
						alt=""
						width={640}
						height={360}
						style={{ objectPosition: focalPosition(point) }}
						className="bg-canvas aspect-video w-full max-w-60 rounded-lg object-cover"
					/>
				</div>
				<div className="flex flex-col gap-4">
					<TextInput
						label="Caption"
						value={caption}
						onChange={setCaption}
						hint="Shown under the image when visitors open it."
						limit={{ chars: PORTFOLIO_LIMITS.caption }}
					/>
					<TextInput
						label="Alt text"
						value={alt}
						onChange={setAlt}
						hint="What the image shows, for people who cannot see it."
						limit={{ chars: PORTFOLIO_LIMITS.alt }}
					/>
				</div>
			</div>
			{error ? (
				<p role="alert" className="text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
			<div className="flex gap-3">
				<button type="button" className="btn-secondary flex-1" onClick={onClose}>
					Cancel
				</button>
				<button type="submit" className="btn-primary flex-1" disabled={saving}>
					{saving ? 'Saving...' : 'Save details'}
				</button>
			</div>
		</form>
	)
}

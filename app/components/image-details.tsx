/**
 * The owner's words about one project image (caption and alt text) and its focal point: where
 * cards and the carousel keep the image when they crop it. The point is set by a tap on the
 * preview, or by the two sliders (keyboard and screen readers).
 */
import { Trans, useLingui } from '@lingui/react/macro'
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
	number,
	onClose,
	onSaved,
}: {
	image: DisplayImage | null
	productId: string
	/** Which image it is on the page, from 1 ('image 2'). */
	number: number
	onClose: () => void
	onSaved: () => void
}) {
	const { t } = useLingui()
	return (
		<Modal
			open={image !== null}
			onOpenChange={(open) => (open ? null : onClose())}
			title={t`Image details`}
			description={t`Caption, alt text and focal point of image ${number}.`}
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
	const { t } = useLingui()
	const [caption, setCaption] = useState(image.caption)
	const [alt, setAlt] = useState(image.alt)
	const [point, setPoint] = useState(image.focalPoint)
	const [error, setError] = useState<string | null>(null)
	const [saving, setSaving] = useState(false)
	useEffect(() => setPoint(image.focalPoint), [image.focalPoint])
	const { x, y } = point

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
				// The API's message is in the owner's language already (the tagg_lang cookie).
				setError(body.message ?? t`The details could not be saved. Please try again.`)
				return
			}
			toast.success(t`Image details saved`)
			onSaved()
			onClose()
		} catch {
			setError(t`The details could not be saved. Please try again.`)
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
						<Trans>Focal point</Trans>
					</p>
					<p className="text-muted text-xs">
						<Trans>Cards show part of the image around this point. Tap the image to move it.</Trans>
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
						<span className="w-24 shrink-0">{t`Across`}</span>
						{/* The point is measured from the image's left in every language, so is the slider
						(and its twin below, which looks the same). */}
						<input
							type="range"
							dir="ltr"
							min={0}
							max={100}
							value={point.x}
							aria-valuetext={t`${x}% from the left`}
							onChange={(event) => setPoint({ ...point, x: Number(event.target.value) })}
							className="accent-brand w-full"
						/>
					</label>
					<label className="flex items-center gap-3 text-sm">
						<span className="w-24 shrink-0">{t`Down`}</span>
						<input
							type="range"
							dir="ltr"
							min={0}
							max={100}
							value={point.y}
							aria-valuetext={t`${y}% from the top`}
							onChange={(event) => setPoint({ ...point, y: Number(event.target.value) })}
							className="accent-brand w-full"
						/>
					</label>
					<p className="text-muted text-xs">
						<Trans>As a card shows it:</Trans>
					</p>
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
						label={t`Caption`}
						value={caption}
						onChange={setCaption}
						hint={t`Shown under the image when visitors open it.`}
						limit={{ chars: PORTFOLIO_LIMITS.caption }}
					/>
					<TextInput
						label={t`Alt text`}
						value={alt}
						onChange={setAlt}
						hint={t`What the image shows, for people who cannot see it.`}
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
					<Trans>Cancel</Trans>
				</button>
				<button type="submit" className="btn-primary flex-1" disabled={saving}>
					{saving ? t`Saving...` : t`Save details`}
				</button>
			</div>
		</form>
	)
}

import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import toast from 'react-hot-toast'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '~/components/icons'
import { Modal } from '~/components/modal'
import { ImageDetailsModal } from '~/components/image-details'
import { Switch } from '~/components/switch'
import { ProjectImagesModal } from '~/components/upload-modals'
import { useDiscardWhenLeft } from '~/components/discard-when-left'
import { getPortfolio, isPortfolioPristine, type DisplayImage } from '~/models/portfolio.server'
import { requireCustomerId } from '~/services/auth.server'
import { focalPosition, projectSrcSet } from '~/utils/image-sizes'
import { reloadData } from '~/utils/misc'
import { noindexMeta } from '~/utils/seo'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const item = await getPortfolio(customerId, params.id ?? '', 'owner')
	if (!item) throw new Response('Not found', { status: 404 })
	return { item, pristine: await isPortfolioPristine(customerId, item.portfolioId) }
}

async function post(url: string, body?: unknown) {
	const response = await fetch(url, {
		method: 'POST',
		headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	})
	return response.status === 200
}

/** The grid's thumbnails: a third of a 5xl page, half a tablet, the width of a phone. */
const THUMB_SIZES = '(min-width: 1024px) 310px, (min-width: 640px) calc(50vw - 2.5rem), 100vw'

function Badge({ children, tone }: { children: string; tone: 'brand' | 'muted' }) {
	return (
		<span
			className={
				tone === 'brand'
					? 'bg-brand text-on-brand rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm'
					: 'rounded-full bg-black/75 px-2.5 py-1 text-xs font-semibold text-white shadow-sm'
			}
		>
			{children}
		</span>
	)
}

function ImageCard({
	image,
	productId,
	index,
	count,
	isCover,
	onMove,
	onDelete,
	onDetails,
}: {
	image: DisplayImage
	productId: string
	index: number
	count: number
	/** The image cards show as the project's cover (featured and active, else the first active). */
	isCover: boolean
	onMove: (from: number, to: number) => void
	onDelete: (image: DisplayImage) => void
	onDetails: (image: DisplayImage) => void
}) {
	const [active, setActive] = useState(image.active)
	const [featured, setFeatured] = useState(image.featured)
	useEffect(() => setActive(image.active), [image.active])
	useEffect(() => setFeatured(image.featured), [image.featured])
	const revalidator = useRevalidator()

	async function toggle(key: 'Active' | 'Featured', value: boolean) {
		const label = key === 'Active' ? 'Is Active' : 'Is Featured'
		const set = key === 'Active' ? setActive : setFeatured
		set(value)
		const query = `key=${key}&productId=${encodeURIComponent(productId)}&imageId=${encodeURIComponent(image.pProductImageId)}`
		let ok = false
		try {
			ok = await post(
				`/one/sites/images/update/image/status?${query}`,
				key === 'Active' ? { active: value } : { featured: value },
			)
		} catch {
			ok = false
		}
		if (ok) {
			toast.success(`${label} ${value ? 'enabled' : 'disabled'}`)
			reloadData(revalidator)
		} else {
			set(!value)
			toast.error('Failed to update status')
		}
	}

	const name = `image ${index + 1}`
	return (
		<li className="card flex flex-col overflow-hidden">
			<div className="bg-canvas relative aspect-video">
				<img
					src={image.cardImageUrl}
					srcSet={projectSrcSet({
						...image,
						url: image.pProductImageUrl,
						cardUrl: image.cardImageUrl,
					})}
					sizes={THUMB_SIZES}
					alt={image.alt || `Project ${name}`}
					width={640}
					height={360}
					style={{ objectPosition: focalPosition(image.focalPoint) }}
					loading={index < 3 ? 'eager' : 'lazy'}
					decoding="async"
					className={`size-full object-cover transition-opacity ${active ? '' : 'opacity-50 grayscale'}`}
				/>
				<div className="absolute top-2.5 left-2.5 flex gap-1.5">
					{isCover ? <Badge tone="brand">Cover</Badge> : null}
					{active ? null : <Badge tone="muted">Hidden</Badge>}
				</div>
			</div>
			<div className="flex flex-1 flex-col gap-3 p-4">
				<div className="flex flex-wrap gap-x-6 gap-y-3">
					<Switch
						label="Is Active"
						accessibleName={`Is Active: ${name}`}
						checked={active}
						onCheckedChange={(value) => toggle('Active', value)}
					/>
					<Switch
						label="Is Featured"
						accessibleName={`Is Featured: ${name}`}
						checked={featured}
						onCheckedChange={(value) => toggle('Featured', value)}
					/>
				</div>
				{image.caption ? (
					<p dir="auto" className="text-muted line-clamp-2 text-sm wrap-anywhere">
						{image.caption}
					</p>
				) : null}
				<div className="border-line mt-auto flex items-center justify-end gap-1 border-t pt-3">
					<button
						type="button"
						className="btn-ghost me-auto min-h-10"
						onClick={() => onDetails(image)}
					>
						Details<span className="sr-only"> of {name}</span>
					</button>
					<button
						type="button"
						className="btn-ghost size-10 p-0"
						aria-label={`Move ${name} earlier`}
						disabled={index === 0}
						onClick={() => onMove(index, index - 1)}
					>
						<ArrowUpIcon className="size-4 -rotate-90" />
					</button>
					<button
						type="button"
						className="btn-ghost size-10 p-0"
						aria-label={`Move ${name} later`}
						disabled={index === count - 1}
						onClick={() => onMove(index, index + 1)}
					>
						<ArrowDownIcon className="size-4 -rotate-90" />
					</button>
					<button
						type="button"
						className="btn-ghost min-h-10 text-red-700"
						onClick={() => onDelete(image)}
					>
						<TrashIcon />
						Delete<span className="sr-only"> {name}</span>
					</button>
				</div>
			</div>
		</li>
	)
}

export default function ManageImages() {
	const { item, pristine } = useLoaderData<typeof loader>()
	useDiscardWhenLeft(item.portfolioId, pristine)
	const [uploadOpen, setUploadOpen] = useState(false)
	const [images, setImages] = useState(item.displayImages)
	const [deleting, setDeleting] = useState<DisplayImage | null>(null)
	const [details, setDetails] = useState<DisplayImage | null>(null)
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	useEffect(() => setImages(item.displayImages), [item.displayImages])
	const activeImages = images.filter((image) => image.active)
	const cover = activeImages.find((image) => image.featured) ?? activeImages[0]

	async function move(from: number, to: number) {
		const next = [...images]
		const [moved] = next.splice(from, 1)
		next.splice(to, 0, moved!)
		setImages(next)
		const ok = await post(
			`/one/sites/images/reorder?productId=${encodeURIComponent(item.portfolioId)}`,
			{
				imageIds: next.map((image) => image.pProductImageId),
			},
		).catch(() => false)
		if (!ok) {
			setImages(images)
			toast.error('Failed to update the order')
		}
	}

	async function confirmDelete() {
		if (!deleting) return
		setBusy(true)
		const ok = await post(
			`/one/sites/images/delete?productId=${encodeURIComponent(item.portfolioId)}&imageId=${encodeURIComponent(deleting.pProductImageId)}`,
		).catch(() => false)
		setBusy(false)
		setDeleting(null)
		if (ok) {
			toast.success('Image deleted')
			reloadData(revalidator)
		} else toast.error('Failed to delete the image')
	}

	return (
		<main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
			<div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
				<div className="min-w-0">
					<Link
						to={`/builder/portfolio/${item.portfolioId}`}
						className="text-brand text-sm font-semibold hover:underline"
					>
						← Back to the project
					</Link>
					<h1 className="mt-2 text-2xl font-bold tracking-tight">Manage Product Images</h1>
					<p className="text-muted mt-1 wrap-anywhere">
						Active Product:{' '}
						<span dir="auto" className="text-ink font-semibold">
							{item.productName || 'Untitled project'}
						</span>
					</p>
				</div>
				<button type="button" className="btn-primary" onClick={() => setUploadOpen(true)}>
					<PlusIcon className="size-4" />
					Update Product Images
				</button>
			</div>
			{images.length ? (
				<>
					<p className="text-muted -mt-2 text-sm">
						Visitors see the active images, in this order. The featured image is the cover on
						project cards (else the first active one).
					</p>
					<ul aria-label="Product images" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
						{images.map((image, index) => (
							<ImageCard
								key={image.pProductImageId}
								image={image}
								productId={item.portfolioId}
								index={index}
								count={images.length}
								isCover={image.pProductImageId === cover?.pProductImageId}
								onMove={move}
								onDelete={setDeleting}
								onDetails={setDetails}
							/>
						))}
					</ul>
				</>
			) : (
				<div className="card flex flex-col items-center gap-3 p-10 text-center">
					<p className="font-semibold">No images yet</p>
					<p className="text-muted max-w-sm text-sm">
						Upload screenshots or photos of the project, of any shape: they are kept whole. Visitors
						see the active ones in the gallery.
					</p>
					<button type="button" className="btn-secondary" onClick={() => setUploadOpen(true)}>
						Update Product Images
					</button>
				</div>
			)}
			<ProjectImagesModal
				open={uploadOpen}
				onOpenChange={setUploadOpen}
				productId={item.portfolioId}
				productName={item.productName}
			/>
			<ImageDetailsModal
				image={details}
				productId={item.portfolioId}
				label={
					details
						? `image ${images.findIndex((image) => image.pProductImageId === details.pProductImageId) + 1}`
						: ''
				}
				onClose={() => setDetails(null)}
				onSaved={() => reloadData(revalidator)}
			/>
			<Modal
				open={deleting !== null}
				onOpenChange={(open) => (open ? null : setDeleting(null))}
				title="Delete this image?"
				size="sm"
			>
				{deleting ? (
					<img
						src={deleting.cardImageUrl}
						alt=""
						width={640}
						height={360}
						className="bg-canvas border-line mb-4 aspect-video w-full rounded-xl border object-cover"
					/>
				) : null}
				<p className="text-muted text-sm">
					The image is removed from the project and from storage. This cannot be undone.
				</p>
				<div className="mt-5 flex gap-3">
					<button type="button" className="btn-secondary flex-1" onClick={() => setDeleting(null)}>
						Cancel
					</button>
					<button
						type="button"
						className="btn-danger flex-1"
						disabled={busy}
						onClick={confirmDelete}
					>
						{busy ? 'Deleting...' : 'Delete'}
					</button>
				</div>
			</Modal>
		</main>
	)
}

export const meta: MetaFunction = () => noindexMeta('Manage Product Images | Tagg')

export const ErrorBoundary = GeneralErrorBoundary

import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import toast from 'react-hot-toast'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '~/components/icons'
import { Modal } from '~/components/modal'
import { ImageDetailsModal } from '~/components/image-details'
import { STATUS_FAILED, STATUS_TEXT } from '~/components/portfolio-editors'
import { Switch } from '~/components/switch'
import { ProjectImagesModal } from '~/components/upload-modals'
import { useDiscardWhenLeft } from '~/components/discard-when-left'
import { getPortfolio, type DisplayImage } from '~/models/portfolio.server'
import { isPortfolioPristine } from '~/models/portfolio/abandoned.server'
import { requireCustomerId } from '~/services/auth.server'
import { metaI18n } from '~/utils/i18n'
import { type StatusField } from '~/utils/portfolio-schemas'
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

/** The `key` of the image status endpoint for each switch (a parameter, not text to read). */
const STATUS_KEYS: Record<StatusField, string> = {
	// eslint-disable-next-line lingui/no-unlocalized-strings
	active: 'Active',
	// eslint-disable-next-line lingui/no-unlocalized-strings
	featured: 'Featured',
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
	const { t, i18n } = useLingui()
	const [active, setActive] = useState(image.active)
	const [featured, setFeatured] = useState(image.featured)
	useEffect(() => setActive(image.active), [image.active])
	useEffect(() => setFeatured(image.featured), [image.featured])
	const revalidator = useRevalidator()

	async function toggle(field: StatusField, value: boolean) {
		const text = STATUS_TEXT[field]
		const key = STATUS_KEYS[field]
		const set = field === 'active' ? setActive : setFeatured
		set(value)
		const query = `key=${key}&productId=${encodeURIComponent(productId)}&imageId=${encodeURIComponent(image.pProductImageId)}`
		let ok = false
		try {
			ok = await post(`/one/sites/images/update/image/status?${query}`, { [field]: value })
		} catch {
			ok = false
		}
		if (ok) {
			toast.success(i18n._(value ? text.on : text.off))
			reloadData(revalidator)
		} else {
			set(!value)
			toast.error(i18n._(STATUS_FAILED))
		}
	}

	/** How the page names the image: 'image 2'. */
	const number = index + 1
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
					alt={image.alt || t`Project image ${number}`}
					width={640}
					height={360}
					style={{ objectPosition: focalPosition(image.focalPoint) }}
					loading={index < 3 ? 'eager' : 'lazy'}
					decoding="async"
					className={`size-full object-cover transition-opacity ${active ? '' : 'opacity-50 grayscale'}`}
				/>
				<div className="absolute start-2.5 top-2.5 flex gap-1.5">
					{isCover ? <Badge tone="brand">{t`Cover`}</Badge> : null}
					{active ? null : <Badge tone="muted">{t({ message: 'Hidden', context: 'image' })}</Badge>}
				</div>
			</div>
			<div className="flex flex-1 flex-col gap-3 p-4">
				<div className="flex flex-wrap gap-x-6 gap-y-3">
					<Switch
						label={i18n._(STATUS_TEXT.active.label)}
						accessibleName={t`Is Active: image ${number}`}
						checked={active}
						onCheckedChange={(value) => toggle('active', value)}
					/>
					<Switch
						label={i18n._(STATUS_TEXT.featured.label)}
						accessibleName={t`Is Featured: image ${number}`}
						checked={featured}
						onCheckedChange={(value) => toggle('featured', value)}
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
						aria-label={t`Details of image ${number}`}
						onClick={() => onDetails(image)}
					>
						<Trans>Details</Trans>
					</button>
					{/* The grid reads in the page's direction: earlier points to where lines start. */}
					<button
						type="button"
						className="btn-ghost size-10 p-0"
						aria-label={t`Move image ${number} earlier`}
						disabled={index === 0}
						onClick={() => onMove(index, index - 1)}
					>
						<ArrowUpIcon className="size-4 -rotate-90 rtl:rotate-90" />
					</button>
					<button
						type="button"
						className="btn-ghost size-10 p-0"
						aria-label={t`Move image ${number} later`}
						disabled={index === count - 1}
						onClick={() => onMove(index, index + 1)}
					>
						<ArrowDownIcon className="size-4 -rotate-90 rtl:rotate-90" />
					</button>
					<button
						type="button"
						className="btn-ghost min-h-10 text-red-700"
						aria-label={t`Delete image ${number}`}
						onClick={() => onDelete(image)}
					>
						<TrashIcon />
						<Trans>Delete</Trans>
					</button>
				</div>
			</div>
		</li>
	)
}

export default function ManageImages() {
	const { t } = useLingui()
	const { item, pristine } = useLoaderData<typeof loader>()
	useDiscardWhenLeft(item.portfolioId, pristine)
	const [uploadOpen, setUploadOpen] = useState(false)
	const [images, setImages] = useState(item.displayImages)
	const [deleting, setDeleting] = useState<DisplayImage | null>(null)
	const [details, setDetails] = useState<DisplayImage | null>(null)
	const [busy, setBusy] = useState(false)
	const revalidator = useRevalidator()
	useEffect(() => setImages(item.displayImages), [item.displayImages])
	const productName = item.productName || t`Untitled project`
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
			toast.error(t`Failed to update the order`)
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
			toast.success(t`Image deleted`)
			reloadData(revalidator)
		} else toast.error(t`Failed to delete the image`)
	}

	return (
		<main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
			<div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
				<div className="min-w-0">
					<Link
						to={`/builder/portfolio/${item.portfolioId}`}
						className="text-brand text-sm font-semibold hover:underline"
					>
						{/* The arrow points back, to where lines start: the translation writes it. */}
						<Trans>← Back to the project</Trans>
					</Link>
					<h1 className="mt-2 text-2xl font-bold tracking-tight">
						<Trans>Manage Product Images</Trans>
					</h1>
					<p className="text-muted mt-1 wrap-anywhere">
						<Trans>
							Active Product:{' '}
							<span dir="auto" className="text-ink font-semibold">
								{productName}
							</span>
						</Trans>
					</p>
				</div>
				<button type="button" className="btn-primary" onClick={() => setUploadOpen(true)}>
					<PlusIcon className="size-4" />
					<Trans>Update Product Images</Trans>
				</button>
			</div>
			{images.length ? (
				<>
					<p className="text-muted -mt-2 text-sm">
						<Trans>
							Visitors see the active images, in this order. The featured image is the cover on
							project cards (else the first active one).
						</Trans>
					</p>
					<ul aria-label={t`Product images`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
					<p className="font-semibold">
						<Trans>No images yet</Trans>
					</p>
					<p className="text-muted max-w-sm text-sm">
						<Trans>
							Upload screenshots or photos of the project, of any shape: they are kept whole.
							Visitors see the active ones in the gallery.
						</Trans>
					</p>
					<button type="button" className="btn-secondary" onClick={() => setUploadOpen(true)}>
						<Trans>Update Product Images</Trans>
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
				number={images.findIndex((image) => image.pProductImageId === details?.pProductImageId) + 1}
				onClose={() => setDetails(null)}
				onSaved={() => reloadData(revalidator)}
			/>
			<Modal
				open={deleting !== null}
				onOpenChange={(open) => (open ? null : setDeleting(null))}
				title={t`Delete this image?`}
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
					<Trans>
						The image is removed from the project and from storage. This cannot be undone.
					</Trans>
				</p>
				<div className="mt-5 flex gap-3">
					<button type="button" className="btn-secondary flex-1" onClick={() => setDeleting(null)}>
						<Trans>Cancel</Trans>
					</button>
					<button
						type="button"
						className="btn-danger flex-1"
						disabled={busy}
						onClick={confirmDelete}
					>
						{busy ? t`Deleting...` : t`Delete`}
					</button>
				</div>
			</Modal>
		</main>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Manage Product Images | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

import { type I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Link, useFetcher, useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import toast from 'react-hot-toast'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { EyeIcon, GripIcon, PencilIcon, PlusIcon, TrashIcon } from '~/components/icons'
import { ConfirmDelete } from '~/components/confirm-delete'
import { PlaceholderImage } from '~/components/placeholder-gallery'
import { answerInLanguage, StatusSwitch, type StatusResult } from '~/components/portfolio-editors'
import { useReorder } from '~/components/reorder'
import { getCustomerPath } from '~/models/customer.server'
import {
	createPortfolio,
	deletePortfolio,
	FEATURED_LIMIT,
	PortfolioLimitError,
	reorderPortfolios,
	setPortfolioStatus,
} from '~/models/portfolio.server'
import { listPortfolioSummaries, type PortfolioSummary } from '~/models/portfolio/lists.server'
import { sweepPristinePortfolios } from '~/models/portfolio/abandoned.server'
import { requireCustomerId } from '~/services/auth.server'
import { fieldErrorsOf, type EditorResult, editorClientAction } from '~/utils/editor'
import { focalPosition } from '~/utils/image-sizes'
import { cx } from '~/utils/misc'
import { DeleteSchema, ReorderSchema, StatusSchema } from '~/utils/portfolio-schemas'
import { editorAction, failure, readEditorBody, success } from '~/services/profile-actions.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { noindexMeta } from '~/utils/seo'

const CREATE_FAILED = msg`Sorry, we couldn't add a new product. Please try again later.`
const DELETE_FAILED = msg`Sorry, we couldn't delete the project. Please try again.`
const REORDER_FAILED = msg`Sorry, we couldn't save the new order. Please try again.`

/** Rows shown at first; 'Show more' (a plain link, `?rows=`) adds as many each time. */
const ROWS_STEP = 25

/**
 * Only what a row shows, and only the first rows (`?rows=`, in steps of {@link ROWS_STEP}): a
 * long list stays light. The order of every item comes along, for moving rows.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const asked = new URL(request.url).searchParams.get('rows') ?? ''
	const rows = /^\d{1,4}$/.test(asked) ? Math.max(ROWS_STEP, Number(asked)) : ROWS_STEP
	// New projects left with nothing saved and no page to say so (no script, a closed tab).
	await sweepPristinePortfolios(customerId)
	const [all, path] = await Promise.all([
		listPortfolioSummaries(customerId),
		getCustomerPath(customerId),
	])
	return {
		items: all.slice(0, rows),
		order: all.map((item) => item.portfolioId),
		// The profile shows the first 3 active featured projects, in the list's order.
		featured: all
			.filter((item) => item.active && item.featured)
			.map((item) => ({ id: item.portfolioId, name: item.productName })),
		path: path ?? '',
		featuredLimit: FEATURED_LIMIT,
	}
}

/**
 * 'create' (redirects to the new item), 'status', 'delete' and 'reorder'. A refusal's messages
 * are in the owner's language.
 */
export async function action(args: ActionFunctionArgs) {
	const i18n = requestI18n(args.request)
	return answerInLanguage(i18n, await editorAction(() => editList(args, i18n)))
}

async function editList({ request }: ActionFunctionArgs, i18n: I18n) {
	const customerId = await requireCustomerId(request)
	const body = await readEditorBody(request)
	const { intent } = body
	switch (intent) {
		case 'create': {
			try {
				const item = await createPortfolio(customerId, {}, { fresh: true })
				return redirect(`/builder/portfolio/${item.portfolioId}`)
			} catch (error) {
				if (!(error instanceof PortfolioLimitError)) throw error
				return data(failure(intent, { _form: translate(i18n, error.translatable) }), {
					status: 400,
				})
			}
		}
		case 'status': {
			const parsed = StatusSchema.safeParse(body)
			if (!parsed.success) return invalid(intent, parsed.error)
			const { portfolioId, status } = parsed.data
			const item = await setPortfolioStatus(customerId, portfolioId, status)
			if (!item) return notFound(intent, i18n)
			const field = 'active' in status ? 'active' : 'featured'
			const value = 'active' in status ? status.active : status.featured
			return { ok: true, intent, at: Date.now(), field, value } satisfies StatusResult
		}
		case 'delete': {
			const parsed = DeleteSchema.safeParse(body)
			if (!parsed.success) return invalid(intent, parsed.error)
			if (!(await deletePortfolio(customerId, parsed.data.portfolioId))) {
				return notFound(intent, i18n)
			}
			return success(intent)
		}
		case 'reorder': {
			const parsed = ReorderSchema.safeParse(body)
			if (!parsed.success) return invalid(intent, parsed.error)
			const result = await reorderPortfolios(customerId, parsed.data.portfolioIds)
			if (result === 'not-found') return notFound(intent, i18n)
			if (result === 'incomplete') {
				return data(failure(intent, { portfolioIds: i18n._(msg`List each project once`) }), {
					status: 400,
				})
			}
			return success(intent)
		}
		default:
			return data(failure(intent, { _form: i18n._(msg`Unknown intent`) }), { status: 400 })
	}
}

function invalid(intent: string, error: Parameters<typeof fieldErrorsOf>[0]) {
	return data(failure(intent, fieldErrorsOf(error)), { status: 400 })
}

function notFound(intent: string, i18n: I18n) {
	return data(failure(intent, { portfolioId: i18n._(msg`Portfolio not found`) }), { status: 404 })
}

/**
 * A call that does not arrive (network down, server error) is a failure like any other: the page
 * toasts and shows the server's state again instead of an error page. Redirects pass through.
 */
export const clientAction = (args: ClientActionFunctionArgs) =>
	editorClientAction<Awaited<ReturnType<typeof action>>>({
		serverAction: () => args.serverAction<typeof action>(),
	})

/** Answers of this page's fetchers that are new since the component mounted. */
function useNewResult<T extends { at: number }>(
	fetcher: { state: string; data?: T },
	onResult: (data: T) => void,
) {
	const handled = useRef(fetcher.data?.at ?? 0)
	const callback = useRef(onResult)
	callback.current = onResult
	useEffect(() => {
		const result = fetcher.data
		if (fetcher.state !== 'idle' || !result || handled.current === result.at) return
		handled.current = result.at
		callback.current(result)
	}, [fetcher.state, fetcher.data])
}

export default function ManagePortfolio() {
	const { t, i18n } = useLingui()
	const {
		items,
		order,
		featured: featuredItems,
		path,
		featuredLimit,
	} = useLoaderData<typeof loader>()
	const create = useFetcher<EditorResult>({ key: 'portfolio-create' })
	const reorder = useFetcher<EditorResult>({ key: 'portfolio-reorder' })
	const [deleting, setDeleting] = useState<PortfolioSummary | null>(null)

	useNewResult(create, (result) => {
		if (!result.ok) toast.error(result.fieldErrors._form ?? i18n._(CREATE_FAILED))
	})
	useNewResult(reorder, (result) => {
		if (!result.ok) toast.error(i18n._(REORDER_FAILED))
	})

	// While a new order is being saved, show it.
	const pendingOrder = (reorder.json as { portfolioIds?: string[] } | undefined)?.portfolioIds
	const byId = new Map(items.map((item) => [item.portfolioId, item]))
	const sortable = useReorder({
		ids: pendingOrder?.filter((id) => byId.has(id)) ?? items.map((item) => item.portfolioId),
		nameOf: (id) => byId.get(id)?.productName || t`Untitled project`,
		// The whole new order in one call, however many places the project moved: the rows shown
		// (in their new order), then those not shown yet, as they were.
		onCommit: (shownOrder) =>
			reorder.submit(
				{ intent: 'reorder', portfolioIds: [...shownOrder, ...order.slice(shownOrder.length)] },
				{ method: 'POST', encType: 'application/json' },
			),
		disabled: reorder.state !== 'idle',
	})
	const ordered = sortable.order
		.map((id) => byId.get(id))
		.filter((item): item is PortfolioSummary => Boolean(item))

	// The profile shows the first 3 active featured projects (in this order): say so when more
	// are featured, and which ones are left out.
	const position = new Map((pendingOrder ?? order).map((id, index) => [id, index]))
	const featured = [...featuredItems].sort(
		(a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
	)
	const shownOnProfile = new Set(featured.slice(0, featuredLimit).map((item) => item.id))
	const leftOut = featured.slice(featuredLimit)
	const featuredCount = featured.length
	// The owner's names, as a list in the page's language ('A, B, C').
	const leftOutNames = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(
		leftOut.map((item) => item.name || t`Untitled project`),
	)
	const shownCount = items.length
	const totalCount = order.length

	const adding = create.state !== 'idle'
	const addNew = () =>
		create.submit({ intent: 'create' }, { method: 'POST', encType: 'application/json' })

	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<header className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
						<Trans>Manage Portfolio</Trans>
					</h1>
					<p className="text-muted mt-1 max-w-lg text-sm">
						<Trans>
							Active projects appear on your public portfolio. Up to 3 that are active and featured
							show on your profile. Drag a project by its handle to change the order.
						</Trans>
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					{path ? (
						<a
							href={`/${path}/portfolio`}
							target="_blank"
							rel="noopener noreferrer"
							className="btn-secondary"
						>
							<EyeIcon className="size-4" />
							<Trans>View public list</Trans>
						</a>
					) : null}
					<button type="button" className="btn-primary" onClick={addNew} disabled={adding}>
						<PlusIcon className="size-4" />
						{adding ? t`Adding...` : t`Add New`}
					</button>
				</div>
			</header>

			{leftOut.length ? (
				<div
					role="status"
					className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
				>
					<p className="font-semibold">
						{t`${plural(featuredCount, {
							one: `# project is featured, but your profile shows only the first ${featuredLimit}.`,
							other: `# projects are featured, but your profile shows only the first ${featuredLimit}.`,
						})}`}
					</p>
					<p className="mt-1 wrap-anywhere">
						<Trans>
							Not shown: <span dir="auto">{leftOutNames}</span>. Turn off Is Featured on one, or
							drag the ones you want higher.
						</Trans>
					</p>
				</div>
			) : null}

			{ordered.length ? (
				<>
					{sortable.instructions}
					{sortable.liveRegion}
					<ol className="flex flex-col gap-3" aria-label={t`Your projects`}>
						{ordered.map((item, index) => (
							<PortfolioRow
								key={item.portfolioId}
								item={item}
								index={index}
								rowRef={sortable.rowRef(item.portfolioId)}
								handle={sortable.handleProps(item.portfolioId)}
								dragging={sortable.dragging === item.portfolioId}
								onProfile={shownOnProfile.has(item.portfolioId)}
								onDelete={() => setDeleting(item)}
							/>
						))}
					</ol>
				</>
			) : null}
			{order.length > items.length ? (
				<Link
					to={`?rows=${items.length + ROWS_STEP}`}
					preventScrollReset
					className="btn-secondary self-center"
				>
					<Trans>
						Show more projects ({shownCount} of {totalCount} shown)
					</Trans>
				</Link>
			) : null}
			{ordered.length ? null : (
				<section className="card flex flex-col items-center gap-4 px-6 py-10 text-center">
					<PlaceholderImage variant={1} className="max-w-64 rounded-xl" />
					<h2 className="text-lg font-bold">
						<Trans>No projects yet</Trans>
					</h2>
					<p className="text-muted max-w-sm text-sm">
						<Trans>
							Add your first case study: what you built, your role, the challenges and the results.
						</Trans>
					</p>
					<button type="button" className="btn-primary" onClick={addNew} disabled={adding}>
						<PlusIcon className="size-4" />
						{adding ? t`Adding...` : t`Add New`}
					</button>
				</section>
			)}

			<DeleteDialog item={deleting} onClose={() => setDeleting(null)} />
		</main>
	)
}

function PortfolioRow({
	item,
	index,
	rowRef,
	handle,
	dragging,
	onProfile,
	onDelete,
}: {
	item: PortfolioSummary
	index: number
	rowRef: (node: HTMLElement | null) => void
	handle: ReturnType<ReturnType<typeof useReorder>['handleProps']>
	dragging: boolean
	/** One of the (at most 3) featured projects the profile shows. */
	onProfile: boolean
	onDelete: () => void
}) {
	const { t } = useLingui()
	const name = item.productName || t`Untitled project`
	const href = `/builder/portfolio/${item.portfolioId}`
	return (
		<li
			ref={rowRef}
			className={cx(
				'card grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-x-4 gap-y-3 p-4 transition-shadow sm:grid-cols-[9rem_minmax(0,1fr)]',
				dragging && 'ring-brand relative z-10 shadow-lg ring-2',
			)}
		>
			<Link
				to={href}
				tabIndex={-1}
				aria-hidden="true"
				className="bg-canvas aspect-video overflow-hidden rounded-xl sm:row-span-2"
			>
				{item.cover ? (
					<img
						src={item.cover.cardUrl}
						alt=""
						loading="lazy"
						width={288}
						height={162}
						style={{ objectPosition: focalPosition(item.cover.focalPoint) }}
						className="size-full object-cover"
					/>
				) : (
					<PlaceholderImage variant={index} className="size-full" />
				)}
			</Link>
			{/* On a narrow phone the badges go under the name, which keeps the row's width. */}
			<div className="flex min-w-0 flex-col gap-1.5 min-[400px]:flex-row min-[400px]:items-start min-[400px]:justify-between min-[400px]:gap-3">
				<div className="min-w-0">
					<h2 dir="auto" className="line-clamp-2 text-base leading-snug font-bold wrap-anywhere">
						<Link to={href} className="hover:text-brand">
							{item.productName || (
								<span className="text-muted">
									<Trans>Add Product Name</Trans>
								</span>
							)}
						</Link>
					</h2>
					<p dir="auto" className="text-muted truncate text-sm">
						{[item.company, item.role].filter(Boolean).join(' · ') || t`No details yet`}
					</p>
				</div>
				<div className="flex shrink-0 flex-wrap gap-1 min-[400px]:flex-col min-[400px]:items-end">
					<span
						className={cx(
							'rounded-full px-2.5 py-0.5 text-xs font-semibold',
							item.active ? 'bg-emerald-50 text-emerald-800' : 'bg-canvas text-muted',
						)}
					>
						{item.active ? t`Visible` : t`Hidden`}
					</span>
					{onProfile ? (
						<span className="bg-brand-50 text-brand-800 rounded-full px-2.5 py-0.5 text-xs font-semibold">
							<Trans>On profile</Trans>
						</span>
					) : null}
				</div>
			</div>
			<div className="col-span-2 flex flex-wrap items-center justify-between gap-x-5 gap-y-2 sm:col-span-1 sm:col-start-2">
				<div className="flex flex-wrap gap-x-5 gap-y-2">
					<StatusSwitch item={item} field="active" />
					<StatusSwitch item={item} field="featured" />
				</div>
				<div className="-me-1 flex items-center gap-0.5">
					<button
						type="button"
						{...handle}
						className="btn-ghost size-10 min-h-10 cursor-grab p-0 active:cursor-grabbing aria-disabled:cursor-wait aria-disabled:opacity-60"
						aria-label={t`Reorder ${name}`}
						title={t`Drag to reorder`}
					>
						<GripIcon />
					</button>
					<Link
						to={href}
						className="btn-ghost size-10 min-h-10 p-0"
						aria-label={t`Edit ${name}`}
						title={t`Edit`}
					>
						<PencilIcon />
					</Link>
					<button
						type="button"
						className="btn-ghost size-10 min-h-10 p-0 text-red-700 hover:bg-red-50"
						aria-label={t`Delete ${name}`}
						title={t`Delete`}
						onClick={onDelete}
					>
						<TrashIcon />
					</button>
				</div>
			</div>
		</li>
	)
}

function DeleteDialog({ item, onClose }: { item: PortfolioSummary | null; onClose: () => void }) {
	const { t, i18n } = useLingui()
	const fetcher = useFetcher<EditorResult>({ key: 'portfolio-delete' })
	const busy = fetcher.state !== 'idle'
	// Keep the last item while the dialog animates closed.
	const [shown, setShown] = useState(item)
	if (item && item !== shown) setShown(item)
	useNewResult(fetcher, (result) => {
		if (result.ok) {
			toast.success(t`Project deleted`)
			onClose()
		} else {
			toast.error(i18n._(DELETE_FAILED))
		}
	})
	const name = shown?.productName || t`Untitled project`
	return (
		<ConfirmDelete
			open={item !== null}
			title={t`Delete this project?`}
			busy={busy}
			onClose={onClose}
			onConfirm={() =>
				shown &&
				fetcher.submit(
					{ intent: 'delete', portfolioId: shown.portfolioId },
					{ method: 'POST', encType: 'application/json' },
				)
			}
		>
			<Trans>
				“<bdi>{name}</bdi>” and all its images will be deleted for good. This can’t be undone.
			</Trans>
		</ConfirmDelete>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Manage Portfolio | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

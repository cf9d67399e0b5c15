import { type I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { useDiscardWhenLeft } from '~/components/discard-when-left'
import { openImagesInViewer } from '~/components/viewer-links'
import { type z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { EyeIcon } from '~/components/icons'
import {
	answerInLanguage,
	PortfolioEditorModal,
	StatusSwitch,
} from '~/components/portfolio-editors'
import { PortfolioView } from '~/components/portfolio-view'
import { getCustomerPath } from '~/models/customer.server'
import {
	FEATURED_LIMIT,
	getPortfolio,
	updatePortfolio,
	type PortfolioItem,
} from '~/models/portfolio.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import { isPortfolioPristine } from '~/models/portfolio/abandoned.server'
import { requireCustomerId } from '~/services/auth.server'
import { editorClientAction, fieldErrorsOf, keepPageWhenSignedOut } from '~/utils/editor'
import { PreconditionFailed, versionPrecondition } from '~/utils/etag.server'
import {
	isPortfolioSection,
	SECTION_SCHEMAS,
	type PortfolioChanges,
	type PortfolioSection,
} from '~/utils/portfolio-schemas'
import {
	conflict,
	editorAction,
	failure,
	readEditorBody,
	requireEditorCustomerId,
	success,
} from '~/services/profile-actions.server'
import { PORTFOLIO_SECTIONS_DATA, portfolioVersions } from '~/services/section-versions.server'
import { metaI18n } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { noindexMeta } from '~/utils/seo'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const [item, path, onProfile] = await Promise.all([
		getPortfolio(customerId, params.id ?? '', 'owner'),
		getCustomerPath(customerId),
		listPortfolios(customerId, 'featured'),
	])
	if (!item) throw new Response('Not found', { status: 404 })
	return {
		item,
		pristine: await isPortfolioPristine(customerId, item.portfolioId),
		path: path ?? '',
		versions: portfolioVersions(item),
		featuredLimit: FEATURED_LIMIT,
		// Featured and active, yet not one of the 3 the profile shows.
		featuredButNotShown:
			item.active &&
			item.featured &&
			!onProfile.some((shown) => shown.portfolioId === item.portfolioId),
	}
}

/**
 * One intent per section: head, skills, challenges, solutions, result. A refusal's messages are
 * in the owner's language.
 */
export async function action(args: ActionFunctionArgs) {
	const i18n = requestI18n(args.request)
	return answerInLanguage(i18n, await editorAction(() => editProject(args, i18n)))
}

async function editProject({ request, params }: ActionFunctionArgs, i18n: I18n) {
	const customerId = await requireEditorCustomerId(request)
	const body = await readEditorBody(request)
	const { intent } = body
	if (!isPortfolioSection(intent)) {
		return data(failure(intent, { _form: i18n._(msg`Unknown intent`) }), { status: 400 })
	}
	const schema: z.ZodType<{ portfolioId: string; changes: PortfolioChanges }> =
		SECTION_SCHEMAS[intent]
	// The item is the one in the URL, whatever the form carried.
	const parsed = schema.safeParse({ ...body, portfolioId: params.id })
	if (!parsed.success) {
		return data(failure(intent, fieldErrorsOf(parsed.error)), { status: 400 })
	}
	try {
		const item = await updatePortfolio(
			customerId,
			parsed.data.portfolioId,
			parsed.data.changes,
			// The section's version when the editor opened: a stale one is a 412.
			versionPrecondition<PortfolioItem>(body.version, PORTFOLIO_SECTIONS_DATA[intent]),
		)
		if (!item) {
			return data(failure(intent, { _form: i18n._(msg`Portfolio not found`) }), { status: 404 })
		}
	} catch (error) {
		if (error instanceof PreconditionFailed) return conflict(intent)
		throw error
	}
	return success(intent)
}

/** A call that does not arrive is an edit failure ('Please try again'), not an error page. */
export const clientAction = (args: ClientActionFunctionArgs) =>
	editorClientAction<Awaited<ReturnType<typeof action>>>({
		serverAction: () => args.serverAction<typeof action>(),
	})

/** A save refused because the session ended keeps the page, and the editor's draft, as it is. */
export const shouldRevalidate = keepPageWhenSignedOut

export default function BuilderProject() {
	const { t } = useLingui()
	const { item, pristine, path, versions, featuredButNotShown, featuredLimit } =
		useLoaderData<typeof loader>()
	const [editing, setEditing] = useState<PortfolioSection | null>(null)
	useEffect(() => openImagesInViewer(), [])
	// A new project left with nothing saved is removed (its images page is part of it).
	useDiscardWhenLeft(item.portfolioId, pristine)
	const close = useCallback(() => setEditing(null), [])
	return (
		<>
			<PortfolioView
				item={item}
				mode={{ kind: 'builder', onEdit: setEditing }}
				backHref="/builder/portfolio"
				backLabel={t`Back to Manage Portfolio`}
				toolbar={
					<div className="card flex flex-wrap items-center justify-between gap-x-5 gap-y-3 px-4 py-3">
						<div className="flex flex-wrap gap-x-5 gap-y-2">
							<StatusSwitch item={item} field="active" />
							<StatusSwitch item={item} field="featured" />
						</div>
						{item.active && path ? (
							<a
								href={`/${path}/portfolio/${item.portfolioId}`}
								target="_blank"
								rel="noopener noreferrer"
								className="btn-ghost text-brand-700 min-h-10 py-2"
							>
								<EyeIcon className="size-4" />
								<Trans>View live</Trans>
							</a>
						) : (
							<p className="text-muted text-sm">
								<Trans>Hidden from visitors until active</Trans>
							</p>
						)}
						{featuredButNotShown ? (
							<p role="status" className="basis-full text-sm text-amber-900">
								<Trans>
									Your profile shows only the first{' '}
									<Plural
										value={featuredLimit}
										one="# featured project"
										other="# featured projects"
									/>
									, and this one is not among them. Change the order in{' '}
									<Link to="/builder/portfolio" className="font-semibold underline">
										Manage Portfolio
									</Link>
									.
								</Trans>
							</p>
						) : item.featured && !item.active ? (
							<p role="status" className="text-muted basis-full text-sm">
								<Trans>Featured, but hidden: it shows on your profile once it is active.</Trans>
							</p>
						) : null}
					</div>
				}
			/>
			<PortfolioEditorModal section={editing} onClose={close} item={item} versions={versions} />
		</>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const i18n = metaI18n(matches)
	const name = data?.item.productName || i18n._(msg`Project`)
	return noindexMeta(i18n._(msg`${name} | Tagg builder`))
}

export const ErrorBoundary = GeneralErrorBoundary

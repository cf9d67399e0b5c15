import { type I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { linkStatus } from '~/components/link-editing'
import { type LinksEditorData } from '~/components/links-editor'
import { MyPortfolio } from '~/components/portfolio-card'
import { ProfileEditorModal } from '~/components/profile-editors'
import { type ProfileSection } from '~/components/profile-sections'
import { ProfileView } from '~/components/profile-view'
import { shareData } from '~/components/public-sheets'
import { ShareModal } from '~/components/share-modal'
import { DisplayPictureModal } from '~/components/upload-modals'
import { BRAND_SLUGS, brandIcon, iconDrawing } from '~/data/brand-icons'
import { getCustomerEmail } from '~/models/customer.server'
import { linksData, listOwnLinks, replaceLinks, withIcon } from '~/models/link.server'
import { getProfilePage } from '~/models/public-page.server'
import { requireCustomerId } from '~/services/auth.server'
import { ownerAddress } from '~/services/domains.server'
import {
	conflict,
	editorAction,
	failure,
	readEditorBody,
	requireEditorCustomerId,
	runProfileEdit,
	success,
} from '~/services/profile-actions.server'
import { profileVersions } from '~/services/section-versions.server'
import {
	editorClientAction,
	fieldErrorsOf,
	keepPageWhenSignedOut,
	type EditorResult,
} from '~/utils/editor'
import { PreconditionFailed, versionOf, versionPrecondition } from '~/utils/etag.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { LinksUpdateSchema } from '~/utils/link-schemas'
import { GENERIC_ICONS } from '~/data/generic-icons'
import { type OwnLink } from '~/utils/links'
import { noindexMeta } from '~/utils/seo'

/** The Links editor: its code loads when the owner first opens it. */
const LinksEditorModal = lazy(() => import('~/components/links-editor'))

/** The brands' names, by slug, sorted by name; and which brand each host is (for 'Automatic'). */
const BRANDS = BRAND_SLUGS.map((slug) => brandIcon(slug)!).sort((a, b) =>
	a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
)
const BRAND_CHOICES = BRANDS.map(({ slug, title }) => ({ slug, title }))
const BRAND_HOSTS = Object.fromEntries(
	BRANDS.flatMap(({ slug, hosts }) => hosts.map((host) => [host, slug])),
)

/**
 * What the builder shows of the owner's own links: the section as visitors would see
 * it, every link marked with what visitors see of it now, and what the Links editor needs. The
 * icons travel as data, never as code: the drawings of those in use (and the generic ones), the
 * brands' names, and the brands' hosts for the icon 'Automatic' picks as a URL is typed
 * (app/data/brand-icons.ts stays on the server).
 */
function linksOfBuilder(links: OwnLink[], now: Date) {
	const resolved = links.map(withIcon)
	const slugs = new Set<string>([...resolved.map((link) => link.icon!), ...GENERIC_ICONS])
	return {
		shown: resolved.map((link) => ({
			linkId: link.linkId,
			title: link.title,
			url: link.url,
			highlight: link.highlight,
			icon: link.icon!,
			status: linkStatus(link, now),
		})),
		editor: {
			items: links,
			// The ETag of the owner's read (GET /one/sites/links/get), without its quotes: the save
			// sends it back, and a list changed since then is refused (412) as an If-Match is.
			version: versionOf(linksData(links)),
			icons: Object.fromEntries([...slugs].map((slug) => [slug, iconDrawing(slug)])),
			brands: BRAND_CHOICES,
			hosts: BRAND_HOSTS,
		} satisfies LinksEditorData,
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const now = new Date()
	const [page, loginEmail, ownLinks] = await Promise.all([
		getProfilePage(customerId, now),
		getCustomerEmail(customerId),
		listOwnLinks(customerId),
	])
	if (!page) throw new Response('Not found', { status: 404 })
	const path = page.profile.path ?? ''
	const links = linksOfBuilder(ownLinks, now)
	return {
		...page,
		// Every link of the owner's, hidden and scheduled ones too, each marked.
		links: links.shown,
		linkEditor: links.editor,
		path,
		// `https://{domain}/` while the owner's own domain serves the page.
		profileUrl: (await ownerAddress(path)).profileUrl,
		loginEmail: loginEmail ?? '',
		// Each editor sends its section's version back: a save from a stale tab is a 412.
		versions: profileVersions(page.profile, page.resume),
	}
}

/** A refused edit's messages in the builder's language (the browser has no server catalog). */
function inLanguage(i18n: I18n, result: EditorResult): EditorResult {
	if (result.ok) return result
	return {
		...result,
		message: translate(i18n, result.message),
		fieldErrors: Object.fromEntries(
			Object.entries(result.fieldErrors).map(([key, message]) => [key, translate(i18n, message)]),
		),
	}
}

/**
 * The Links editor's save (`intent: 'links'`): the whole list in one call, checked as
 * `POST /one/sites/links/update` checks it (app/utils/link-schemas.ts), each refusal at its item's
 * field (`links.3.url`); with the `version` the editor opened with, a list changed since (another
 * tab or device, the API) is refused (412) and nothing is changed.
 */
async function saveLinks(customerId: string, body: Record<string, unknown>) {
	const parsed = LinksUpdateSchema.safeParse({ links: body.links })
	if (!parsed.success) {
		throw data(failure('links', fieldErrorsOf(parsed.error)), { status: 400 })
	}
	try {
		await replaceLinks(
			customerId,
			parsed.data.links,
			versionPrecondition<OwnLink[]>(body.version, linksData),
		)
	} catch (error) {
		if (error instanceof PreconditionFailed) throw conflict('links')
		throw error
	}
	return success('links')
}

export async function action(args: ActionFunctionArgs) {
	const i18n = requestI18n(args.request)
	// The profile's and resume's edits (app/services/profile-actions.server.ts), and the links.
	const answer = await editorAction(async () => {
		const customerId = await requireEditorCustomerId(args.request)
		const body = await readEditorBody(args.request)
		return body.intent === 'links' ? saveLinks(customerId, body) : runProfileEdit(customerId, body)
	})
	if ('ok' in answer) return inLanguage(i18n, answer)
	return data(inLanguage(i18n, answer.data), answer.init ?? undefined)
}

/** A call that does not arrive is an edit failure ('Please try again'), not an error page. */
export const clientAction = (args: ClientActionFunctionArgs) =>
	editorClientAction<Awaited<ReturnType<typeof action>>>({
		serverAction: () => args.serverAction<typeof action>(),
	})

/** A save refused because the session ended keeps the page, and the editor's draft, as it is. */
export const shouldRevalidate = keepPageWhenSignedOut

export default function BuilderHome() {
	const {
		profile,
		resume,
		email,
		path,
		profileUrl,
		portfolio,
		loginEmail,
		versions,
		links,
		linkEditor,
	} = useLoaderData<typeof loader>()
	const [editing, setEditing] = useState<ProfileSection | null>(null)
	// Mounted from the first time the owner opens it, then kept (it closes as the other editors do).
	const [linksOpened, setLinksOpened] = useState(false)
	if (editing === 'links' && !linksOpened) setLinksOpened(true)
	const [shareOpen, setShareOpen] = useState(false)
	const close = useCallback(() => setEditing(null), [])
	return (
		<>
			<ProfileView
				profile={profile}
				resume={resume}
				email={email}
				mode={{ kind: 'builder', onEdit: setEditing }}
				onShare={() => setShareOpen(true)}
				portfolio={<MyPortfolio {...portfolio} path={path} builder />}
				links={links}
				linkIcons={linkEditor.icons}
			/>
			<DisplayPictureModal
				open={editing === 'picture'}
				onOpenChange={(open) => (open ? null : close())}
				currentUrl={profile.pictureUrl}
			/>
			{linksOpened ? (
				<Suspense fallback={null}>
					<LinksEditorModal open={editing === 'links'} onClose={close} data={linkEditor} />
				</Suspense>
			) : null}
			<ProfileEditorModal
				section={editing === 'picture' || editing === 'links' ? null : editing}
				onClose={close}
				profile={profile}
				resume={resume}
				loginEmail={loginEmail}
				versions={versions}
			/>
			<ShareModal
				open={shareOpen}
				onOpenChange={setShareOpen}
				{...shareData(profile, path, profileUrl, profile.appearance.accent)}
			/>
		</>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Portfolio Home | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

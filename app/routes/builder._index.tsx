import { type I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'
import { useCallback, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MyPortfolio } from '~/components/portfolio-card'
import { ProfileEditorModal } from '~/components/profile-editors'
import { ProfileView, type EditSection } from '~/components/profile-view'
import { shareData } from '~/components/public-sheets'
import { ShareModal } from '~/components/share-modal'
import { DisplayPictureModal } from '~/components/upload-modals'
import { getCustomerEmail } from '~/models/customer.server'
import { getProfilePage } from '~/models/public-page.server'
import { requireCustomerId } from '~/services/auth.server'
import { editorClientAction, keepPageWhenSignedOut, type EditorResult } from '~/utils/editor'
import { env } from '~/utils/env.server'
import { profileEditAction } from '~/services/profile-actions.server'
import { profileVersions } from '~/services/section-versions.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { noindexMeta } from '~/utils/seo'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const [page, loginEmail] = await Promise.all([
		getProfilePage(customerId),
		getCustomerEmail(customerId),
	])
	if (!page) throw new Response('Not found', { status: 404 })
	const path = page.profile.path ?? ''
	return {
		...page,
		path,
		profileUrl: `${env().PUBLIC_SITE_URL}/${path}`,
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

export async function action(args: ActionFunctionArgs) {
	const i18n = requestI18n(args.request)
	const answer = await profileEditAction(args)
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
	const { profile, resume, email, path, profileUrl, portfolio, loginEmail, versions } =
		useLoaderData<typeof loader>()
	const [editing, setEditing] = useState<EditSection | null>(null)
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
			/>
			<DisplayPictureModal
				open={editing === 'picture'}
				onOpenChange={(open) => (open ? null : close())}
				currentUrl={profile.pictureUrl}
			/>
			<ProfileEditorModal
				section={editing === 'picture' ? null : editing}
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

import { type LoaderFunctionArgs } from '@remix-run/node'
import { getPageVersion } from '~/models/page-version.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import { getProfilePage } from '~/models/public-page.server'
import { profileUrlFor } from '~/utils/public-url.server'
import { notFoundOrMoved } from '~/services/moved.server'
import { toJsonResume } from '~/services/json-resume.server'
import { notModified, versionEtag } from '~/utils/resume-page.server'
import { PUBLIC_PAGE_CACHE } from '~/utils/seo'

/** GET /{pname}/resume.json: the public page as a JSON Resume 1.0.0 document. */
export async function loader({ params, request }: LoaderFunctionArgs) {
	const version = await getPageVersion(params.pname ?? '')
	// An owner's previous path redirects to the current one for a while (301), else 404.
	if (!version) throw await notFoundOrMoved(request, params.pname)
	// The document lists the owner's links live now: a start or an end changes it with no write.
	const etag = versionEtag('json', version.version, `s${version.schedule.toString(36)}`)
	const headers = {
		ETag: etag,
		'Cache-Control': PUBLIC_PAGE_CACHE,
		// Public data: JSON Resume tools (themes, converters) may read it from any site.
		'Access-Control-Allow-Origin': '*',
	}
	if (notModified(request, etag)) return new Response(null, { status: 304, headers })
	const [page, projects] = await Promise.all([
		getProfilePage(version.customerId),
		listPortfolios(version.customerId, 'active'),
	])
	if (!page) throw new Response('Not found', { status: 404 })
	const document = toJsonResume({
		...page,
		projects,
		profileUrl: profileUrlFor(request, version.path),
	})
	return new Response(JSON.stringify(document, null, 2), {
		headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
	})
}

import { type LoaderFunctionArgs } from '@remix-run/node'
import { getPageVersion } from '~/models/page-version.server'
import { getProfilePage } from '~/models/public-page.server'
import { profileUrlOf, publicBase } from '~/utils/public-url.server'
import { notFoundOrMoved } from '~/services/moved.server'
import { serverI18n } from '~/utils/i18n.server'
import { notModified, versionEtag } from '~/utils/resume-page.server'
import { PUBLIC_PAGE_CACHE } from '~/utils/seo'

/**
 * GET /{pname}/resume.pdf: the resume as an A4 PDF in the owner's language, drawn once per page
 * version and language and kept in memory; a browser holding the current ETag gets 304.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
	const version = await getPageVersion(params.pname ?? '')
	// An owner's previous path redirects to the current one for a while (301), else 404.
	if (!version) throw await notFoundOrMoved(request, params.pname)
	const etag = versionEtag('pdf', version.version, version.language)
	const headers = { ETag: etag, 'Cache-Control': PUBLIC_PAGE_CACHE }
	if (notModified(request, etag)) return new Response(null, { status: 304, headers })
	// `https://{domain}` on the owner's own domain (app/utils/public-url.server.ts).
	const base = publicBase(request, version.path)
	// The PDF renderer is loaded by the first PDF asked for, not by every process that starts
	// the app: it is the heaviest module the server has (docs/decisions/042-lazy-heavy-modules.md).
	const { cachedResumePdf, pdfDisposition } = await import('~/services/resume-pdf.server')
	const file = await cachedResumePdf(
		version.customerId,
		version.version,
		async () => {
			const page = await getProfilePage(version.customerId)
			return page && { ...page, profileUrl: profileUrlOf(base) }
		},
		base.host,
		version.language,
	)
	if (!file) throw new Response('Not found', { status: 404 })
	const { pdf, name } = file
	return new Response(new Uint8Array(pdf.buffer as ArrayBuffer, pdf.byteOffset, pdf.length), {
		headers: {
			...headers,
			'Content-Type': 'application/pdf',
			'Content-Length': String(pdf.length),
			'Content-Disposition': pdfDisposition(name || version.path, serverI18n(version.language)),
		},
	})
}

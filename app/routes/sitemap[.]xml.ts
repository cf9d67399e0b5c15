import { type LoaderFunctionArgs } from '@remix-run/node'
import { sitemapResponse } from '~/services/sitemap.server'

/**
 * GET /sitemap.xml: every public profile, portfolio list and active project, streamed; a
 * sitemap index of `/sitemap.xml?page=N` files once they pass one file's 50,000 URLs.
 */
export function loader({ request }: LoaderFunctionArgs) {
	return sitemapResponse(request)
}

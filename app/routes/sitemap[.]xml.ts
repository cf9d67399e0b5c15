import { type LoaderFunctionArgs } from '@remix-run/node'
import { domainSitemap } from '~/services/domain-files.server'
import { sitemapResponse } from '~/services/sitemap.server'

/**
 * GET /sitemap.xml: every public profile, portfolio list and active project, streamed; a
 * sitemap index of `/sitemap.xml?page=N` files once they pass one file's 50,000 URLs. On an
 * owner's own domain: that owner's pages only, at their short paths.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	return (await domainSitemap(request)) ?? sitemapResponse(request)
}

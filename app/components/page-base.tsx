/**
 * Where an owner's pages are, as the links of a visitor's page name them: every page
 * path starts with the page's base, `''` on the owner's own domain (`/portfolio`, `/resume.pdf`)
 * and `/{pname}` on the main host. The routes put the base in their loader data
 * (`publicBase(request, path).prefix`, app/utils/public-url.server.ts); `PublicPage` gives it to
 * the shared components below it, which build every href with {@link usePagePath}.
 */
import { createContext, useContext } from 'react'

/** The base of the main host: `/{pname}`. */
export const mainBase = (path: string | null | undefined) => `/${path ?? ''}`

/** A page's path under `base`: `/jane/resume`, `/resume`, or `/` for the profile on a domain. */
export const pagePath = (base: string, sub = '') => `${base}${sub}` || '/'

const PageBaseContext = createContext<string | null>(null)

export const PageBaseProvider = PageBaseContext.Provider

/**
 * The page paths of the owner at `path` as this page names them: under the base `PublicPage`
 * gives, else (the builder, a page without one) the main host's `/{pname}`.
 */
export function usePagePath(path: string | null | undefined) {
	const base = useContext(PageBaseContext) ?? mainBase(path)
	return (sub = '') => pagePath(base, sub)
}

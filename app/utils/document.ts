import { createContext, useContext } from 'react'

/**
 * The script of the public pages (see `virtual:public-entry`): the modules to import, in order,
 * and the files to preload.
 */
export type PublicEntry = { imports: string[]; preload: string[] }

/** The `handle` of a route whose pages are for visitors (app/root.tsx). */
export type PublicPageHandle = {
	publicPage?: boolean
	/** A visitor's page that is no page of the owner's Insights (the contact form). */
	uncounted?: boolean
}

/**
 * The `handle` of a visitor's page (docs/decisions/010-visitor-pages.md): the public pages' small
 * script instead of the Remix runtime, none with Save-Data; served from the page cache
 * (server/page-cache.ts).
 */
export const PUBLIC_PAGE: PublicPageHandle = { publicPage: true }

/** What the server knows about the document it renders (app/entry.server.tsx). */
export type DocumentOptions = {
	/** The per-request Content-Security-Policy nonce ('' when the page is cached: hashes). */
	nonce: string
	/** The visitor asked for less data (`Save-Data: on`): public pages come without scripts. */
	saveData: boolean
	/** Public pages load this instead of the Remix runtime (see app/root.tsx). */
	publicEntry: PublicEntry | null
	/** Public pages count their views (docs/decisions/022-insights.md); `INSIGHTS=off` turns it off. */
	insights: boolean
	/**
	 * The visitor page's CSS (app/styles/public/), inlined in its head instead of the
	 * app's render-blocking stylesheet; null elsewhere, and in the browser (which never renders a
	 * visitor's whole document: docs/decisions/036-first-screen.md).
	 */
	criticalCss: string | null
}

const DocumentContext = createContext<DocumentOptions>({
	nonce: '',
	saveData: false,
	publicEntry: null,
	insights: false,
	criticalCss: null,
})
export const DocumentProvider = DocumentContext.Provider
export const useDocumentOptions = () => useContext(DocumentContext)

/**
 * The app's whole stylesheet, for what a visitor's page adds with its script (a dialog, the image
 * viewer, the next cards): the page's inline CSS holds only the rules its own HTML uses
 * (app/utils/css-prune.ts, docs/decisions/036-first-screen.md). Loaded once, when the script first
 * needs it (never before the first paint, never for a visitor who opens nothing). The page names
 * it (`<body data-stylesheet>`, app/root.tsx); a page that links it (the builder) names none.
 */
let loaded: Promise<void> | undefined

/** Resolves once the app's stylesheet applies (or could not load: what it styles still works). */
export function loadPageStyles(): Promise<void> {
	loaded ??= new Promise<void>((resolve) => {
		const href = document.body.dataset.stylesheet
		if (!href) return resolve()
		const link = document.createElement('link')
		link.rel = 'stylesheet'
		link.href = href
		link.addEventListener('load', () => resolve())
		link.addEventListener('error', () => {
			loaded = undefined // try again next time
			link.remove()
			resolve()
		})
		document.head.append(link)
	})
	return loaded
}

/** `work` (a module loading), resolved once the app's stylesheet applies too. */
export function withPageStyles<T>(work: Promise<T>): Promise<T> {
	return Promise.all([work, loadPageStyles()]).then(([result]) => result)
}

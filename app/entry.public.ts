/**
 * The script of the public pages (/{pname}, its portfolio and its projects), loaded instead of the
 * Remix runtime (docs/decisions/010-visitor-pages.md). The pages work with no script at all;
 * this makes them behave as SPEC.md says: the carousel moves, a picture that fails shows its
 * fallback, and the Share and Find Me links become buttons opening the modals, whose code (React
 * and the dialog) loads when a visitor first reaches for one.
 */
import type * as PublicDialogs from './components/public-dialogs'
import type * as ContactDialog from './utils/contact-dialog'
import { type SheetId } from './components/public-sheets'
import { controlCarousel } from './utils/carousel'
import { openImagesInViewer } from './components/viewer-links'
import { parsePage } from './utils/parse-page'
import { loadPageStyles, withPageStyles } from './utils/page-styles'

// Insights (docs/decisions/022-insights.md): the view, clicks on counted links and shares, sent
// to the endpoint the page names (none when insights are off). No cookie or storage is used.
const insights = document.body.dataset.insights
function hit(data: Record<string, string>) {
	if (!insights) return
	fetch(insights, {
		method: 'POST',
		keepalive: true,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ p: location.pathname, ...data }),
	}).catch(() => {})
}
const view = () => hit({ t: 'view', r: document.referrer, q: location.search })
// A prerendered page counts when it is shown, not when it is made.
if ((document as { prerendering?: boolean }).prerendering)
	document.addEventListener('prerenderingchange', view, { once: true })
else view()
// Back to this page from the browser's back/forward cache: another view.
addEventListener('pageshow', (event) => event.persisted && view())
document.addEventListener(
	'click',
	(event) => {
		const link = (event.target as Element).closest?.<HTMLElement>('[data-track]')
		if (link) hit({ t: 'click', l: link.dataset.track! })
	},
	true,
)
// The Share modal (app/components/share-modal.tsx) says when the profile was shared.
document.addEventListener('tagg:share', (event) =>
	hit({ t: 'share', m: (event as CustomEvent<string>).detail }),
)

for (const carousel of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
	controlCarousel(carousel)
}

function fallBack(image: HTMLImageElement) {
	const fallback = image.dataset.fallback
	if (fallback && image.getAttribute('src') !== fallback) image.src = fallback
}
// A picture may have failed before this ran: check those already done.
for (const image of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
	if (image.complete && image.naturalWidth === 0 && image.currentSrc) fallBack(image)
}
document.addEventListener(
	'error',
	(event) => {
		if (event.target instanceof HTMLImageElement) fallBack(event.target)
	},
	true,
)

let dialogs: Promise<typeof PublicDialogs> | undefined
function loadDialogs() {
	dialogs ??= withPageStyles(import('./components/public-dialogs')).catch((error: unknown) => {
		dialogs = undefined // try again next time
		throw error
	})
	return dialogs
}

/** How long a tap waits for the modal's code before the page's own sheet shows instead. */
const MODAL_WAIT_MS = 800

function open(link: HTMLAnchorElement) {
	const dialog = link.dataset.dialog as SheetId
	let answered = false
	const showSheet = () => {
		if (answered) return
		answered = true
		window.location.hash = dialog
	}
	// On a slow connection the code can take seconds: the sheet is already in the page and does
	// the same job, so the tap is answered at once either way.
	const timer = window.setTimeout(showSheet, MODAL_WAIT_MS)
	loadDialogs().then(
		(module) => {
			if (answered) return
			answered = true
			window.clearTimeout(timer)
			module.openDialog(dialog)
		},
		// The modal's code did not arrive (offline, say): the sheet does the job.
		() => {
			window.clearTimeout(timer)
			showSheet()
		},
	)
}

const SHEETS: readonly string[] = ['share', 'find-me'] satisfies SheetId[]
// A sheet shown by the address (a link to /jane#share, or a tap the modal's code was too slow
// for): Escape closes it as it closes the modal, and the focus goes back to its button.
document.addEventListener('keydown', (event) => {
	const shown = window.location.hash.slice(1)
	if (event.key !== 'Escape' || event.defaultPrevented || !SHEETS.includes(shown)) return
	window.location.hash = '_'
	document.querySelector<HTMLElement>(`a[data-dialog="${shown}"]`)?.focus()
})

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-dialog]')) {
	link.setAttribute('role', 'button')
	link.addEventListener('click', (event) => {
		event.preventDefault()
		open(link)
	})
	link.addEventListener('keydown', (event) => {
		if (event.key !== ' ') return
		event.preventDefault()
		open(link)
	})
	// The visitor is reaching for it: fetch the modal's code now.
	link.addEventListener('pointerenter', () => void loadDialogs().catch(() => {}), { once: true })
	link.addEventListener('focus', () => void loadDialogs().catch(() => {}), { once: true })
}

// The gallery's full-screen viewer: its code loads when a visitor first opens an image.
openImagesInViewer()

// 'Exchange contact': the button is a link to the form's page; with this script it
// opens the same form in a dialog, whose code loads when a visitor first reaches for it. The
// link still leads to the page when the code or the form cannot be fetched.
let contactDialog: Promise<typeof ContactDialog> | undefined
const loadContactDialog = () => {
	contactDialog ??= withPageStyles(import('./utils/contact-dialog')).catch((error: unknown) => {
		contactDialog = undefined
		throw error
	})
	return contactDialog
}
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-contact-dialog]')) {
	const openForm = () =>
		loadContactDialog()
			.then((module) => module.openContactDialog(link))
			.catch(() => (window.location.href = link.href))
	link.setAttribute('role', 'button')
	link.setAttribute('aria-haspopup', 'dialog')
	link.addEventListener('click', (event) => {
		if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
		event.preventDefault()
		void openForm()
	})
	link.addEventListener('keydown', (event) => {
		if (event.key !== ' ') return
		event.preventDefault()
		void openForm()
	})
	link.addEventListener('pointerenter', () => void loadContactDialog().catch(() => {}), {
		once: true,
	})
	link.addEventListener('focus', () => void loadContactDialog().catch(() => {}), { once: true })
}

// 'Load more' on the portfolio list: the next page's cards are added in place (the link opens
// that page when this cannot run, or when fetching it fails). Its words come from the page, in
// the page's language: the link's own text and `data-loading`.
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-load-more]')) {
	const label = link.textContent ?? ''
	link.addEventListener('click', (event) => {
		event.preventDefault()
		if (link.getAttribute('aria-disabled') === 'true') return
		link.setAttribute('aria-disabled', 'true')
		link.textContent = link.dataset.loading ?? label
		loadMore(link, label).catch(() => (window.location.href = link.href))
	})
}

/**
 * '21 projects shown' in the page's language: the page gives the sentence for each plural
 * category of its language (`data-forms`, `#` for the number).
 */
function shownText(status: HTMLElement, shown: number) {
	const lang = document.documentElement.lang || 'en'
	const forms = JSON.parse(status.dataset.forms ?? '{}') as Record<string, string>
	const form = forms[new Intl.PluralRules(lang).select(shown)] ?? forms.other ?? '#'
	return form.replace('#', shown.toLocaleString(lang))
}

async function loadMore(link: HTMLAnchorElement, label: string) {
	// The next cards may use classes this page's inline CSS left out.
	const [response] = await Promise.all([
		fetch(link.href, { headers: { Accept: 'text/html' } }),
		loadPageStyles(),
	])
	if (!response.ok) throw new Error(`HTTP ${response.status}`)
	const next = parsePage(await response.text())
	const list = document.querySelector('[data-cards]')
	const known = new Set(
		[...(list?.querySelectorAll('a[href]') ?? [])].map((a) => a.getAttribute('href')),
	)
	for (const item of next.querySelectorAll('[data-cards] > li')) {
		const href = item.querySelector('a[href]')?.getAttribute('href')
		if (href && known.has(href)) continue
		list?.append(document.importNode(item, true))
	}
	const shown = list?.children.length ?? 0
	const status = document.querySelector<HTMLElement>('[data-more-status]')
	if (status) status.textContent = shownText(status, shown)
	const following = next.querySelector<HTMLAnchorElement>('a[data-load-more]')
	if (following) {
		link.href = following.getAttribute('href') ?? following.href
		link.removeAttribute('aria-disabled')
		link.textContent = label
	} else {
		link.remove()
	}
}

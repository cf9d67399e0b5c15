/**
 * 'Exchange contact' in a dialog on a visitor's profile, loaded by the public pages'
 * script (app/entry.public.ts) the first time a visitor reaches for the button. No React and no
 * catalog: the dialog shows the form of the page the button links to (`/{pname}/connect`,
 * fetched, `#contact-panel`), in the page's language, and posts it to that page, which checks
 * it as it checks a post without a script (honeypot and minimum time included); the answer's
 * panel (the thank-you state, or the form with its errors) replaces the form. A native
 * `<dialog>`: modal, Escape closes it, the focus stays inside and goes back to the button.
 * Whatever fails (offline, an error page), the visitor is sent to the page itself.
 */
import { parsePage } from './parse-page'

const PANEL = 'contact-panel'

async function fetchPanel(url: string, init?: RequestInit) {
	const response = await fetch(url, { ...init, headers: { Accept: 'text/html' } })
	const page = parsePage(await response.text())
	const panel = page.getElementById(PANEL)
	if (!panel) throw new Error(`HTTP ${response.status}: no form`)
	return { panel: document.importNode(panel, true), url: response.url }
}

let dialog: HTMLDialogElement | null = null

function frame(opener: HTMLElement) {
	if (dialog) return dialog
	const created = document.createElement('dialog')
	dialog = created
	created.className =
		'm-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-y-auto bg-transparent p-0 backdrop:bg-black/50 backdrop:backdrop-blur-[2px] sm:m-auto sm:max-w-lg'
	created.setAttribute('aria-labelledby', 'contact-title')
	// A tap on the backdrop closes it, as the page's other dialogs do.
	created.addEventListener('click', (event) => {
		if (event.target === created) created.close()
	})
	created.addEventListener('close', () => opener.focus())
	document.body.append(created)
	return created
}

/** Puts `panel` in the dialog, wired: its form posts here, its 'Back' and close buttons close. */
function show(target: HTMLDialogElement, panel: HTMLElement, url: string) {
	panel.classList.add('rounded-b-none', 'sm:rounded-3xl', 'relative')
	const close = document.createElement('button')
	close.type = 'button'
	close.className = 'btn-ghost absolute end-2 top-2 size-11 rounded-full p-0'
	close.setAttribute('aria-label', panel.dataset.closeLabel ?? '×')
	close.innerHTML =
		'<svg viewBox="0 0 24 24" class="size-5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>'
	close.addEventListener('click', () => target.close())
	panel.append(close)
	for (const back of panel.querySelectorAll<HTMLElement>('[data-contact-back]')) {
		back.addEventListener('click', (event) => {
			event.preventDefault()
			target.close()
		})
	}
	const form = panel.querySelector<HTMLFormElement>('form[data-contact-form]')
	if (form) {
		form.action = url
		form.addEventListener('submit', (event) => {
			event.preventDefault()
			void send(target, form, url)
		})
	}
	target.replaceChildren(panel)
}

async function send(target: HTMLDialogElement, form: HTMLFormElement, url: string) {
	const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
	const label = button?.textContent ?? ''
	if (button) {
		button.disabled = true
		button.textContent = button.dataset.pending ?? label
	}
	try {
		const body = new URLSearchParams()
		for (const [name, value] of new FormData(form))
			if (typeof value === 'string') body.append(name, value)
		const answer = await fetchPanel(url, { method: 'POST', body })
		show(target, answer.panel, url.split('?')[0]!)
		// The thank-you heading, or the first field with a problem (its message is read with it).
		const focus =
			answer.panel.querySelector<HTMLElement>('[aria-invalid="true"]') ??
			answer.panel.querySelector<HTMLElement>('#contact-title')
		focus?.focus()
	} catch {
		// The page answers without a script: post it there.
		if (button) button.disabled = false
		form.submit()
	}
}

/** Opens the dialog of the button `link` (a link to the form's page). */
export async function openContactDialog(link: HTMLAnchorElement) {
	const { panel, url } = await fetchPanel(link.href)
	const target = frame(link)
	show(target, panel, url)
	target.showModal()
	panel.querySelector<HTMLInputElement>('input[name="name"]')?.focus()
}

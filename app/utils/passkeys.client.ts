/**
 * The browser's side of passkeys (docs/decisions/033): @simplewebauthn/browser, loaded only when
 * a page asks (the login page, the reset page's code step, Settings), never with a visitor's page.
 */

/** Why a passkey ceremony ended without an answer. */
export class PasskeyCancelled extends Error {}

/** A refusal of the server, in the page's language. */
export class PasskeyRefused extends Error {}

const library = () => import('@simplewebauthn/browser')

/** Whether this browser can use passkeys at all, and offer them in the email field's autofill. */
export async function passkeySupport() {
	if (typeof window === 'undefined' || !window.PublicKeyCredential) {
		return { passkeys: false, autofill: false }
	}
	const { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } = await library()
	const passkeys = browserSupportsWebAuthn()
	const autofill = passkeys && (await browserSupportsWebAuthnAutofill().catch(() => false))
	return { passkeys, autofill }
}

/** POSTs JSON and answers the envelope's `data`, or throws the server's message. */
export async function postJson<Data>(url: string, body: unknown): Promise<Data> {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: JSON.stringify(body),
		credentials: 'same-origin',
	})
	const answer = (await response.json().catch(() => null)) as {
		data?: Data
		message?: string
	} | null
	if (!response.ok || !answer?.data) throw new PasskeyRefused(answer?.message ?? '')
	return answer.data
}

/** A ceremony the person cancelled, or that another one replaced, is no failure to report. */
function cancelled(error: unknown) {
	const name = (error as { name?: string; cause?: { name?: string } } | null)?.name
	const cause = (error as { cause?: { name?: string } } | null)?.cause?.name
	return [name, cause].some((value) => value === 'NotAllowedError' || value === 'AbortError')
}

/**
 * Asks the browser for a passkey of this site (no email typed: the passkey names its owner) and
 * answers its signed response as JSON text, for the page's form. With `autofill`, the request
 * waits for the person to pick a passkey in the email field's suggestions.
 */
export async function passkeyAssertion({ autofill = false } = {}) {
	const { options } = await postJson<{ options: unknown }>('/one/auth/new/passkey/options', {})
	const { startAuthentication } = await library()
	try {
		const response = await startAuthentication({
			optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
			useBrowserAutofill: autofill,
		})
		return JSON.stringify(response)
	} catch (error) {
		if (cancelled(error)) throw new PasskeyCancelled()
		throw error
	}
}

/** Asks the browser to create a passkey from the server's options; its response as JSON text. */
export async function passkeyCreation(options: unknown) {
	const { startRegistration } = await library()
	try {
		const response = await startRegistration({
			optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
		})
		return JSON.stringify(response)
	} catch (error) {
		if (cancelled(error)) throw new PasskeyCancelled()
		throw error
	}
}

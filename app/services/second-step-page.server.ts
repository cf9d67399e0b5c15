/**
 * The pages' side of signing in with a second step or a passkey (docs/decisions/033): the login
 * page and the reset page post their code step (`intent=code`) or a passkey's answer
 * (`intent=passkey`) here, and sign the browser in with cookies when it succeeds. The API's
 * twins are POST /one/auth/new/login/mfa and /one/auth/new/passkey/verify.
 */
import { type I18n } from '@lingui/core'
import { type AuthenticationResponseJSON } from '@simplewebauthn/server'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	continueSecondStep,
	PASSKEY_LOGIN_FAILED,
	signInWithPasskey,
	type SignedIn,
} from '~/services/sign-in-factors.server'
import { translate } from '~/utils/i18n'
import { PasskeyFormSchema, SecondStepFormSchema } from '~/utils/sign-in-factor-schemas'

/** The code step as a page shows it: its token, and why the last try failed. */
export type SecondStepShown = {
	mfaToken: string
	error: string | null
	retryAfterSeconds?: number
}

export type StepOutcome =
	| { ok: true; signedIn: SignedIn }
	/** Still on the code step: try again (a wrong code, a passkey that did not work, a wait). */
	| { ok: false; step: SecondStepShown }
	/** The step is gone (expired, used, or the reset's link spent meanwhile): start again. */
	| { ok: false; step: null; error: string; linkSpent: boolean }

/**
 * Continues a login or reset from the page's post: the code step's `code`, or a passkey's
 * `response` (with the step's `mfaToken` it is that step's second factor; without, a sign-in on
 * its own). Null when the post is neither.
 */
export async function continueFromPage(
	formData: FormData,
	i18n: I18n,
): Promise<StepOutcome | null> {
	const intent = formData.get('intent')
	if (intent === 'code') {
		const submission = parseWithZod(formData, { schema: SecondStepFormSchema })
		if (submission.status !== 'success') {
			const mfaToken = String(formData.get('mfaToken') ?? '')
			const error = submission.error?.code?.[0] ?? submission.error?.mfaToken?.[0] ?? ''
			if (submission.error?.mfaToken) return gone(i18n, error, false)
			return { ok: false, step: { mfaToken, error: translate(i18n, error) } }
		}
		const { mfaToken, code } = submission.value
		return answer(await continueSecondStep(mfaToken, code), mfaToken, i18n)
	}
	if (intent === 'passkey') {
		const submission = parseWithZod(formData, { schema: PasskeyFormSchema })
		const mfaToken = String(formData.get('mfaToken') ?? '') || undefined
		if (submission.status !== 'success') {
			return passkeyRefused(mfaToken, translate(i18n, PASSKEY_LOGIN_FAILED))
		}
		const outcome = await signInWithPasskey({
			response: submission.value.response as unknown as AuthenticationResponseJSON,
			mfaToken: submission.value.mfaToken,
		})
		return answer(outcome, submission.value.mfaToken, i18n)
	}
	return null
}

function answer(
	outcome: Awaited<ReturnType<typeof continueSecondStep>>,
	mfaToken: string | undefined,
	i18n: I18n,
): StepOutcome {
	if (outcome.ok) return { ok: true, signedIn: outcome }
	const message = translate(i18n, outcome.message)
	// The step itself is gone (field `mfa_token`), or a reset's link was spent meanwhile (`token`).
	if (outcome.field === 'mfa_token' || outcome.field === 'token') {
		return gone(i18n, outcome.message, outcome.field === 'token')
	}
	if (!mfaToken) return passkeyRefused(undefined, message)
	return {
		ok: false,
		step: { mfaToken, error: message, retryAfterSeconds: outcome.retryAfterSeconds },
	}
}

const gone = (i18n: I18n, message: string, linkSpent: boolean): StepOutcome => ({
	ok: false,
	step: null,
	error: translate(i18n, message),
	linkSpent,
})

/** A passkey sign-in on its own that failed: the login form says so (no step to stay on). */
const passkeyRefused = (mfaToken: string | undefined, error: string): StepOutcome =>
	mfaToken
		? { ok: false, step: { mfaToken, error } }
		: { ok: false, step: null, error, linkSpent: false }

import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { type RegistrationResponseJSON } from '@simplewebauthn/server'
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import QRCode from 'qrcode'
import { type z } from 'zod'
import { requireCustomerId } from '~/services/auth.server'
import { SUDO_REQUIRED, sudoNeeded } from '~/services/sudo.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import {
	confirmTotpSetup,
	passkeyRegistrationOptions,
	registerPasskey,
	remakeRecoveryCodes,
	removeOwnPasskey,
	renameOwnPasskey,
	startTotpSetup,
	turnOffTotp,
	type FactorRefusal,
} from '~/services/sign-in-factors.server'
import { readFormData } from '~/utils/api.server'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { getAccount } from '~/models/account.server'
import {
	type PasskeyRegisterFormSchema,
	type PasskeyRemoveFormSchema,
	type PasskeyRenameFormSchema,
	SECURITY_SCHEMAS,
	type SecurityAnswer,
	type SecurityIntent,
} from '~/utils/sign-in-factor-schemas'

/**
 * The Settings page's sign-in factors (app/components/sign-in-factors.tsx posts here with
 * fetchers): authenticator codes set up, turned on and off, new recovery codes, passkeys added,
 * renamed and removed. Each answer is `{intent, ok: true, …}` or `{intent, ok: false, error,
 * field}` in the owner's language; the API's twins are under /one/account/mfa/.
 */
/**
 * Only posted to: an address typed or followed here (a bookmark, a reload after a post without
 * JavaScript) leads to the Settings page that holds these sections, instead of a 400 and an
 * error in the log.
 */
export const loader = () => redirect('/builder/settings')

const NEEDS_SUDO = new Set<SecurityIntent>([
	'totp-setup',
	'totp-enable',
	'passkey-options',
	'passkey-register',
])

const isIntent = (value: unknown): value is SecurityIntent =>
	typeof value === 'string' && Object.hasOwn(SECURITY_SCHEMAS, value)

export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
	const account = await getAccount(customerId)
	const i18n = requestI18n(request, account?.language)
	const intent = formData.get('intent')
	if (!isIntent(intent))
		return answer({ intent: null, ok: false, error: i18n._(msg`Unknown intent`), field: null })
	const submission = parseWithZod(formData, { schema: SECURITY_SCHEMAS[intent] })
	if (submission.status !== 'success') {
		const [field, messages] = Object.entries(submission.error ?? {})[0] ?? ['', []]
		return answer({
			intent,
			ok: false,
			error: translate(i18n, messages?.[0] ?? ''),
			field: field || null,
		})
	}
	const refused = (refusal: FactorRefusal) =>
		answer(
			{
				intent,
				ok: false,
				error: translate(i18n, refusal.message),
				field: refusal.field ?? null,
			},
			refusal.status,
			refusal.retryAfterSeconds,
		)
	const value = submission.value as Record<string, unknown>
	// Changes that would let whoever holds this session keep a way in need a fresh proof that
	// the owner is here (docs/decisions/040-sudo-mode.md).
	if (NEEDS_SUDO.has(intent)) {
		const sudo = await sudoNeeded(request)
		if (sudo) {
			return answer(
				{ intent, ok: false, error: translate(i18n, SUDO_REQUIRED), field: null, sudo },
				403,
			)
		}
	}

	switch (intent) {
		case 'totp-setup': {
			const code = (value as z.infer<(typeof SECURITY_SCHEMAS)['totp-setup']>).code
			const outcome = await startTotpSetup(customerId, { code: code || undefined })
			if (!outcome.ok) return refused(outcome)
			const qrSvg = await QRCode.toString(outcome.otpauthUrl, {
				type: 'svg',
				margin: 1,
				errorCorrectionLevel: 'M',
			})
			return answer({
				intent,
				ok: true,
				secret: outcome.secret,
				otpauthUrl: outcome.otpauthUrl,
				qrSvg,
			})
		}
		case 'totp-enable': {
			const outcome = await confirmTotpSetup(customerId, String(value.code))
			if (!outcome.ok) return refused(outcome)
			// Every session ended (they were opened with the password alone): this one starts anew.
			const session = await createSession(customerId)
			return data<SecurityAnswer>(
				{ intent, ok: true, recoveryCodes: outcome.recoveryCodes },
				{ headers: headersWithCookies(session.cookies) },
			)
		}
		case 'totp-disable': {
			const outcome = await turnOffTotp(request, customerId, {
				password: String(value.password),
				code: String(value.code),
			})
			return outcome.ok ? answer({ intent, ok: true }) : refused(outcome)
		}
		case 'recovery-codes': {
			const outcome = await remakeRecoveryCodes(customerId, String(value.code))
			if (!outcome.ok) return refused(outcome)
			return answer({ intent, ok: true, recoveryCodes: outcome.recoveryCodes })
		}
		case 'passkey-options': {
			const outcome = await passkeyRegistrationOptions(customerId)
			if (!outcome.ok) return refused(outcome)
			return answer({ intent, ok: true, options: outcome.options })
		}
		case 'passkey-register': {
			const { response, name } = value as z.infer<typeof PasskeyRegisterFormSchema>
			const outcome = await registerPasskey(
				customerId,
				{ response: response as unknown as RegistrationResponseJSON, name },
				i18n,
			)
			return outcome.ok ? answer({ intent, ok: true }) : refused(outcome)
		}
		case 'passkey-rename': {
			const { id, name } = value as z.infer<typeof PasskeyRenameFormSchema>
			const outcome = await renameOwnPasskey(customerId, { id, name })
			return outcome.ok ? answer({ intent, ok: true }) : refused(outcome)
		}
		case 'passkey-remove': {
			const { id, password, code } = value as z.infer<typeof PasskeyRemoveFormSchema>
			const outcome = await removeOwnPasskey(request, customerId, {
				id,
				password: password || undefined,
				code: code || undefined,
			})
			return outcome.ok ? answer({ intent, ok: true }) : refused(outcome)
		}
	}
}

function answer(body: SecurityAnswer, status = body.ok ? 200 : 400, retryAfterSeconds?: number) {
	return data<SecurityAnswer>(body, {
		status,
		headers: {
			'Cache-Control': 'no-store',
			...(retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {}),
		},
	})
}

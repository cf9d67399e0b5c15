/**
 * How the Settings page's sign-in factors talk to the server: each form posts to
 * /builder/settings/security with a fetcher, asks 'Confirm it’s you' when the change needs sudo
 * mode (and posts again once the owner has), and acts on an answer once; the field that takes a
 * code or a recovery code.
 */
import { useLingui } from '@lingui/react/macro'
import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Field } from '~/components/forms'
import { sudoOfferOf, useSudo } from '~/components/sudo-dialog'
import { type SecurityAnswer, type SecurityIntent } from '~/utils/sign-in-factor-schemas'

export const ENDPOINT = '/builder/settings/security'

export type PasskeyShown = {
	id: string
	name: string
	createdAt: string
	lastUsedAt: string | null
}

export type FactorsShown = {
	totp: boolean
	passkeys: PasskeyShown[]
	recoveryCodesLeft: number
}

/**
 * A fetcher for one intent: its answer, whether it is on its way, and a way to post. A change
 * that needs sudo mode opens 'Confirm it’s you' (app/components/sudo-dialog.tsx) and, once the
 * owner has, is posted again as it was.
 */
export function useSecurityPost(intent: SecurityIntent) {
	const fetcher = useFetcher<SecurityAnswer>()
	const answer = fetcher.data?.intent === intent ? fetcher.data : undefined
	const sent = useRef<FormData | null>(null)
	if (fetcher.formData) sent.current = fetcher.formData
	const askSudo = useSudo()
	const asked = useRef<SecurityAnswer | undefined>(undefined)
	useEffect(() => {
		const offer = sudoOfferOf(answer)
		if (!offer || answer === asked.current) return
		asked.current = answer
		const again = sent.current
		askSudo(offer, () => {
			if (again) void fetcher.submit(again, { method: 'POST', action: ENDPOINT })
		})
	})
	const post = (fields: Record<string, string> = {}) =>
		fetcher.submit({ ...fields, intent }, { method: 'POST', action: ENDPOINT })
	const waiting = fetcher.state !== 'idle'
	return { fetcher, answer, pending: waiting, post }
}

/** The refusal of an answer, if it is one ('Confirm it’s you' is asked, not shown as an error). */
export const refusal = (answer: SecurityAnswer | undefined) =>
	answer && !answer.ok && !sudoOfferOf(answer) ? answer.error : undefined

/** Runs `effect` once each time an answer comes back ok. */
export function useOnSuccess(
	answer: SecurityAnswer | undefined,
	effect: (answer: SecurityAnswer) => void,
) {
	const seen = useRef<SecurityAnswer | undefined>(undefined)
	useEffect(() => {
		if (!answer || answer === seen.current) return
		seen.current = answer
		if (answer.ok) effect(answer)
	})
}

export function CodeField({ label, optional = false }: { label: string; optional?: boolean }) {
	const { t } = useLingui()
	return (
		<Field
			labelProps={{ children: label }}
			inputProps={{
				name: 'code',
				type: 'text',
				required: !optional,
				autoComplete: 'one-time-code',
				autoCapitalize: 'characters',
				spellCheck: false,
				maxLength: 40,
				placeholder: '123456',
				dir: 'ltr',
			}}
			hint={t`The 6-digit code your authenticator app shows for Tagg, or one of your recovery codes.`}
		/>
	)
}

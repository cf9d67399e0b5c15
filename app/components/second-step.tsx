import { Trans, useLingui } from '@lingui/react/macro'
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { Field, FormError, SubmitButton } from '~/components/forms'
import { PasskeyCancelled, passkeyAssertion, passkeySupport } from '~/utils/passkeys.client'

/**
 * Whether this browser can use passkeys: known after hydration (false on the server and without
 * JavaScript, so a page never offers what it cannot do), and whether it can offer them in the
 * email field's autofill.
 */
export function usePasskeySupport() {
	const [support, setSupport] = useState({ passkeys: false, autofill: false })
	useEffect(() => {
		let live = true
		void passkeySupport()
			.then((found) => live && setSupport(found))
			.catch(() => {})
		return () => {
			live = false
		}
	}, [])
	return support
}

/**
 * Signs in with a passkey from a page: asks the browser, then posts its answer to the page's
 * action as `intent=passkey` (with `fields`, e.g. the code step's `mfaToken`). `error` is what
 * went wrong before the post (a refusal of the server, an unusable passkey); a cancelled
 * ceremony is no error.
 */
export function usePasskeySignIn(fields: Record<string, string>) {
	const submit = useSubmit()
	const { t } = useLingui()
	const [error, setError] = useState<string | null>(null)
	const [asking, setAsking] = useState(false)
	const signIn = async ({ autofill = false } = {}) => {
		if (!autofill) {
			setError(null)
			setAsking(true)
		}
		try {
			const response = await passkeyAssertion({ autofill })
			submit({ ...fields, intent: 'passkey', response }, { method: 'POST' })
		} catch (caught) {
			if (caught instanceof PasskeyCancelled || autofill) return
			setError(
				(caught instanceof Error && caught.message) ||
					t`This passkey did not work. Please try again, or log in with your password.`,
			)
		} finally {
			if (!autofill) setAsking(false)
		}
	}
	return { signIn, error, asking }
}

/** 'Sign in with a passkey' (or, on the code step, 'Use a passkey instead'). */
export function PasskeyButton({
	label,
	asking,
	onClick,
}: {
	label: string
	asking: boolean
	onClick: () => void
}) {
	const { t } = useLingui()
	return (
		<button type="button" className="btn-secondary w-full" disabled={asking} onClick={onClick}>
			<KeyIcon />
			{asking ? t`Waiting for your passkey...` : label}
		</button>
	)
}

function KeyIcon() {
	return (
		<svg
			viewBox="0 0 24 24"
			aria-hidden="true"
			className="size-5"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.8"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			<circle cx="8" cy="15" r="4" />
			<path d="m10.85 12.15 8.65-8.65M16 7l2.5 2.5M18.5 4.5 21 7" />
		</svg>
	)
}

/** A line with a word in the middle ('or') between two ways in. */
export function OrDivider() {
	return (
		<div className="text-muted flex items-center gap-3 text-xs tracking-wide uppercase">
			<span className="bg-line h-px flex-1" />
			<Trans>or</Trans>
			<span className="bg-line h-px flex-1" />
		</div>
	)
}

/**
 * The second step of a login or a password reset: a code of the authenticator app or a
 * recovery code, or one of the owner's passkeys. A plain form post (works without JavaScript);
 * the passkey needs the browser's script. Its token (`mfaToken`) is this step's only: it opens
 * nothing else, and dies when used, after 10 minutes, or when the credentials change.
 */
export function SecondStepForm({
	mfaToken,
	error,
	hidden = {},
}: {
	mfaToken: string
	error: string | null
	/** More fields the page posts with the step (the login's `redirectTo`). */
	hidden?: Record<string, string>
}) {
	const { t } = useLingui()
	const navigation = useNavigation()
	const support = usePasskeySupport()
	const passkey = usePasskeySignIn({ ...hidden, mfaToken })
	const errorId = useId()
	const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const errors = [error, passkey.error].filter((shown): shown is string => Boolean(shown))
	return (
		<div className="flex flex-col gap-5">
			<Form method="POST" className="flex flex-col gap-5" aria-describedby={errorId}>
				<input type="hidden" name="intent" value="code" />
				<input type="hidden" name="mfaToken" value={mfaToken} />
				{Object.entries(hidden).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				<Field
					labelProps={{ children: t`Code` }}
					inputProps={{
						name: 'code',
						type: 'text',
						required: true,
						autoFocus: true,
						autoComplete: 'one-time-code',
						autoCapitalize: 'characters',
						spellCheck: false,
						maxLength: 40,
						placeholder: '123456',
						dir: 'ltr',
						'aria-invalid': errors.length ? true : undefined,
					}}
					hint={t`The 6-digit code your authenticator app shows for Tagg, or one of your recovery codes.`}
				/>
				<FormError id={errorId} errors={errors} />
				<SubmitButton pending={pending} label={t`Verify`} pendingLabel={t`Verifying...`} />
			</Form>
			{support.passkeys ? (
				<>
					<OrDivider />
					<PasskeyButton
						label={t`Use a passkey instead`}
						asking={passkey.asking}
						onClick={() => void passkey.signIn()}
					/>
				</>
			) : null}
		</div>
	)
}

/**
 * 'Confirm it’s you' (sudo mode, docs/decisions/040-sudo-mode.md): when the server answers a
 * change with `sudo_required`, the page asks for the password (or a code of the authenticator
 * app, or a passkey) in this dialog, proves it at `POST /one/account/sudo`, then sends the same
 * change again. Nothing typed before is lost: the change waits while the dialog is open.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import {
	createContext,
	useCallback,
	useContext,
	useId,
	useMemo,
	useState,
	type FormEvent,
	type ReactNode,
} from 'react'
import { Field, FormError, SubmitButton } from '~/components/forms'
import { Modal } from '~/components/modal'
import {
	PasskeyCancelled,
	PasskeyRefused,
	passkeyAssertion,
	postJson,
} from '~/utils/passkeys.client'
import { type SudoOffer } from '~/utils/sign-in-factor-schemas'

type Ask = (offer: SudoOffer, retry: () => void) => void

const SudoContext = createContext<Ask | null>(null)

/** Holds the dialog for every change below it that may need sudo mode. */
export function SudoProvider({ children }: { children: ReactNode }) {
	const [asked, setAsked] = useState<{ offer: SudoOffer; retry: () => void } | null>(null)
	const ask = useCallback<Ask>((offer, retry) => setAsked({ offer, retry }), [])
	return (
		<SudoContext.Provider value={ask}>
			{children}
			<SudoDialog
				offer={asked?.offer ?? null}
				onConfirmed={() => {
					const retry = asked?.retry
					setAsked(null)
					retry?.()
				}}
				onCancel={() => setAsked(null)}
			/>
		</SudoContext.Provider>
	)
}

/** Asks the owner to confirm it’s them, then runs `retry`. */
export function useSudo() {
	const ask = useContext(SudoContext)
	return useMemo<Ask>(() => ask ?? (() => undefined), [ask])
}

/** The `sudo` of a builder action's refusal: what to offer, or null when it is another refusal. */
export function sudoOfferOf(answer: unknown): SudoOffer | null {
	if (!answer || typeof answer !== 'object' || !('sudo' in answer)) return null
	const offer = (answer as { sudo?: unknown }).sudo
	return offer && typeof offer === 'object' ? (offer as SudoOffer) : null
}

function SudoDialog({
	offer,
	onConfirmed,
	onCancel,
}: {
	offer: SudoOffer | null
	onConfirmed: () => void
	onCancel: () => void
}) {
	const { t } = useLingui()
	const [method, setMethod] = useState<'password' | 'code'>('password')
	const [pending, setPending] = useState<false | 'form' | 'passkey'>(false)
	const [error, setError] = useState<string | null>(null)
	const fieldId = useId()
	const open = offer !== null
	const reset = () => {
		setMethod('password')
		setPending(false)
		setError(null)
	}
	const prove = async (body: Record<string, unknown>, how: 'form' | 'passkey') => {
		setPending(how)
		setError(null)
		try {
			await postJson('/one/account/sudo', body)
			reset()
			onConfirmed()
		} catch (caught) {
			setPending(false)
			if (caught instanceof PasskeyCancelled) return
			setError(
				caught instanceof PasskeyRefused && caught.message
					? caught.message
					: t`Something went wrong. Please try again.`,
			)
		}
	}
	const submit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const value = String(new FormData(event.currentTarget).get('proof') ?? '')
		void prove(method === 'password' ? { password: value } : { code: value.trim() }, 'form')
	}
	const provePasskey = async () => {
		setPending('passkey')
		setError(null)
		try {
			const response = JSON.parse(await passkeyAssertion()) as unknown
			await prove({ response }, 'passkey')
		} catch (caught) {
			setPending(false)
			if (caught instanceof PasskeyCancelled) return
			setError(
				caught instanceof PasskeyRefused && caught.message
					? caught.message
					: t`This passkey did not work. Please try again.`,
			)
		}
	}
	return (
		<Modal
			open={open}
			onOpenChange={(next) => {
				if (next) return
				reset()
				onCancel()
			}}
			size="sm"
			title={t`Confirm it’s you`}
			description={
				method === 'password'
					? t`Enter your password to continue. You won’t be asked again for 10 minutes.`
					: t`Enter the 6-digit code from your authenticator app to continue.`
			}
		>
			<form onSubmit={submit} className="flex flex-col gap-4" noValidate>
				{error ? <FormError errors={[error]} /> : null}
				<Field
					key={method}
					labelProps={{ children: method === 'password' ? t`Password` : t`Code` }}
					inputProps={{
						id: fieldId,
						name: 'proof',
						type: method === 'password' ? 'password' : 'text',
						autoComplete: method === 'password' ? 'current-password' : 'one-time-code',
						inputMode: method === 'password' ? undefined : 'numeric',
						maxLength: method === 'password' ? 1000 : 40,
						required: true,
						autoFocus: true,
					}}
				/>
				<SubmitButton
					pending={pending === 'form'}
					label={t`Continue`}
					pendingLabel={t`Checking...`}
				/>
				{offer?.totp || offer?.passkeys ? (
					<div className="flex flex-col gap-2">
						{offer.totp ? (
							<button
								type="button"
								className="btn-ghost"
								onClick={() => {
									setError(null)
									setMethod(method === 'password' ? 'code' : 'password')
								}}
							>
								{method === 'password' ? (
									<Trans>Use a code instead</Trans>
								) : (
									<Trans>Use your password instead</Trans>
								)}
							</button>
						) : null}
						{offer.passkeys ? (
							<button
								type="button"
								className="btn-secondary"
								onClick={() => void provePasskey()}
								disabled={pending !== false}
							>
								{pending === 'passkey' ? t`Waiting for your passkey...` : t`Use a passkey`}
							</button>
						) : null}
					</div>
				) : null}
			</form>
		</Modal>
	)
}

/**
 * Settings' passkeys: the list (added when, last used when), adding one where the browser can,
 * renaming and removing one (the last sign-in factor's removal says what the owner keeps).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import toast from 'react-hot-toast'
import { Field, FormError, SubmitButton } from '~/components/forms'
import { Modal } from '~/components/modal'
import { sudoOfferOf } from '~/components/sudo-dialog'
import { Section } from '~/components/settings-section'
import { PasskeyCancelled, passkeyCreation, passkeySupport } from '~/utils/passkeys.client'
import { useTimeZone } from '~/utils/time-zone'
import {
	ENDPOINT,
	refusal,
	useOnSuccess,
	useSecurityPost,
	type PasskeyShown,
	CodeField,
} from './common'

export function PasskeysSection({ passkeys, totp }: { passkeys: PasskeyShown[]; totp: boolean }) {
	const { t } = useLingui()
	const [supported, setSupported] = useState<boolean | null>(null)
	const [adding, setAdding] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const options = useSecurityPost('passkey-options')
	const register = useSecurityPost('passkey-register')
	useEffect(() => {
		void passkeySupport()
			.then((found) => setSupported(found.passkeys))
			.catch(() => setSupported(false))
	}, [])
	// The server's options, then the browser's dialog, then the passkey saved.
	useOnSuccess(options.answer, (answer) => {
		passkeyCreation(answer.ok ? answer.options : null)
			.then((response) => register.post({ response }))
			.catch((caught: unknown) => {
				setAdding(false)
				if (caught instanceof PasskeyCancelled) return
				setError(t`This passkey could not be added. Please try again.`)
			})
	})
	useOnSuccess(register.answer, () => {
		setAdding(false)
		toast.success(t`Passkey added.`)
	})
	const refused = refusal(options.answer) ?? refusal(register.answer)
	// Refused, or 'Confirm it’s you' asked first (its retry starts again from the options).
	const askedSudo = Boolean(sudoOfferOf(options.answer) ?? sudoOfferOf(register.answer))
	useEffect(() => {
		if (refused || askedSudo) setAdding(false)
	}, [refused, askedSudo])
	const add = () => {
		setError(null)
		setAdding(true)
		options.post()
	}
	const shownError = error ?? refused
	return (
		<Section
			id="passkeys"
			title={t`Passkeys`}
			description={t`Sign in with your fingerprint, face or screen lock instead of your password. A passkey is a way in on its own, and works only on this site.`}
		>
			{passkeys.length ? (
				<ul className="divide-line border-line mb-5 divide-y rounded-2xl border">
					{passkeys.map((passkey) => (
						<PasskeyRow key={passkey.id} passkey={passkey} totp={totp} />
					))}
				</ul>
			) : (
				<p className="text-muted mb-5 text-sm">
					<Trans>No passkeys yet.</Trans>
				</p>
			)}
			<div className="flex flex-col gap-3">
				{shownError ? <FormError errors={[shownError]} /> : null}
				<div>
					<button
						type="button"
						className="btn-primary w-full sm:w-auto"
						onClick={add}
						disabled={!supported || adding}
					>
						{adding ? t`Waiting for your passkey...` : t`Add a passkey`}
					</button>
				</div>
				{supported === false ? (
					<p className="text-muted text-sm">
						<Trans>This browser cannot use passkeys.</Trans>
					</p>
				) : null}
			</div>
		</Section>
	)
}

function PasskeyRow({ passkey, totp }: { passkey: PasskeyShown; totp: boolean }) {
	const { t, i18n } = useLingui()
	const [renaming, setRenaming] = useState(false)
	const [removing, setRemoving] = useState(false)
	const rename = useSecurityPost('passkey-rename')
	const nameId = useId()
	useOnSuccess(rename.answer, () => setRenaming(false))
	const { zone } = useTimeZone()
	const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeZone: zone })
	const name = passkey.name
	const added = when(passkey.createdAt)
	const used = passkey.lastUsedAt ? when(passkey.lastUsedAt) : null
	return (
		<li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
			{renaming ? (
				<rename.fetcher.Form
					method="POST"
					action={ENDPOINT}
					className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end"
				>
					<input type="hidden" name="intent" value="passkey-rename" />
					<input type="hidden" name="id" value={passkey.id} />
					<Field
						className="flex-1"
						labelProps={{ children: t`Passkey name` }}
						inputProps={{
							id: nameId,
							name: 'name',
							defaultValue: passkey.name,
							maxLength: 60,
							required: true,
							autoFocus: true,
						}}
						errors={refusal(rename.answer) ? [refusal(rename.answer)] : undefined}
					/>
					<div className="flex gap-2">
						<SubmitButton
							pending={rename.pending}
							label={t`Save`}
							pendingLabel={t`Saving...`}
							className="btn-primary"
						/>
						<button type="button" className="btn-ghost" onClick={() => setRenaming(false)}>
							<Trans>Cancel</Trans>
						</button>
					</div>
				</rename.fetcher.Form>
			) : (
				<>
					<div className="min-w-0">
						<p className="font-semibold wrap-anywhere">{passkey.name}</p>
						<p className="text-muted text-sm">
							{used ? (
								<Trans>
									Added {added} · Last used {used}
								</Trans>
							) : (
								<Trans>Added {added} · Never used</Trans>
							)}
						</p>
					</div>
					<div className="flex shrink-0 gap-2">
						<button
							type="button"
							className="btn-secondary"
							onClick={() => setRenaming(true)}
							aria-label={t`Rename ${name}`}
						>
							<Trans>Rename</Trans>
						</button>
						<button
							type="button"
							className="btn-ghost text-red-700"
							onClick={() => setRemoving(true)}
							aria-label={t`Remove ${name}`}
						>
							<Trans>Remove</Trans>
						</button>
					</div>
				</>
			)}
			<RemovePasskey passkey={passkey} totp={totp} open={removing} onOpenChange={setRemoving} />
		</li>
	)
}

function RemovePasskey({
	passkey,
	totp,
	open,
	onOpenChange,
}: {
	passkey: PasskeyShown
	totp: boolean
	open: boolean
	onOpenChange: (open: boolean) => void
}) {
	const { t } = useLingui()
	const remove = useSecurityPost('passkey-remove')
	useOnSuccess(remove.answer, () => {
		onOpenChange(false)
		toast.success(t`Passkey removed.`)
	})
	const error = refusal(remove.answer)
	const name = passkey.name
	return (
		<Modal
			open={open}
			onOpenChange={onOpenChange}
			size="sm"
			title={t`Remove this passkey?`}
			description={
				totp
					? t`“${name}” will no longer sign you in. Enter your password, or a code from your authenticator app, to confirm.`
					: t`“${name}” will no longer sign you in. Enter your password to confirm.`
			}
		>
			<remove.fetcher.Form method="POST" action={ENDPOINT} className="flex flex-col gap-4">
				<input type="hidden" name="intent" value="passkey-remove" />
				<input type="hidden" name="id" value={passkey.id} />
				<Field
					labelProps={{ children: t`Current password` }}
					inputProps={{
						name: 'password',
						type: 'password',
						autoComplete: 'current-password',
						dir: 'ltr',
					}}
				/>
				{totp ? <CodeField label={t`Or a code from your authenticator app`} optional /> : null}
				<FormError errors={error ? [error] : undefined} />
				<SubmitButton
					pending={remove.pending}
					label={t`Remove passkey`}
					pendingLabel={t`Removing...`}
					className="btn-danger w-full"
				/>
			</remove.fetcher.Form>
		</Modal>
	)
}

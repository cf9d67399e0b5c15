/**
 * Settings' sign-in factors (docs/decisions/033): passkeys (added, renamed, removed)
 * and authenticator codes (set up with a QR code and the key as text, turned on by a first code,
 * 10 recovery codes shown once and downloadable, new codes, turned off). Every post goes to
 * /builder/settings/security with a fetcher; the page's loader then reads the factors again.
 */
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { Field, FormError, SubmitButton } from '~/components/forms'
import { Modal } from '~/components/modal'
import { sudoOfferOf, useSudo } from '~/components/sudo-dialog'
import { Section } from '~/components/settings-section'
import { type SecurityAnswer, type SecurityIntent } from '~/utils/sign-in-factor-schemas'
import { PasskeyCancelled, passkeyCreation, passkeySupport } from '~/utils/passkeys.client'
import { useTimeZone } from '~/utils/time-zone'

const ENDPOINT = '/builder/settings/security'

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
function useSecurityPost(intent: SecurityIntent) {
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
const refusal = (answer: SecurityAnswer | undefined) =>
	answer && !answer.ok && !sudoOfferOf(answer) ? answer.error : undefined

/** Runs `effect` once each time an answer comes back ok. */
function useOnSuccess(
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

export function SignInFactorsSettings({ factors }: { factors: FactorsShown }) {
	return (
		<>
			<PasskeysSection passkeys={factors.passkeys} totp={factors.totp} />
			<TwoFactorSection totp={factors.totp} recoveryCodesLeft={factors.recoveryCodesLeft} />
		</>
	)
}

// ---------------------------------------------------------------- passkeys

function PasskeysSection({ passkeys, totp }: { passkeys: PasskeyShown[]; totp: boolean }) {
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

// ---------------------------------------------------------------- authenticator codes

function CodeField({ label, optional = false }: { label: string; optional?: boolean }) {
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

function TwoFactorSection({
	totp,
	recoveryCodesLeft,
}: {
	totp: boolean
	recoveryCodesLeft: number
}) {
	const { t } = useLingui()
	const [codes, setCodes] = useState<string[] | null>(null)
	return (
		<Section
			id="two-factor"
			title={t`Two-factor authentication`}
			description={t`After your password, every login asks for a code from an authenticator app on your phone, so a stolen password alone does not open your Tagg.`}
		>
			{codes ? (
				<RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
			) : totp ? (
				<TotpOn recoveryCodesLeft={recoveryCodesLeft} onCodes={setCodes} />
			) : (
				<TotpSetup onCodes={setCodes} />
			)}
		</Section>
	)
}

function TotpSetup({ onCodes }: { onCodes: (codes: string[]) => void }) {
	const { t } = useLingui()
	const setup = useSecurityPost('totp-setup')
	const enable = useSecurityPost('totp-enable')
	const [open, setOpen] = useState(false)
	useOnSuccess(setup.answer, () => setOpen(true))
	useOnSuccess(enable.answer, (answer) => {
		if (answer.ok && answer.recoveryCodes) onCodes(answer.recoveryCodes)
		toast.success(t`Two-factor authentication is on.`)
	})
	const shown = open && setup.answer?.ok ? setup.answer : null
	return (
		<div className="flex flex-col gap-4">
			<p className="text-sm">
				<Trans>Off. You log in with your password alone.</Trans>
			</p>
			{shown?.secret && shown.qrSvg ? (
				<div className="border-line flex flex-col gap-5 rounded-2xl border p-4 sm:p-5">
					<ol className="flex list-decimal flex-col gap-4 ps-5 text-sm">
						<li>
							<Trans>Scan this QR code with your authenticator app.</Trans>
							<img
								src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.qrSvg)}`}
								alt={t`QR code for your authenticator app`}
								width={176}
								height={176}
								className="mt-3 rounded-xl border border-neutral-200 bg-white p-1"
							/>
						</li>
						<li>
							<Trans>Or type this key into the app:</Trans>
							<SecretKey secret={shown.secret} />
						</li>
						<li>
							<Trans>Enter the 6-digit code the app shows.</Trans>
						</li>
					</ol>
					<enable.fetcher.Form method="POST" action={ENDPOINT} className="flex flex-col gap-4">
						<input type="hidden" name="intent" value="totp-enable" />
						<Field
							labelProps={{ children: t`Code` }}
							inputProps={{
								name: 'code',
								type: 'text',
								inputMode: 'numeric',
								autoComplete: 'one-time-code',
								required: true,
								maxLength: 40,
								placeholder: '123456',
								dir: 'ltr',
							}}
						/>
						<FormError errors={refusal(enable.answer) ? [refusal(enable.answer)] : undefined} />
						<div className="flex flex-col gap-2 sm:flex-row">
							<SubmitButton
								pending={enable.pending}
								label={t`Turn on`}
								pendingLabel={t`Turning on...`}
								className="btn-primary"
							/>
							<button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
								<Trans>Cancel</Trans>
							</button>
						</div>
					</enable.fetcher.Form>
				</div>
			) : (
				<div className="flex flex-col gap-3">
					<FormError errors={refusal(setup.answer) ? [refusal(setup.answer)] : undefined} />
					<div>
						<button
							type="button"
							className="btn-primary w-full sm:w-auto"
							disabled={setup.pending}
							onClick={() => setup.post()}
						>
							{setup.pending ? t`Preparing...` : t`Set up authenticator app`}
						</button>
					</div>
				</div>
			)}
		</div>
	)
}

/** The key as text, in groups of four (left to right in every language), with a copy button. */
function SecretKey({ secret }: { secret: string }) {
	const { t } = useLingui()
	const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret
	return (
		<div className="mt-2 flex flex-wrap items-center gap-2">
			<code
				dir="ltr"
				className="bg-canvas border-line rounded-lg border px-3 py-2 font-mono text-sm tracking-wider break-all"
				aria-label={t`Key: ${grouped}`}
			>
				{grouped}
			</code>
			<CopyButton text={secret} label={t`Copy key`} />
		</div>
	)
}

function CopyButton({ text, label }: { text: string; label: string }) {
	const { t } = useLingui()
	return (
		<button
			type="button"
			className="btn-secondary"
			onClick={() => {
				navigator.clipboard
					.writeText(text)
					.then(() => toast.success(t`Copied.`))
					.catch(() => toast.error(t`Could not copy. Select the text and copy it instead.`))
			}}
		>
			{label}
		</button>
	)
}

function TotpOn({
	recoveryCodesLeft,
	onCodes,
}: {
	recoveryCodesLeft: number
	onCodes: (codes: string[]) => void
}) {
	const { t } = useLingui()
	const [dialog, setDialog] = useState<'codes' | 'off' | null>(null)
	return (
		<div className="flex flex-col gap-4">
			<p className="text-sm">
				<Trans>On. Every login asks for a code from your authenticator app.</Trans>
			</p>
			<p className="text-muted text-sm">
				{t`${plural(recoveryCodesLeft, {
					one: '# recovery code left',
					other: '# recovery codes left',
				})}`}
			</p>
			<div className="flex flex-col gap-2 sm:flex-row">
				<button type="button" className="btn-secondary" onClick={() => setDialog('codes')}>
					<Trans>New recovery codes</Trans>
				</button>
				<button type="button" className="btn-danger" onClick={() => setDialog('off')}>
					<Trans>Turn off</Trans>
				</button>
			</div>
			<NewRecoveryCodes
				open={dialog === 'codes'}
				onOpenChange={(open) => setDialog(open ? 'codes' : null)}
				onCodes={onCodes}
			/>
			<TurnOff open={dialog === 'off'} onOpenChange={(open) => setDialog(open ? 'off' : null)} />
		</div>
	)
}

function NewRecoveryCodes({
	open,
	onOpenChange,
	onCodes,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	onCodes: (codes: string[]) => void
}) {
	const { t } = useLingui()
	const remake = useSecurityPost('recovery-codes')
	useOnSuccess(remake.answer, (answer) => {
		onOpenChange(false)
		if (answer.ok && answer.recoveryCodes) onCodes(answer.recoveryCodes)
	})
	return (
		<Modal
			open={open}
			onOpenChange={onOpenChange}
			size="sm"
			title={t`New recovery codes`}
			description={t`Your old recovery codes stop working. Enter a code from your authenticator app to go on.`}
		>
			<CodeForm
				intent="recovery-codes"
				post={remake}
				label={t`Make new codes`}
				pendingLabel={t`Making...`}
			/>
		</Modal>
	)
}

function TurnOff({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
	const { t } = useLingui()
	const off = useSecurityPost('totp-disable')
	useOnSuccess(off.answer, () => {
		onOpenChange(false)
		toast.success(t`Two-factor authentication is off.`)
	})
	return (
		<Modal
			open={open}
			onOpenChange={onOpenChange}
			size="sm"
			title={t`Turn off two-factor authentication?`}
			description={t`Your password alone will open your Tagg again, and your recovery codes stop working.`}
		>
			<CodeForm
				intent="totp-disable"
				post={off}
				label={t`Turn off`}
				pendingLabel={t`Turning off...`}
				danger
			>
				<Field
					labelProps={{ children: t`Current password` }}
					inputProps={{
						name: 'password',
						type: 'password',
						autoComplete: 'current-password',
						required: true,
						dir: 'ltr',
					}}
				/>
			</CodeForm>
		</Modal>
	)
}

/** A dialog's form that asks for a code (and maybe more), with its refusal. */
function CodeForm({
	intent,
	post,
	label,
	pendingLabel,
	danger = false,
	children,
}: {
	intent: SecurityIntent
	post: ReturnType<typeof useSecurityPost>
	label: string
	pendingLabel: string
	danger?: boolean
	children?: ReactNode
}) {
	const { t } = useLingui()
	const error = refusal(post.answer)
	return (
		<post.fetcher.Form method="POST" action={ENDPOINT} className="flex flex-col gap-4">
			<input type="hidden" name="intent" value={intent} />
			{children}
			<CodeField label={t`Code`} />
			<FormError errors={error ? [error] : undefined} />
			<SubmitButton
				pending={post.pending}
				label={label}
				pendingLabel={pendingLabel}
				className={danger ? 'btn-danger w-full' : 'btn-primary w-full'}
			/>
		</post.fetcher.Form>
	)
}

/** The 10 recovery codes, shown this once: to download or copy, then put away. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
	const { t } = useLingui()
	const headingRef = useRef<HTMLHeadingElement>(null)
	useEffect(() => headingRef.current?.focus(), [])
	const text = `${t`Tagg recovery codes. Each one signs you in once.`}\n\n${codes.join('\n')}\n`
	const download = () => {
		const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
		const link = document.createElement('a')
		link.href = url
		link.download = 'tagg-recovery-codes.txt'
		document.body.append(link)
		link.click()
		link.remove()
		setTimeout(() => URL.revokeObjectURL(url), 1000)
	}
	return (
		<div className="border-brand-200 bg-brand-50 flex flex-col gap-4 rounded-2xl border p-4 sm:p-5">
			<h3 ref={headingRef} tabIndex={-1} className="font-bold focus:outline-none">
				<Trans>Your recovery codes</Trans>
			</h3>
			<p className="text-sm">
				<Trans>
					If you lose your phone, each code signs you in once. Keep them somewhere safe: they are
					shown only now.
				</Trans>
			</p>
			<ol
				dir="ltr"
				aria-label={t`Recovery codes`}
				className="grid grid-cols-1 gap-2 font-mono text-sm tracking-wider sm:grid-cols-2"
			>
				{codes.map((code) => (
					<li key={code} className="bg-surface border-line rounded-lg border px-3 py-2">
						{code}
					</li>
				))}
			</ol>
			<div className="flex flex-col gap-2 sm:flex-row">
				<button type="button" className="btn-secondary" onClick={download}>
					<Trans>Download codes</Trans>
				</button>
				<CopyButton text={codes.join('\n')} label={t`Copy codes`} />
				<button type="button" className="btn-primary sm:ms-auto" onClick={onDone}>
					<Trans>I have saved them</Trans>
				</button>
			</div>
		</div>
	)
}

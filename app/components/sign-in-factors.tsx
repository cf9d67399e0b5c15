/**
 * Settings' sign-in factors (docs/decisions/033): passkeys (./sign-in-factors/passkeys.tsx) and
 * authenticator codes (set up with a QR code and the key as text, turned on by a first code,
 * 10 recovery codes shown once and downloadable, new codes, turned off). Every post goes to
 * /builder/settings/security with a fetcher (./sign-in-factors/common.tsx); the page's
 * loader then reads the factors again.
 */
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import toast from 'react-hot-toast'
import { Field, FormError, SubmitButton } from '~/components/forms'
import { Modal } from '~/components/modal'
import { Section } from '~/components/settings-section'
import { type SecurityIntent } from '~/utils/sign-in-factor-schemas'
import {
	ENDPOINT,
	refusal,
	useOnSuccess,
	useSecurityPost,
	type FactorsShown,
	CodeField,
} from './sign-in-factors/common'
import { PasskeysSection } from './sign-in-factors/passkeys'

export function SignInFactorsSettings({ factors }: { factors: FactorsShown }) {
	return (
		<>
			<PasskeysSection passkeys={factors.passkeys} totp={factors.totp} />
			<TwoFactorSection totp={factors.totp} recoveryCodesLeft={factors.recoveryCodesLeft} />
		</>
	)
}

export function TwoFactorSection({
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

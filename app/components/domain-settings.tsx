/**
 * 'Your own domain': the owner's domain, the DNS records to publish (with copy
 * buttons), its state, Verify and Remove (confirmed first). The same panel is the page
 * /builder/settings/domain (plain forms, no JavaScript needed) and a section of Settings, which
 * loads and posts to that page with a fetcher.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useFetcher, type Form } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useSudo } from '~/components/sudo-dialog'
import { type SudoOffer } from '~/utils/sign-in-factor-schemas'
import { cx, useHydrated } from '~/utils/misc'

export type DomainRecordView = { type: string; name: string; value: string }

export type DomainView = {
	domain: string | null
	status: 'pending' | 'verified' | 'failing' | null
	records: DomainRecordView[]
}

/** What the page's action answers (app/routes/builder.settings_.domain.tsx). */
export type DomainActionData = {
	intent: string
	view: DomainView
	error?: string
	message?: string
	/** The domain as typed, kept in the field after a refusal. */
	typed?: string
	confirmDelete?: boolean
	/** Set when the change needs sudo mode: what 'Confirm it’s you' may offer. */
	sudo?: SudoOffer
}

const ENDPOINT = '/builder/settings/domain'

/** The section of Settings: the panel, loaded once the page runs (a link to the page before). */
export function DomainSettings() {
	const fetcher = useFetcher<DomainActionData | { view: DomainView }>()
	const hydrated = useHydrated()
	const [view, setView] = useState<DomainView | null>(null)
	useEffect(() => {
		if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(ENDPOINT)
		// Once, when the page runs.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	useEffect(() => {
		if (fetcher.data) setView(fetcher.data.view)
	}, [fetcher.data])
	const answer = fetcher.data && 'intent' in fetcher.data ? fetcher.data : undefined
	// A new domain needs sudo mode: 'Confirm it’s you' in a dialog, then the same form again.
	const askSudo = useSudo()
	const sent = useRef<FormData | null>(null)
	if (fetcher.formData) sent.current = fetcher.formData
	const asked = useRef<DomainActionData | undefined>(undefined)
	useEffect(() => {
		if (!answer?.sudo || answer === asked.current) return
		asked.current = answer
		const again = sent.current
		askSudo(answer.sudo, () => {
			if (again) void fetcher.submit(again, { method: 'POST', action: ENDPOINT })
		})
	})
	const pendingIntent =
		fetcher.state === 'submitting' ? String(fetcher.formData?.get('intent') ?? '') : null
	if (!hydrated || !view) {
		return (
			<DomainCard headingLevel={2}>
				<Link to={ENDPOINT} className="btn-secondary">
					<Trans>Set up your own domain</Trans>
				</Link>
			</DomainCard>
		)
	}
	return (
		<DomainPanel
			view={view}
			answer={answer}
			pendingIntent={pendingIntent}
			FormComponent={fetcher.Form}
			action={ENDPOINT}
			headingLevel={2}
			sudoInDialog
		/>
	)
}

function DomainCard({ headingLevel, children }: { headingLevel: 1 | 2; children: ReactNode }) {
	const Heading = headingLevel === 1 ? 'h1' : 'h2'
	return (
		<section id="domain" aria-labelledby="domain-title" className="card scroll-mt-20 p-5 sm:p-6">
			<Heading
				id="domain-title"
				className={cx('font-bold', headingLevel === 1 ? 'text-2xl tracking-tight' : 'text-lg')}
			>
				<Trans>Your own domain</Trans>
			</Heading>
			<p className="text-muted mt-1 text-sm">
				<Trans>
					Show your page at a domain you own, such as jane.dev or cv.jane.dev. Visitors then see
					your profile, portfolio and resume there.
				</Trans>
			</p>
			<div className="mt-5 flex flex-col gap-5">{children}</div>
		</section>
	)
}

export function DomainPanel({
	view,
	answer,
	pendingIntent,
	FormComponent,
	action,
	headingLevel,
	sudoInDialog = false,
}: {
	view: DomainView
	answer?: DomainActionData
	pendingIntent: string | null
	FormComponent: typeof Form
	action: string
	headingLevel: 1 | 2
	/** 'Confirm it’s you' is asked in a dialog (Settings); else in the form (works without JavaScript). */
	sudoInDialog?: boolean
}) {
	const { t } = useLingui()
	const askedInForm = Boolean(answer?.sudo) && !sudoInDialog
	// The dialog says it: the refusal is not an error of the domain typed.
	const error = answer?.sudo && sudoInDialog ? undefined : answer?.error
	const errorId = 'domain-error'
	const confirming = answer?.confirmDelete && answer.view.domain === view.domain
	const domainName = view.domain
	return (
		<DomainCard headingLevel={headingLevel}>
			{view.domain ? (
				<div className="flex flex-col gap-4">
					<p className="flex flex-wrap items-center gap-2 text-sm">
						<bdi dir="ltr" className="font-semibold break-all">
							{view.domain}
						</bdi>
						<StatusBadge status={view.status} />
					</p>
					<StatusText view={view} />
					<div>
						<p className="text-sm font-semibold">
							<Trans>Create these DNS records at your domain’s DNS provider:</Trans>
						</p>
						<RecordList records={view.records} />
						<p className="text-muted mt-2 text-xs">
							<Trans>
								For a domain without a subdomain (jane.dev), use an ALIAS, ANAME or flattened CNAME
								record if your provider has one, or an A record to this server’s address.
							</Trans>
						</p>
					</div>
					{answer?.message ? (
						<p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
							{answer.message}
						</p>
					) : null}
					{error && answer?.intent !== 'update' ? (
						<p id={errorId} role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
							{error}
						</p>
					) : null}
					{confirming ? (
						<div className="flex flex-col gap-3 rounded-xl border border-red-200 p-4">
							<p className="text-sm">
								<Trans>
									Remove <bdi dir="ltr">{domainName}</bdi>? Your page will no longer be shown there.
								</Trans>
							</p>
							<div className="flex flex-wrap gap-3">
								<FormComponent method="post" action={action}>
									<button
										type="submit"
										name="intent"
										value="delete"
										className="btn-danger"
										disabled={pendingIntent === 'delete'}
									>
										{pendingIntent === 'delete' ? t`Removing...` : t`Yes, remove it`}
									</button>
								</FormComponent>
								<FormComponent method="post" action={action}>
									<button type="submit" name="intent" value="cancel" className="btn-secondary">
										<Trans>Cancel</Trans>
									</button>
								</FormComponent>
							</div>
						</div>
					) : (
						<div className="flex flex-wrap gap-3">
							<FormComponent method="post" action={action}>
								<button
									type="submit"
									name="intent"
									value="verify"
									className="btn-primary"
									disabled={pendingIntent === 'verify'}
								>
									{pendingIntent === 'verify' ? t`Checking...` : t`Verify`}
								</button>
							</FormComponent>
							<FormComponent method="post" action={action}>
								<button
									type="submit"
									name="intent"
									value="confirm-delete"
									className="btn-secondary"
								>
									<Trans>Remove domain</Trans>
								</button>
							</FormComponent>
						</div>
					)}
				</div>
			) : answer?.message ? (
				<p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
					{answer.message}
				</p>
			) : null}
			<FormComponent method="post" action={action} className="flex flex-col gap-3">
				<div>
					<label htmlFor="domain-input" className="field-label">
						{view.domain ? <Trans>Use another domain</Trans> : <Trans>Domain</Trans>}
					</label>
					<input
						id="domain-input"
						name="domain"
						type="text"
						inputMode="url"
						dir="ltr"
						autoComplete="off"
						autoCapitalize="none"
						spellCheck={false}
						placeholder={t`jane.dev`}
						maxLength={300}
						required
						defaultValue={answer?.intent === 'update' ? answer.typed : undefined}
						key={`${view.domain}-${answer?.typed ?? ''}`}
						aria-invalid={error && answer?.intent === 'update' ? true : undefined}
						aria-describedby={error && answer?.intent === 'update' ? errorId : undefined}
						className="field-input"
					/>
					{error && answer?.intent === 'update' ? (
						<p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
							{error}
						</p>
					) : null}
				</div>
				{askedInForm ? (
					<div className="flex flex-col gap-1">
						<label htmlFor="domain-sudo-password" className="field-label">
							<Trans>Password</Trans>
						</label>
						<input
							id="domain-sudo-password"
							name="sudoPassword"
							type="password"
							autoComplete="current-password"
							maxLength={1000}
							required
							aria-describedby="domain-sudo-hint"
							className="field-input"
						/>
						<p id="domain-sudo-hint" className="text-muted text-sm">
							<Trans>Confirm it’s you: enter your password to save this domain.</Trans>
						</p>
					</div>
				) : null}
				<div>
					<button
						type="submit"
						name="intent"
						value="update"
						className="btn-secondary"
						disabled={pendingIntent === 'update'}
					>
						{pendingIntent === 'update' ? t`Saving...` : t`Save domain`}
					</button>
				</div>
			</FormComponent>
		</DomainCard>
	)
}

function StatusBadge({ status }: { status: DomainView['status'] }) {
	if (!status) return null
	const label =
		status === 'verified' ? (
			<Trans>Verified</Trans>
		) : status === 'failing' ? (
			<Trans>Record missing</Trans>
		) : (
			<Trans>Waiting for verification</Trans>
		)
	return (
		<span
			className={cx(
				'rounded-full px-2.5 py-0.5 text-xs font-semibold',
				status === 'verified' && 'bg-green-100 text-green-900',
				status === 'failing' && 'bg-red-100 text-red-900',
				status === 'pending' && 'bg-amber-100 text-amber-900',
			)}
		>
			{label}
		</span>
	)
}

function StatusText({ view }: { view: DomainView }) {
	const domain = <bdi dir="ltr">{view.domain}</bdi>
	if (view.status === 'verified') {
		return (
			<p className="text-sm">
				<Trans>
					Your page is shown at{' '}
					<a href={`https://${view.domain}/`} className="text-brand-700 font-semibold">
						{domain}
					</a>
					. Your Tagg address now leads there.
				</Trans>
			</p>
		)
	}
	if (view.status === 'failing') {
		return (
			<p className="text-sm text-red-800">
				<Trans>
					The TXT record that proves {domain} is yours is missing. Your page is still shown there
					for now: publish the record again and press Verify, or the domain is disconnected 3 days
					after the record went missing.
				</Trans>
			</p>
		)
	}
	return (
		<p className="text-sm">
			<Trans>
				Publish both records at your DNS provider, then press Verify. New records can take a few
				minutes to appear.
			</Trans>
		</p>
	)
}

function RecordList({ records }: { records: DomainRecordView[] }) {
	return (
		<dl className="mt-2 flex flex-col gap-3">
			{records.map(({ type, name, value }) => (
				<div key={type} className="border-line rounded-xl border p-3 text-sm">
					<dt className="font-semibold">
						<Trans>
							<bdi dir="ltr">{type}</bdi> record
						</Trans>
					</dt>
					<dd className="mt-2 grid gap-2">
						<RecordValue label={<Trans>Name</Trans>} value={name} />
						<RecordValue label={<Trans>Value</Trans>} value={value} />
					</dd>
				</div>
			))}
		</dl>
	)
}

function RecordValue({ label, value }: { label: ReactNode; value: string }) {
	const { t } = useLingui()
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(false), 2000)
		return () => clearTimeout(timer)
	}, [copied])
	return (
		<div className="flex flex-wrap items-center gap-2">
			<span className="text-muted w-14 shrink-0 text-xs">{label}</span>
			<code dir="ltr" className="bg-canvas min-w-0 flex-1 rounded-lg px-2 py-1 text-xs break-all">
				{value}
			</code>
			{hydrated ? (
				<button
					type="button"
					className="btn-ghost min-h-8 px-2 py-1 text-xs"
					aria-label={t`Copy ${value}`}
					onClick={() => {
						void navigator.clipboard
							?.writeText(value)
							.then(() => setCopied(true))
							.catch(() => setCopied(false))
					}}
				>
					{copied ? t`Copied` : t`Copy`}
				</button>
			) : null}
			<span role="status" className="sr-only">
				{copied ? t`Copied ${value}` : ''}
			</span>
		</div>
	)
}

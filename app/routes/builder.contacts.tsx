import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useFetcher, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import toast from 'react-hot-toast'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import {
	ContactIcon,
	DownloadIcon,
	EyeIcon,
	MailIcon,
	PhoneIcon,
	TrashIcon,
} from '~/components/icons'
import { ConfirmDelete } from '~/components/confirm-delete'
import { Switch } from '~/components/switch'
import { getAccount } from '~/models/account.server'
import {
	contactFormOpen,
	deleteContact,
	listContacts,
	markContactRead,
	setContactFormOpen,
	setContactNotices,
	type ContactData,
} from '~/models/contact.server'
import { requireCustomerId } from '~/services/auth.server'
import { CONTACT_SEARCH_MAX } from '~/utils/contact-schemas'
import { env } from '~/utils/env.server'
import { metaI18n } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { decodeCursor } from '~/utils/pagination.server'
import { cx } from '~/utils/misc'
import { noindexMeta } from '~/utils/seo'
import { dateTimeOptions, useTimeZone } from '~/utils/time-zone'

/** Contacts a page shows, then 'Show more contacts' (a link: it works without JavaScript). */
const PAGE = 25

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const url = new URL(request.url)
	const search = url.searchParams.get('q')?.slice(0, CONTACT_SEARCH_MAX).trim() ?? ''
	const cursor = url.searchParams.get('cursor')
	const [page, open, account] = await Promise.all([
		listContacts(
			customerId,
			{ limit: PAGE, after: cursor ? decodeCursor(cursor) : null },
			search || null,
		),
		contactFormOpen(customerId),
		getAccount(customerId),
	])
	const path = account?.profile?.path ?? null
	return {
		contacts: page.items,
		next: page.next,
		total: page.total,
		search,
		open,
		path,
		// Notices wait for a verified address (app/models/account.server.ts tells of what came).
		verified: Boolean(account?.emailVerifiedAt),
		notices: account?.contactNotices ?? true,
		retentionDays: env().CONTACTS_RETENTION_DAYS,
	}
}

const Intent = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('open'), contactId: z.string().min(1).max(64) }),
	z.object({ intent: z.literal('delete'), contactId: z.string().min(1).max(64) }),
	z.object({ intent: z.literal('form'), enabled: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('notices'), enabled: z.enum(['true', 'false']) }),
])

/** One form per intent: opening a contact (marks it read), deleting one, the switch. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const i18n = requestI18n(request, (await getAccount(customerId))?.language)
	const parsed = Intent.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) {
		return data({ ok: false, message: i18n._(msg`Unknown intent`) }, { status: 400 })
	}
	const input = parsed.data
	switch (input.intent) {
		case 'open': {
			// Read or gone, it is no longer unread: a contact deleted while its opening was on the
			// way (the owner opened it and pressed Delete at once, or deleted it in another tab) is
			// not an error the owner should hear of.
			await markContactRead(customerId, input.contactId)
			return { ok: true as const, intent: input.intent }
		}
		case 'delete': {
			if (!(await deleteContact(customerId, input.contactId)))
				return data({ ok: false, message: i18n._(msg`Contact not found`) }, { status: 404 })
			return { ok: true as const, intent: input.intent }
		}
		case 'form': {
			await setContactFormOpen(customerId, input.enabled === 'true')
			return { ok: true as const, intent: input.intent }
		}
		case 'notices': {
			await setContactNotices(customerId, input.enabled === 'true')
			return { ok: true as const, intent: input.intent }
		}
	}
}

export default function ContactsPage() {
	const { contacts, next, total, search, open, path, verified, notices, retentionDays } =
		useLoaderData<typeof loader>()
	const { t } = useLingui()
	const navigation = useNavigation()
	// Another page of the list, or a search: the list shows it is on its way.
	const loading =
		navigation.state === 'loading' && navigation.location.pathname === '/builder/contacts'
	const [deleting, setDeleting] = useState<ContactData | null>(null)
	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div className="min-w-0">
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
						<Trans>Contacts</Trans>
					</h1>
					<p className="text-muted mt-1 max-w-prose">
						<Trans>
							The details visitors left you with 'Exchange contact' on your page, newest first. Each
							is kept for <Plural value={retentionDays} one="# day" other="# days" />.
						</Trans>
					</p>
				</div>
				<a
					href="/one/contacts/export.csv"
					className="btn-secondary min-h-10 py-2"
					title={t`Download every contact as a CSV file`}
					download
				>
					<DownloadIcon />
					<Trans context="file format">CSV</Trans>
				</a>
			</div>

			<FormSwitch open={open} verified={verified} notices={notices} />

			<Form method="get" role="search" className="flex gap-2" aria-label={t`Search contacts`}>
				<label htmlFor="contact-search" className="sr-only">
					<Trans>Search contacts</Trans>
				</label>
				<input
					id="contact-search"
					type="search"
					name="q"
					defaultValue={search}
					maxLength={CONTACT_SEARCH_MAX}
					placeholder={t`Name, email, company…`}
					className="field-input min-w-0 flex-1"
				/>
				<button type="submit" className="btn-secondary">
					<Trans>Search</Trans>
				</button>
			</Form>

			<section aria-labelledby="contacts-list" aria-busy={loading} className="flex flex-col gap-3">
				<h2 id="contacts-list" className="sr-only">
					<Trans>Your contacts</Trans>
				</h2>
				{loading ? (
					<p role="status" className="text-muted text-sm">
						<Trans>Loading contacts…</Trans>
					</p>
				) : null}
				{contacts.length ? (
					<>
						<p className="text-muted text-sm" aria-live="polite">
							{search ? (
								<Plural value={total} one="# contact found" other="# contacts found" />
							) : (
								<Plural value={total} one="# contact" other="# contacts" />
							)}
						</p>
						<ul className={cx('flex flex-col gap-3', loading && 'opacity-60')}>
							{contacts.map((contact) => (
								<ContactRow key={contact.contactId} contact={contact} onDelete={setDeleting} />
							))}
						</ul>
						{next ? (
							<Link
								to={`?${new URLSearchParams({ ...(search ? { q: search } : {}), cursor: next })}`}
								className="btn-secondary self-center"
							>
								<Trans>Show more contacts</Trans>
							</Link>
						) : null}
					</>
				) : search ? (
					<p className="card text-muted p-6 text-sm">
						<Trans>No contact matches “{search}”.</Trans>{' '}
						<Link to="/builder/contacts" className="text-brand-700 underline underline-offset-2">
							<Trans>Show all contacts</Trans>
						</Link>
					</p>
				) : (
					<EmptyState path={path} open={open} />
				)}
			</section>
			<DeleteDialog contact={deleting} onClose={() => setDeleting(null)} />
		</main>
	)
}

function FormSwitch({
	open,
	verified,
	notices,
}: {
	open: boolean
	verified: boolean
	notices: boolean
}) {
	const { t } = useLingui()
	const fetcher = useFetcher<typeof action>({ key: 'contact-form' })
	const noticesFetcher = useFetcher<typeof action>({ key: 'contact-notices' })
	const pendingNotices = noticesFetcher.formData?.get('enabled')
	const noticesOn = pendingNotices ? pendingNotices === 'true' : notices
	// The switch moves at once; the server's answer settles it (back on a failure).
	const pending = fetcher.formData?.get('enabled')
	const checked = pending ? pending === 'true' : open
	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok)
			toast.error(t`Failed to update status`)
	}, [fetcher.state, fetcher.data, t])
	useEffect(() => {
		if (noticesFetcher.state === 'idle' && noticesFetcher.data && !noticesFetcher.data.ok)
			toast.error(t`Failed to update status`)
	}, [noticesFetcher.state, noticesFetcher.data, t])
	return (
		<div className="card flex flex-col gap-2 p-4 sm:p-5">
			<Switch
				label={t`Visitors can leave their details on your page`}
				checked={checked}
				onCheckedChange={(enabled) =>
					fetcher.submit({ intent: 'form', enabled: String(enabled) }, { method: 'POST' })
				}
			/>
			<p className="text-muted text-sm">
				{!checked ? (
					<Trans>The form is closed: your page shows no 'Exchange contact' button.</Trans>
				) : !noticesOn ? (
					<Trans>
						Your page shows 'Exchange contact'. Their details appear here, with no email.
					</Trans>
				) : verified ? (
					<Trans>
						Your page shows 'Exchange contact'. You get an email when someone leaves their details.
					</Trans>
				) : (
					<Trans>
						Your page shows 'Exchange contact'. Emails about new details start once your email is
						verified, with one about those left before.
					</Trans>
				)}
			</p>
			{checked ? (
				<Switch
					label={t`Email me when someone leaves their details`}
					checked={noticesOn}
					onCheckedChange={(enabled) =>
						noticesFetcher.submit(
							{ intent: 'notices', enabled: String(enabled) },
							{ method: 'POST' },
						)
					}
				/>
			) : null}
		</div>
	)
}

function ContactRow({
	contact,
	onDelete,
}: {
	contact: ContactData
	onDelete: (contact: ContactData) => void
}) {
	const { t, i18n } = useLingui()
	const name = contact.name
	const fetcher = useFetcher({ key: `contact-open-${contact.contactId}` })
	// Opened here, read from now on (the server says so at the next load).
	const [read, setRead] = useState(contact.read)
	const zone = useTimeZone()
	const received = i18n.date(new Date(contact.createdAt), dateTimeOptions(zone))
	return (
		<li className="card overflow-hidden">
			<details
				onToggle={(event) => {
					if (!event.currentTarget.open || read) return
					setRead(true)
					fetcher.submit({ intent: 'open', contactId: contact.contactId }, { method: 'POST' })
				}}
			>
				<summary className="flex cursor-pointer list-none items-center gap-3 p-4 sm:px-5">
					<span
						className={cx('size-2.5 shrink-0 rounded-full', read ? 'bg-transparent' : 'bg-brand')}
						aria-hidden="true"
					/>
					<span className="flex min-w-0 flex-1 flex-col">
						<span className="flex flex-wrap items-baseline gap-x-2">
							<span dir="auto" className={cx('min-w-0 wrap-anywhere', !read && 'font-bold')}>
								{contact.name}
							</span>
							{read ? null : (
								<span className="bg-brand-50 text-brand-700 rounded-full px-2 py-0.5 text-xs font-semibold">
									<Trans>New</Trans>
								</span>
							)}
						</span>
						{contact.company ? (
							<span dir="auto" className="text-muted text-sm wrap-anywhere">
								{contact.company}
							</span>
						) : null}
					</span>
					<time dateTime={contact.createdAt} className="text-muted shrink-0 text-xs">
						{received}
					</time>
				</summary>
				<div className="border-line flex flex-col gap-3 border-t p-4 sm:px-5">
					<ul className="flex flex-col gap-1.5 text-sm">
						{contact.email ? (
							<li className="flex items-center gap-2">
								<MailIcon className="text-muted size-4 shrink-0" />
								<a
									href={`mailto:${contact.email}`}
									dir="ltr"
									className="text-brand-700 min-w-0 break-all underline underline-offset-2"
								>
									{contact.email}
								</a>
							</li>
						) : null}
						{contact.phone ? (
							<li className="flex items-center gap-2">
								<PhoneIcon className="text-muted size-4 shrink-0" />
								<a
									href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
									dir="ltr"
									className="text-brand-700 underline underline-offset-2"
								>
									{contact.phone}
								</a>
							</li>
						) : null}
					</ul>
					{contact.message ? (
						<p
							dir="auto"
							className="bg-canvas rounded-xl p-3 text-sm leading-relaxed wrap-anywhere whitespace-pre-line"
						>
							{contact.message}
						</p>
					) : null}
					<div className="flex flex-wrap gap-2">
						<a
							href={`/one/contacts/${contact.contactId}/contact.vcf`}
							download="contact.vcf"
							className="btn-secondary min-h-10 py-2"
						>
							<ContactIcon className="size-4" />
							<Trans>Save to my contacts (vCard)</Trans>
						</a>
						<button
							type="button"
							className="btn-ghost min-h-10 py-2 text-red-700 hover:bg-red-50"
							aria-label={t`Delete ${name}`}
							onClick={() => onDelete(contact)}
						>
							<TrashIcon />
							<Trans>Delete</Trans>
						</button>
					</div>
				</div>
			</details>
		</li>
	)
}

function DeleteDialog({ contact, onClose }: { contact: ContactData | null; onClose: () => void }) {
	const { t } = useLingui()
	const fetcher = useFetcher<typeof action>({ key: 'contact-delete' })
	const busy = fetcher.state !== 'idle'
	// Keep the last contact while the dialog animates closed.
	const [shown, setShown] = useState(contact)
	if (contact && contact !== shown) setShown(contact)
	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data) return
		if (fetcher.data.ok) {
			toast.success(t`Contact deleted`)
			onClose()
		} else toast.error(t`The contact could not be deleted. Please try again.`)
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [fetcher.state, fetcher.data])
	const name = shown?.name ?? ''
	return (
		<ConfirmDelete
			open={contact !== null}
			title={t`Delete this contact?`}
			busy={busy}
			onClose={onClose}
			onConfirm={() =>
				shown &&
				fetcher.submit({ intent: 'delete', contactId: shown.contactId }, { method: 'POST' })
			}
		>
			<Trans>
				The details <bdi>{name}</bdi> left will be deleted for good, with the consent they gave.
				This can’t be undone.
			</Trans>
		</ConfirmDelete>
	)
}

function EmptyState({ path, open }: { path: string | null; open: boolean }) {
	return (
		<div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
			<h3 className="text-xl font-bold tracking-tight">
				<Trans>No contacts yet</Trans>
			</h3>
			<p className="text-muted max-w-prose">
				{open ? (
					<Trans>
						When someone you meet taps 'Exchange contact' on your page and leaves their name and
						email or phone, they show up here, and you get an email.
					</Trans>
				) : (
					<Trans>Open the form above and visitors can leave their details on your page.</Trans>
				)}
			</p>
			{path ? (
				<a href={`/${path}`} target="_blank" rel="noopener noreferrer" className="btn-primary">
					<EyeIcon className="size-4" />
					<Trans>See your page</Trans>
				</a>
			) : null}
		</div>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Contacts | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

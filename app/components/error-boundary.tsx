import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { type ReactNode } from 'react'
import { noindexMeta } from '~/utils/seo'
import { Illustration404 } from './illustrations'

type StatusHandler = (info: { status: number; data: unknown }) => ReactNode

/**
 * The one error boundary every route uses: a friendly page, never a stack trace, and nothing in
 * the browser console (a 404 is an answer, not a bug; a server failure is logged by the server).
 */
export function GeneralErrorBoundary({
	statusHandlers,
	defaultStatusHandler = ({ status }) => <ErrorPage status={status} />,
	unexpectedErrorHandler = () => <ErrorPage status={500} />,
}: {
	statusHandlers?: Record<number, StatusHandler>
	defaultStatusHandler?: StatusHandler
	unexpectedErrorHandler?: (error: unknown) => ReactNode
}) {
	const error = useRouteError()
	if (isRouteErrorResponse(error)) {
		const handler = statusHandlers?.[error.status] ?? defaultStatusHandler
		return <>{handler({ status: error.status, data: error.data })}</>
	}
	return <>{unexpectedErrorHandler(error)}</>
}

const copy: Record<number, { title: MessageDescriptor; body: MessageDescriptor }> = {
	404: {
		title: msg`Page not found`,
		body: msg`We couldn't find the page you were looking for. Check the address, or head back home.`,
	},
	503: {
		title: msg`We’ll be right back`,
		body: msg`Tagg is having a short break. Please try again in a few seconds.`,
	},
	500: {
		title: msg`Something went wrong`,
		body: msg`An unexpected error happened on our side. Please try again.`,
	},
}

/**
 * The meta of a page whose loader answered an error: its own "… not found" title for a 404, and
 * the title the error page shows for anything else (a 503 while the database is away is not a
 * missing profile).
 */
export function errorMeta(error: unknown, notFoundTitle: string, i18n: I18n) {
	const status = isRouteErrorResponse(error) ? error.status : 500
	if (status === 404) return noindexMeta(notFoundTitle)
	const title = i18n._((copy[status] ?? copy[500]!).title)
	return noindexMeta(i18n._(msg`${title} | Tagg`))
}

export function ErrorPage({ status }: { status: number }) {
	const { _ } = useLingui()
	const copied = copy[status] ?? copy[500]!
	const text = { title: _(copied.title), body: _(copied.body) }
	return (
		<main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-6 py-16 text-center">
			<Illustration404 className="w-56" />
			<p className="text-brand text-sm font-semibold">{status}</p>
			<h1 className="text-2xl font-bold">{text.title}</h1>
			<p className="text-muted">{text.body}</p>
			<Link to="/" className="btn-primary">
				<Trans>Go to Tagg</Trans>
			</Link>
		</main>
	)
}

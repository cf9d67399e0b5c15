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

const copy: Record<number, { title: string; body: string }> = {
	404: {
		title: 'Page not found',
		body: "We couldn't find the page you were looking for. Check the address, or head back home.",
	},
	503: {
		title: 'We’ll be right back',
		body: 'Tagg is having a short break. Please try again in a few seconds.',
	},
	500: {
		title: 'Something went wrong',
		body: 'An unexpected error happened on our side. Please try again.',
	},
}

/**
 * The meta of a page whose loader answered an error: its own "… not found" title for a 404, and
 * the title the error page shows for anything else (a 503 while the database is away is not a
 * missing profile).
 */
export function errorMeta(error: unknown, notFoundTitle: string) {
	const status = isRouteErrorResponse(error) ? error.status : 500
	if (status === 404) return noindexMeta(notFoundTitle)
	return noindexMeta(`${(copy[status] ?? copy[500]!).title} | Tagg`)
}

export function ErrorPage({ status }: { status: number }) {
	const text = copy[status] ?? copy[500]!
	return (
		<main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-6 py-16 text-center">
			<Illustration404 className="w-56" />
			<p className="text-brand text-sm font-semibold">{status}</p>
			<h1 className="text-2xl font-bold">{text.title}</h1>
			<p className="text-muted">{text.body}</p>
			<Link to="/" className="btn-primary">
				Go to Tagg
			</Link>
		</main>
	)
}

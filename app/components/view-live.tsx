import { Trans } from '@lingui/react/macro'
import { useRouteLoaderData } from '@remix-run/react'
import { EyeIcon } from './icons'

/**
 * 'View Live': the owner's public page, in a new tab: at `https://{domain}/` while the owner's
 * own domain serves it (the builder's loader data), else at `/{pname}`.
 */
export function ViewLiveLink({ path, className }: { path: string; className: string }) {
	// The builder's loader data, named by shape (importing its type would make a cycle of modules).
	const domainUrl = (
		useRouteLoaderData('routes/builder') as { domainUrl?: string | null } | undefined
	)?.domainUrl
	return (
		<a
			href={domainUrl ?? `/${path}`}
			target="_blank"
			rel="noopener noreferrer"
			className={className}
		>
			<EyeIcon className="size-4" />
			<Trans>View Live</Trans>
		</a>
	)
}

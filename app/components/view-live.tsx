import { Trans } from '@lingui/react/macro'
import { EyeIcon } from './icons'

/** 'View Live': the owner's public page, in a new tab. */
export function ViewLiveLink({ path, className }: { path: string; className: string }) {
	return (
		<a href={`/${path}`} target="_blank" rel="noopener noreferrer" className={className}>
			<EyeIcon className="size-4" />
			<Trans>View Live</Trans>
		</a>
	)
}

import { Trans } from '@lingui/react/macro'
import { useLocation, useNavigation } from '@remix-run/react'
import { LogoMark } from './logo'

/**
 * Shown while the session is checked on the way into the builder from a signed-out page
 * (the builder's loader verifies the session before anything of the owner is rendered).
 */
export function CheckingAuthentication() {
	const navigation = useNavigation()
	const location = useLocation()
	const entering =
		navigation.state === 'loading' &&
		navigation.location.pathname.startsWith('/builder') &&
		!location.pathname.startsWith('/builder')
	if (!entering) return null
	return (
		<div
			role="status"
			className="bg-canvas/95 fixed inset-0 z-50 flex flex-col items-center justify-center gap-4"
		>
			<LogoMark className="size-12 animate-pulse" />
			<p className="text-muted text-sm font-medium">
				<Trans>Checking authentication...</Trans>
			</p>
		</div>
	)
}

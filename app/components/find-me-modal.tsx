import { type ProfileData } from '~/models/profile.server'
import { SOCIAL_FIELDS } from '~/utils/social'
import { MailIcon } from './icons'
import { Modal } from './modal'
import { SocialButtons } from './profile-view'

/** The Find Me card: a greeting, the owner's email and the social buttons, separated by 'OR'. */
export function FindMeModal({
	open,
	onOpenChange,
	profile,
	email,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
	profile: ProfileData
	email: string | null
}) {
	const name = profile.name.firstName || 'me'
	const hasSocial = SOCIAL_FIELDS.some((field) => field !== 'email' && profile.socialLinks[field])
	return (
		<Modal open={open} onOpenChange={onOpenChange} title="Find Me" size="sm">
			<div className="flex flex-col items-center gap-5 text-center">
				<p className="text-muted max-w-full text-pretty wrap-anywhere">
					Hi there! Great to see you. Here is how to reach {name}.
				</p>
				{email ? (
					<a href={`mailto:${email}`} className="btn-primary w-full wrap-anywhere">
						<MailIcon className="size-4 shrink-0" />
						{email}
					</a>
				) : null}
				{email && hasSocial ? (
					<div
						className="text-muted flex w-full items-center gap-3 text-xs font-semibold"
						aria-hidden="true"
					>
						<span className="bg-line h-px flex-1" />
						OR
						<span className="bg-line h-px flex-1" />
					</div>
				) : null}
				<SocialButtons links={profile.socialLinks} />
			</div>
		</Modal>
	)
}

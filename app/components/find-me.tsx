/**
 * What Find Me shows: a greeting, the owner's email and the social buttons, separated by 'OR';
 * in the modal (find-me-modal.tsx) and in the sheet a visitor reaches without JavaScript
 * (public-sheets.tsx).
 */
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { type ProfileData } from '~/models/profile.server'
import { cx } from '~/utils/cx'
import { SOCIAL_FIELDS } from '~/utils/social'
import { socialHref } from '~/utils/text'
import { MailIcon } from './icons'
import { SOCIAL_META } from './social-icons'

/** What Find Me says (the page gives them to the modal: public-sheets.tsx `DIALOG_MESSAGES`). */
export const FIND_ME_MESSAGES = {
	greeting: msg({ message: 'Hi there! Great to see you. Here is how to reach {name}.' }),
	greetingNoName: msg`Hi there! Great to see you. Here is how to reach me.`,
	or: msg`OR`,
	call: msg({ message: 'Call {number}' }),
}

export type FindMeProps = {
	firstName: string
	email: string | null
	links: ProfileData['socialLinks']
}

/**
 * The owner's social and contact links, each with `rel="me"`: the owner's own profiles, which
 * Mastodon and IndieWeb readers verify against the profile (its h-card: profile-view.tsx).
 */
export function SocialButtons({ links }: { links: ProfileData['socialLinks'] }) {
	const { i18n } = useLingui()
	const present = SOCIAL_FIELDS.filter((field) => field !== 'email' && links[field])
	if (!present.length) return null
	// One row for up to five buttons, else two balanced rows (4 + 3 rather than 6 + 1).
	const perRow = present.length <= 5 ? present.length : Math.ceil(present.length / 2)
	return (
		<ul
			className="mx-auto flex flex-wrap justify-center gap-2.5"
			style={{ maxWidth: `${perRow * 3 + (perRow - 1) * 0.625}rem` }}
		>
			{present.map((field) => {
				const { message, Icon } = SOCIAL_META[field]
				const label = i18n._(message)
				const target = socialHref(links[field])
				const className =
					'inline-flex size-12 items-center justify-center rounded-full border border-line bg-surface text-ink transition-colors hover:border-brand hover:text-brand'
				return (
					<li key={field}>
						{target.kind === 'url' ? (
							<a
								href={target.href}
								data-track={field}
								target="_blank"
								rel="me noopener noreferrer"
								aria-label={label}
								title={label}
								className={className}
							>
								<Icon className="size-5" />
							</a>
						) : target.kind === 'tel' ? (
							<a
								href={target.href}
								data-track={field}
								rel="me noopener"
								aria-label={i18n._(
									FIND_ME_MESSAGES.call.id,
									{ number: links[field] },
									{ message: FIND_ME_MESSAGES.call.message },
								)}
								title={label}
								className={className}
							>
								<Icon className="size-5" />
							</a>
						) : (
							<button
								type="button"
								aria-label={label}
								aria-disabled="true"
								className={cx(className, 'opacity-50')}
							>
								<Icon className="size-5" />
							</button>
						)}
					</li>
				)
			})}
		</ul>
	)
}

export function FindMeContent({ firstName, email, links }: FindMeProps) {
	const { i18n } = useLingui()
	const hasSocial = SOCIAL_FIELDS.some((field) => field !== 'email' && links[field])
	return (
		<div className="flex flex-col items-center gap-5 text-center">
			<p className="text-muted max-w-full text-pretty wrap-anywhere">
				{firstName
					? i18n._(
							FIND_ME_MESSAGES.greeting.id,
							{ name: firstName },
							{ message: FIND_ME_MESSAGES.greeting.message },
						)
					: i18n._(FIND_ME_MESSAGES.greetingNoName)}
			</p>
			{email ? (
				<a
					href={`mailto:${email}`}
					data-track="email"
					rel="me noopener"
					className="btn-primary w-full wrap-anywhere"
				>
					<MailIcon className="size-4 shrink-0" />
					<bdi dir="ltr">{email}</bdi>
				</a>
			) : null}
			{email && hasSocial ? (
				// The rules are `h-[1px]`, not `h-px`: a class `h-` and letters is a microformats root
				// to a parser, and would make a stray item of the profile's page.
				<div
					className="text-muted flex w-full items-center gap-3 text-xs font-semibold"
					aria-hidden="true"
				>
					<span className="bg-line h-[1px] flex-1" />
					{i18n._(FIND_ME_MESSAGES.or)}
					<span className="bg-line h-[1px] flex-1" />
				</div>
			) : null}
			<SocialButtons links={links} />
		</div>
	)
}

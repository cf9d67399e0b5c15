/** Glyphs for the social and contact buttons (simple, own drawings, currentColor). */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type SocialField } from '~/utils/social'
import { GlobeIcon, MailIcon, PhoneIcon } from './icons'

type P = { className?: string }
const s = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const

/** A glyph drawn as one filled shape. */
function filledGlyph({ d }: { d: string }) {
	return function Glyph({ className }: P) {
		return (
			<svg {...s} className={className} fill="currentColor">
				<path d={d} />
			</svg>
		)
	}
}

const LinkedIn = filledGlyph({
	d: 'M4 9h3.2v11H4zM5.6 3.5a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8zM9.6 9h3.1v1.5c.5-.9 1.6-1.8 3.4-1.8 3.4 0 4 2.2 4 5.1V20h-3.2v-5.5c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9V20H9.6z',
})
const XLogo = filledGlyph({
	d: 'M17.8 3H21l-7 8 8.2 10h-6.4l-5-6.2L5 21H1.8l7.5-8.6L1.5 3h6.6l4.5 5.7zm-1.1 16h1.8L7.4 4.9H5.5z',
})
const Instagram = ({ className }: P) => (
	<svg {...s} className={className} fill="none" stroke="currentColor" strokeWidth="1.8">
		<rect x="3.5" y="3.5" width="17" height="17" rx="5" />
		<circle cx="12" cy="12" r="4" />
		<circle cx="17.3" cy="6.7" r="1" fill="currentColor" stroke="none" />
	</svg>
)
const Facebook = filledGlyph({
	d: 'M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.4V21z',
})
const YouTube = filledGlyph({
	d: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.7 2 12 2 12s0 3.3.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.5.4-4.8.4-4.8s0-3.3-.4-4.8zM10 15V9l5.2 3z',
})
const WhatsApp = ({ className }: P) => (
	<svg
		{...s}
		className={className}
		fill="none"
		stroke="currentColor"
		strokeWidth="1.8"
		strokeLinejoin="round"
	>
		<path d="M4 20l1.2-4A8.5 8.5 0 1 1 8.3 19z" />
		<path
			d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a4.5 4.5 0 0 1-2.3-2.3l.8-1-1-2z"
			fill="currentColor"
			stroke="none"
		/>
	</svg>
)

type SocialMeta = {
	/** The button's name, in the page's language: `i18n._(message)`. */
	message: MessageDescriptor
	/**
	 * @deprecated The English name, for code not yet moved to the catalogs: show `message`.
	 */
	label: string
	Icon: (props: P) => React.JSX.Element
}

/** A button's name (English, for `label`) and its message. */
const social = ({ name, message, Icon }: Omit<SocialMeta, 'label'> & { name: string }) => ({
	message,
	label: name,
	Icon,
})

export const SOCIAL_META: Record<SocialField, SocialMeta> = {
	linkedInUrl: social({ name: 'LinkedIn', message: msg`LinkedIn`, Icon: LinkedIn }),
	xUrl: social({ name: 'X', message: msg`X`, Icon: XLogo }),
	igUrl: social({ name: 'Instagram', message: msg`Instagram`, Icon: Instagram }),
	fbUrl: social({ name: 'Facebook', message: msg`Facebook`, Icon: Facebook }),
	ytUrl: social({ name: 'YouTube', message: msg`YouTube`, Icon: YouTube }),
	whatAppBusUrl: social({
		name: 'WhatsApp Business',
		message: msg`WhatsApp Business`,
		Icon: WhatsApp,
	}),
	mobileNumber: social({ name: 'Phone', message: msg`Phone`, Icon: PhoneIcon }),
	companySite: social({ name: 'Website', message: msg`Website`, Icon: GlobeIcon }),
	email: social({ name: 'Email', message: msg`Email`, Icon: MailIcon }),
}

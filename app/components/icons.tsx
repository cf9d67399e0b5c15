/** Small line icons drawn for Tagg (24px grid, currentColor). */
import { type ReactNode } from 'react'

type IconProps = { className?: string }
const base = {
	viewBox: '0 0 24 24',
	fill: 'none',
	stroke: 'currentColor',
	strokeWidth: 1.8,
	strokeLinecap: 'round' as const,
	strokeLinejoin: 'round' as const,
	'aria-hidden': true,
	focusable: false,
}

/** An icon of the set: its drawing in the shared frame, `size` unless a class is given. */
function lineIcon(size: string, drawing: ReactNode) {
	return function Icon({ className = size }: IconProps) {
		return (
			<svg {...base} className={className}>
				{drawing}
			</svg>
		)
	}
}

export const HomeIcon = lineIcon('size-5', <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />)
export const GridIcon = lineIcon(
	'size-5',
	<>
		<rect x="4" y="4" width="7" height="7" rx="1.5" />
		<rect x="13" y="4" width="7" height="7" rx="1.5" />
		<rect x="4" y="13" width="7" height="7" rx="1.5" />
		<rect x="13" y="13" width="7" height="7" rx="1.5" />
	</>,
)
export const LogoutIcon = lineIcon(
	'size-5',
	<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />,
)
export const MenuIcon = lineIcon('size-6', <path d="M4 7h16M4 12h16M4 17h16" />)
export const EyeIcon = lineIcon(
	'size-5',
	<>
		<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
		<circle cx="12" cy="12" r="3" />
	</>,
)
export const PencilIcon = lineIcon('size-4', <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />)
export const ShareIcon = lineIcon(
	'size-5',
	<>
		<circle cx="18" cy="5" r="2.5" />
		<circle cx="6" cy="12" r="2.5" />
		<circle cx="18" cy="19" r="2.5" />
		<path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
	</>,
)
export const LinkIcon = lineIcon(
	'size-5',
	<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
)
export const MapPinIcon = lineIcon(
	'size-4',
	<>
		<path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
		<circle cx="12" cy="9.5" r="2.5" />
	</>,
)
export const PlusIcon = lineIcon('size-5', <path d="M12 5v14M5 12h14" />)
export const TrashIcon = lineIcon('size-4', <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />)
export const ArrowUpIcon = lineIcon('size-4', <path d="M12 19V5M5 12l7-7 7 7" />)
export const ArrowDownIcon = lineIcon('size-4', <path d="M12 5v14M5 12l7 7 7-7" />)
export const MailIcon = lineIcon(
	'size-5',
	<>
		<rect x="3" y="5" width="18" height="14" rx="2" />
		<path d="M3 7l9 6 9-6" />
	</>,
)
export const PhoneIcon = lineIcon(
	'size-5',
	<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />,
)
export const GlobeIcon = lineIcon(
	'size-5',
	<>
		<circle cx="12" cy="12" r="9" />
		<path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
	</>,
)
export const ArrowRightIcon = lineIcon('size-4', <path d="M5 12h14M13 6l6 6-6 6" />)
export const GripIcon = lineIcon(
	'size-5',
	<path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth={3} />,
)

export const DownloadIcon = lineIcon('size-4', <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />)
export const ImportIcon = lineIcon(
	'size-5',
	<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 11v6M9 14l3 3 3-3" />,
)
export const SettingsIcon = lineIcon(
	'size-5',
	<>
		<circle cx="12" cy="12" r="3" />
		<path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
	</>,
)
export const PaletteIcon = lineIcon(
	'size-5',
	<>
		<path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.7-.8 1.7-1.7 0-.5-.2-.9-.5-1.2-.3-.3-.5-.7-.5-1.2 0-.9.8-1.7 1.7-1.7h2A4.6 4.6 0 0 0 21 10.6C21 6.4 17 3 12 3z" />
		<circle cx="7.5" cy="11.5" r="1.2" />
		<circle cx="10.5" cy="7.5" r="1.2" />
		<circle cx="15" cy="7.8" r="1.2" />
	</>,
)

/** The cross of a close or remove button (drawn on a 20px grid, crisp at the small sizes used). */
export const CloseIcon = ({
	className = 'size-5',
	strokeWidth = 2,
}: IconProps & { strokeWidth?: number }) => (
	<svg viewBox="0 0 20 20" className={className} aria-hidden="true">
		<path
			d="M5 5l10 10M15 5L5 15"
			stroke="currentColor"
			strokeWidth={strokeWidth}
			strokeLinecap="round"
		/>
	</svg>
)

export const ChartIcon = lineIcon(
	'size-5',
	<>
		<path d="M4 20V4" />
		<path d="M4 20h16" />
		<path d="M8 16v-4" />
		<path d="M12 16V8" />
		<path d="M16 16v-6" />
	</>,
)

/** A person and a plus: leaving one's details, the owner's contacts. */
export const ContactIcon = lineIcon(
	'size-5',
	<>
		<circle cx="10" cy="8" r="3.5" />
		<path d="M3.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
		<path d="M19 8v6M16 11h6" />
	</>,
)

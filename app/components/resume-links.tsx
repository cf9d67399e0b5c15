/**
 * Links into the resume interchange: the resume page and its PDF for visitors, the import page
 * for the owner. Used by the profile's Resume section, the resume page and the builder sidebar.
 */
import { Link } from '@remix-run/react'

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

export const DownloadIcon = ({ className = 'size-4' }: IconProps) => (
	<svg {...base} className={className}>
		<path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
	</svg>
)

export const ImportIcon = ({ className = 'size-5' }: IconProps) => (
	<svg {...base} className={className}>
		<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
		<path d="M14 3v5h5M12 11v6M9 14l3 3 3-3" />
	</svg>
)

export const DocumentIcon = ({ className = 'size-4' }: IconProps) => (
	<svg {...base} className={className}>
		<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
		<path d="M14 3v5h5M9 13h6M9 17h6" />
	</svg>
)

/** 'Download PDF' of an owner's resume: a plain link, so it works without JavaScript. */
export function DownloadPdfLink({ path, className }: { path: string; className?: string }) {
	return (
		<a href={`/${path}/resume.pdf`} download className={className ?? 'btn-primary min-h-10 py-2'}>
			<DownloadIcon />
			Download PDF
		</a>
	)
}

/** The actions in the header of the profile's Resume section. */
export function ResumeSectionLinks({ path, builder }: { path: string | null; builder: boolean }) {
	if (builder) {
		return (
			<Link to="/builder/import" className="btn-secondary min-h-10 py-2">
				<ImportIcon className="size-4" />
				Import
			</Link>
		)
	}
	if (!path) return null
	return (
		<div className="flex flex-wrap justify-end gap-2">
			<Link
				to={`/${path}/resume`}
				className="btn-ghost text-brand-700 min-h-10 px-3 py-2"
				title="Resume page"
			>
				<DocumentIcon />
				<span className="max-sm:sr-only">Resume page</span>
			</Link>
			<DownloadPdfLink path={path} />
		</div>
	)
}

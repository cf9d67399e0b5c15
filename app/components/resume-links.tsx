/**
 * The actions in the header of the profile's Resume section: the resume page and its PDF for
 * visitors (plain links: they work without JavaScript), the import page for the owner.
 */
import { Trans } from '@lingui/react/macro'
import { Link } from '@remix-run/react'
import { DownloadIcon, ImportIcon } from './icons'
import { usePagePath } from './page-base'

export function ResumeSectionLinks({ path, builder }: { path: string | null; builder: boolean }) {
	const pagePath = usePagePath(path)
	if (builder) {
		return (
			<Link to="/builder/import" className="btn-secondary min-h-10 py-2">
				<ImportIcon className="size-4" />
				<Trans>Import</Trans>
			</Link>
		)
	}
	if (!path) return null
	return (
		<div className="flex flex-wrap justify-end gap-x-1 gap-y-2">
			<Link to={pagePath('/resume')} className="btn-ghost text-brand-700 min-h-10 px-3 py-2">
				<Trans>Resume page</Trans>
			</Link>
			<a href={pagePath('/resume.pdf')} download className="btn-primary min-h-10 py-2">
				<DownloadIcon />
				<Trans>Download PDF</Trans>
			</a>
		</div>
	)
}

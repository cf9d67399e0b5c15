/**
 * The builder's word on the resume's visibility (app/utils/resume-notice.ts). No dialog code: the
 * builder's profile page shares its view with the visitors' page.
 */
import { useLingui } from '@lingui/react'
import { resumeNotice } from '~/utils/resume-notice'
import { type ResumeLists } from '~/utils/text'
import { cx } from '~/utils/misc'
import { EyeIcon } from './icons'

/**
 * The notice after a lead ('After this import: your resume is …'): its first letter in lower
 * case where the language writes it so after a colon (German keeps 'Ihr', Arabic has no case).
 */
function afterLead(locale: string, text: string) {
	if (locale === 'de' || locale === 'ar') return text
	return text.charAt(0).toLocaleLowerCase(locale) + text.slice(1)
}

/**
 * Whether visitors see the resume and, when they do not, which lists are empty. A live region:
 * a screen reader hears it change as a list is emptied or filled in an editor.
 */
export function ResumeNotice({
	resume,
	className,
	lead,
}: {
	resume: ResumeLists
	className?: string
	/** Said before the notice, as in 'After this import: …'. */
	lead?: string
}) {
	const { i18n } = useLingui()
	const { hidden, text } = resumeNotice(resume, i18n)
	return (
		<p
			role="status"
			data-testid="resume-notice"
			className={cx(
				'flex items-start gap-2 rounded-xl border px-3.5 py-2.5 text-sm',
				hidden
					? 'border-amber-300 bg-amber-50 text-amber-900'
					: 'border-emerald-200 bg-emerald-50 text-emerald-900',
				className,
			)}
		>
			<EyeIcon className="mt-0.5 size-4 shrink-0" />
			<span>
				{lead ? <strong className="font-semibold">{lead} </strong> : null}
				{lead ? afterLead(i18n.locale, text) : text}.
			</span>
		</p>
	)
}

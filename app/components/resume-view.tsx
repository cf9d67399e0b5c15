/**
 * The resume as the profile page shows it: work, education, skills with their stars,
 * certificates and achievements, each block hidden from visitors while empty.
 */
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiRuntime } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode } from 'react'
import { optionLabel } from '~/data/options'
import { type MessageDescriptor } from '@lingui/core'
import { type Resume } from '~/models/resume.server'
import { ratingLabel, ratingToHalves, resumeVisibility, socialHref } from '~/utils/text'
import { educationYears, workPeriod } from './resume-dates'
import { ResumeNotice } from './resume-notice'
import { ResumeSectionLinks } from './resume-links'
import { EditButton, type EditSection, type Mode, Placeholder, Section } from './profile-sections'

const STAR = 'M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z'
/** The left half of {@link STAR} (the star is symmetric about x = 10). */
const HALF_STAR = 'M10 1.8V14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z'

/**
 * A skill rating as five stars in half steps, read out as text ('3.5 of 5'). Right to left, the
 * stars fill from the right (the half star is mirrored).
 */
export function Stars({ rating }: { rating: number }) {
	const { i18n } = useLingui()
	const halves = ratingToHalves(rating) ?? 0
	return (
		<span
			className="inline-flex shrink-0 items-center gap-0.5"
			role="img"
			aria-label={ratingLabel(halves, i18n)}
		>
			{Array.from({ length: 5 }, (_, index) => {
				const fill = Math.max(0, Math.min(2, halves - index * 2))
				return (
					<svg
						key={index}
						viewBox="0 0 20 20"
						className="size-4 rtl:-scale-x-100"
						aria-hidden="true"
					>
						<path d={STAR} fill={fill === 2 ? 'var(--color-brand)' : 'var(--color-line)'} />
						{fill === 1 ? <path d={HALF_STAR} fill="var(--color-brand)" /> : null}
					</svg>
				)
			})}
		</span>
	)
}

/** The resume's blocks: heading, anchor, edit button and prompt of each, by its editor. */
const RESUME_BLOCKS = {
	workexp: {
		title: msg`Work Experience`,
		id: 'work',
		edit: msg`Edit work experience`,
		prompt: msg`Add your work experience`,
	},
	education: {
		title: msg`Education`,
		id: 'education',
		edit: msg`Edit education`,
		prompt: msg`Add your education`,
	},
	skills: {
		title: msg`Skills`,
		id: 'skills',
		edit: msg`Edit skills`,
		prompt: msg`Add your skills`,
	},
	certificates: {
		title: msg`Certificates`,
		id: 'certificates',
		edit: msg`Edit certificates`,
		prompt: msg`Add your certificates`,
	},
	achievements: {
		title: msg`Achievements`,
		id: 'achievements',
		edit: msg`Edit achievements`,
		prompt: msg`Add your achievements`,
	},
} as const satisfies Partial<
	Record<
		EditSection,
		{ title: MessageDescriptor; id: string; edit: MessageDescriptor; prompt: MessageDescriptor }
	>
>

function ResumeBlock({
	section,
	mode,
	empty,
	children,
}: {
	section: keyof typeof RESUME_BLOCKS
	mode: Mode
	empty: boolean
	children: ReactNode
}) {
	const { _ } = useLinguiRuntime()
	const { title, id, edit, prompt } = RESUME_BLOCKS[section]
	const builder = mode.kind === 'builder' ? mode : null
	if (empty && !builder) return null
	return (
		<div className="border-line border-t pt-5 first:border-t-0 first:pt-0">
			<div className="mb-3 flex items-center justify-between gap-3">
				<h3 id={id} className="text-muted text-sm font-bold tracking-wide uppercase">
					{_(title)}
				</h3>
				{builder ? <EditButton label={_(edit)} onClick={() => builder.onEdit(section)} /> : null}
			</div>
			{empty ? (
				<Placeholder onClick={() => builder!.onEdit(section)}>{_(prompt)}</Placeholder>
			) : (
				children
			)}
		</div>
	)
}

/** 'View', and for a screen reader which certificate (the link's name). */
export function ViewCertificate({ name }: { name: string }) {
	return (
		<Trans>
			View<span className="sr-only"> certificate {name}</span>
		</Trans>
	)
}

/** A resume entry's name and where (role and company, degree and school, …). */
function EntryLines({ title, detail }: { title: string; detail: string }) {
	return (
		<>
			<p dir="auto" className="font-semibold">
				{title}
			</p>
			<p dir="auto" className="text-ink/80 text-sm">
				{detail}
			</p>
		</>
	)
}

export function ResumeSection({
	resume,
	mode,
	path,
}: {
	resume: Resume
	mode: Mode
	path: string | null
}) {
	const { t, i18n } = useLingui()
	const visible = resumeVisibility(resume)
	if (mode.kind === 'public' && !visible.showResume) return null
	return (
		<Section
			title={t`Resume`}
			id="resume"
			action={<ResumeSectionLinks path={path} builder={mode.kind === 'builder'} />}
		>
			<div className="flex flex-col gap-6">
				{/* The owner is told whether visitors see the resume, and which lists it waits for. */}
				{mode.kind === 'builder' ? <ResumeNotice resume={resume} /> : null}
				<ResumeBlock section="workexp" mode={mode} empty={!resume.workExp.length}>
					<ol className="border-brand-100 relative flex flex-col gap-5 border-s-2 ps-5">
						{resume.workExp.map((item) => (
							<li key={item.workId} className="relative min-w-0 wrap-anywhere">
								<span
									className="bg-brand border-surface absolute -start-[1.65rem] top-1.5 size-3 rounded-full border-2"
									aria-hidden="true"
								/>
								<EntryLines title={item.role} detail={item.company} />
								<p className="text-muted mt-0.5 text-xs">{workPeriod(item, i18n)}</p>
								{item.experience.length ? (
									<ul className="text-ink/85 marker:text-brand mt-2 flex list-disc flex-col gap-1 ps-4 text-sm">
										{item.experience.map((line, index) => (
											<li key={index} dir="auto">
												{line}
											</li>
										))}
									</ul>
								) : null}
							</li>
						))}
					</ol>
				</ResumeBlock>
				<ResumeBlock section="education" mode={mode} empty={!visible.education}>
					<ul className="flex flex-col gap-3">
						{resume.education.map((item) => (
							<li key={item.eduId} className="min-w-0 wrap-anywhere">
								<EntryLines title={item.eduName} detail={item.eduInstitution} />
								<p className="text-muted text-xs">{educationYears(item)}</p>
							</li>
						))}
					</ul>
				</ResumeBlock>
				<ResumeBlock section="skills" mode={mode} empty={!visible.skills}>
					<ul className="grid gap-2 sm:grid-cols-2">
						{resume.skills.map((item) => (
							<li
								key={item.skillId}
								className="bg-canvas flex items-center justify-between gap-3 rounded-xl px-3 py-2"
							>
								<span dir="auto" className="min-w-0 text-sm font-medium wrap-anywhere">
									{optionLabel(i18n, 'skill', item.skillName)}
								</span>
								<Stars rating={item.rating} />
							</li>
						))}
					</ul>
				</ResumeBlock>
				<ResumeBlock section="certificates" mode={mode} empty={!visible.certificates}>
					<ul className="flex flex-col gap-3">
						{resume.certificates.map((item) => (
							<li key={item.crtId} className="flex items-start justify-between gap-3">
								<div className="min-w-0 wrap-anywhere">
									<EntryLines
										title={item.crtName}
										detail={[item.crtPlat, item.endDate].filter(Boolean).join(' · ')}
									/>
								</div>
								{item.crtUrl && socialHref(item.crtUrl).kind === 'url' ? (
									<a
										href={item.crtUrl}
										target="_blank"
										rel="noopener noreferrer"
										className="text-brand shrink-0 text-sm font-semibold hover:underline"
									>
										<ViewCertificate name={item.crtName} />
									</a>
								) : null}
							</li>
						))}
					</ul>
				</ResumeBlock>
				<ResumeBlock section="achievements" mode={mode} empty={!visible.achievements}>
					<ul className="flex flex-col gap-2">
						{resume.achievements.map((item, index) => (
							<li key={index} className="flex gap-2.5 text-sm">
								<span className="bg-brand mt-1.5 size-2 shrink-0 rounded-full" aria-hidden="true" />
								<span dir="auto" className="min-w-0 wrap-anywhere">
									{item}
								</span>
							</li>
						))}
					</ul>
				</ResumeBlock>
			</div>
		</Section>
	)
}

import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { optionLabel } from '~/data/options'
import { metaI18n } from '~/utils/i18n'
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { DownloadIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon } from '~/components/icons'
import { Logo } from '~/components/logo'
import { ViewCertificate } from '~/components/resume-view'
import { MadeWithTagg, ogLocale, publicPageErrorHeaders } from '~/components/public-page'
import { educationYears, workPeriod } from '~/components/resume-dates'
import { getPublicProfilePage } from '~/models/public-page.server'
import { PUBLIC_PAGE } from '~/utils/document'
import { pagePath } from '~/components/page-base'
import { profileUrlFor, publicBase } from '~/utils/public-url.server'
import { cx } from '~/utils/misc'
import { notFoundOrMoved } from '~/services/moved.server'
import { fullName, ogImageUrl, pageMeta } from '~/utils/seo'
import { placeName, ratingLabel, ratingToHalves, resumeVisibility, socialHref } from '~/utils/text'
import printHref from '~/styles/resume-print.css?url'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const page = await getPublicProfilePage(params.pname ?? '')
	if (!page) throw await notFoundOrMoved(request, params.pname)
	const path = page.profile.path!
	return {
		profile: page.profile,
		resume: page.resume,
		email: page.email,
		path,
		// '' on the owner's domain, `/{pname}` else: the page's links (page-base.tsx).
		base: publicBase(request, path).prefix,
		profileUrl: profileUrlFor(request, path),
		ogImage: ogImageUrl(profileUrlFor(request, path), page.profile),
		// The owner's colours, dark mode and type, as on their other pages (app/root.tsx).
		appearance: page.profile.appearance,
		// The page speaks its owner's language, whoever reads it (app/root.tsx).
		locale: page.profile.language,
	}
}

// For paper only: it never blocks the first paint.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printHref, media: 'print' }]

export default function ResumePage() {
	const { t, i18n } = useLingui()
	const { profile, resume, email, path, base, profileUrl } = useLoaderData<typeof loader>()
	const name = fullName(profile.name) || path
	const firstName = profile.name.firstName || name
	const location = placeName(profile.city, profile.country)
	const website = profile.socialLinks.companySite
	const phone = profile.socialLinks.mobileNumber
	const visible = resumeVisibility(resume)
	return (
		<div className="min-h-dvh print:bg-white">
			<header className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 pt-5 print:hidden">
				<Link
					to={pagePath(base)}
					aria-label={t`Tagg back to ${name}’s profile`}
					className="rounded-lg"
				>
					<Logo />
				</Link>
				<nav aria-label={t`Resume`} className="flex flex-wrap items-center gap-2">
					<Link to={pagePath(base)} className="btn-ghost min-h-10 px-3 py-2">
						<Trans>Profile</Trans>
					</Link>
					<a href={pagePath(base, '/resume.pdf')} download className="btn-primary min-h-10 py-2">
						<DownloadIcon />
						<Trans>Download PDF</Trans>
					</a>
				</nav>
			</header>

			<main className="mx-auto max-w-3xl px-4 py-5 sm:py-8 print:max-w-none print:p-0">
				{/* Owner text may hold a word longer than the line (a link, a name with no space):
				    every block of the resume breaks it where it must, as the profile page does. */}
				<article className="card p-5 wrap-anywhere sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none">
					<header className="flex items-center gap-4 sm:gap-6">
						{profile.pictureSmallUrl ? (
							// The small display picture; no fallback picture: a resume reads well without one.
							<img
								src={profile.pictureSmallUrl}
								alt=""
								width={80}
								height={80}
								className="size-16 shrink-0 rounded-full object-cover sm:size-20 print:size-16"
							/>
						) : null}
						<div className="min-w-0">
							<h1 dir="auto" className="text-2xl font-bold tracking-tight sm:text-3xl">
								{name}
							</h1>
							{profile.designation ? (
								<p dir="auto" className="text-brand-700 mt-0.5 font-medium">
									{profile.designation}
								</p>
							) : null}
						</div>
					</header>
					<ul className="text-muted mt-4 flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
						{location ? (
							<li className="inline-flex items-center gap-1.5">
								<MapPinIcon />
								<span dir="auto">{location}</span>
							</li>
						) : null}
						{email ? (
							<ContactLink href={`mailto:${email}`} Icon={MailIcon} breakAll>
								<bdi dir="ltr">{email}</bdi>
							</ContactLink>
						) : null}
						{phone && socialHref(phone).kind === 'tel' ? (
							<ContactLink href={`tel:${phone}`} Icon={PhoneIcon}>
								<bdi dir="ltr">{phone}</bdi>
							</ContactLink>
						) : null}
						{website && socialHref(website).kind === 'url' ? (
							<ContactLink href={website} Icon={GlobeIcon} rel="me noopener noreferrer" breakAll>
								<bdi dir="ltr">{website.replace(/^https?:\/\//, '').replace(/\/$/, '')}</bdi>
							</ContactLink>
						) : null}
						<ContactLink href={profileUrl} Icon={GlobeIcon} breakAll>
							<bdi dir="ltr">{profileUrl.replace(/^https?:\/\//, '')}</bdi>
						</ContactLink>
					</ul>

					{profile.bio.length ? (
						<ResumeSection title={t`About Me`} id="about">
							<div className="text-ink/85 flex flex-col gap-2.5 leading-relaxed whitespace-pre-line">
								{profile.bio.map((paragraph, index) => (
									<p key={index} dir="auto">
										{paragraph}
									</p>
								))}
							</div>
						</ResumeSection>
					) : null}

					{visible.showResume ? (
						<>
							<ResumeSection title={t`Work Experience`} id="work">
								<ol className="flex flex-col gap-5">
									{resume.workExp.map((item) => (
										<Entry
											key={item.workId}
											title={item.role}
											subtitle={item.company}
											dates={workPeriod(item, i18n)}
										>
											{item.experience.length ? (
												<ul className="text-ink/85 marker:text-brand mt-1.5 flex list-disc flex-col gap-1 ps-5 text-sm">
													{item.experience.map((line, index) => (
														<li key={index} dir="auto">
															{line}
														</li>
													))}
												</ul>
											) : null}
										</Entry>
									))}
								</ol>
							</ResumeSection>
							<ResumeSection title={t`Education`} id="education">
								<ul className="flex flex-col gap-3">
									{resume.education.map((item) => (
										<Entry
											key={item.eduId}
											title={item.eduName}
											subtitle={item.eduInstitution}
											dates={educationYears(item)}
										/>
									))}
								</ul>
							</ResumeSection>
							<ResumeSection title={t`Skills`} id="skills">
								<ul className="grid gap-x-8 gap-y-2 sm:grid-cols-2 print:grid-cols-2">
									{resume.skills.map((item) => (
										<li
											key={item.skillId}
											className="flex break-inside-avoid flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm"
										>
											<span dir="auto" className="min-w-0 font-medium wrap-anywhere">
												{optionLabel(i18n, 'skill', item.skillName)}
											</span>
											<Dots rating={item.rating} />
										</li>
									))}
								</ul>
							</ResumeSection>
							<ResumeSection title={t`Certificates`} id="certificates">
								<ul className="flex flex-col gap-3">
									{resume.certificates.map((item) => (
										<Entry
											key={item.crtId}
											title={item.crtName}
											subtitle={
												<>
													{item.crtPlat}
													{item.crtUrl && socialHref(item.crtUrl).kind === 'url' ? (
														<>
															{item.crtPlat ? ' · ' : ''}
															<a
																href={item.crtUrl}
																rel="noopener noreferrer"
																className="text-brand-700 font-medium hover:underline"
															>
																<ViewCertificate name={item.crtName} />
															</a>
														</>
													) : null}
												</>
											}
											dates={item.endDate ? String(item.endDate) : ''}
										/>
									))}
								</ul>
							</ResumeSection>
							<ResumeSection title={t`Achievements`} id="achievements">
								<ul className="text-ink/85 marker:text-brand flex list-disc flex-col gap-1.5 ps-5 text-sm">
									{resume.achievements.map((item, index) => (
										<li key={index} dir="auto" className="break-inside-avoid">
											{item}
										</li>
									))}
								</ul>
							</ResumeSection>
						</>
					) : (
						<p className="text-muted mt-8 text-sm print:hidden">
							<Trans>{firstName} has not published a full resume yet.</Trans>
						</p>
					)}
				</article>
			</main>
			<MadeWithTagg className="pb-8 print:hidden" />
		</div>
	)
}

/** A way to reach the owner, in the line under the name. */
function ContactLink({
	href,
	Icon,
	rel,
	breakAll,
	children,
}: {
	href: string
	Icon: (props: { className?: string }) => ReactNode
	rel?: string
	/** For an address: it may break anywhere. */
	breakAll?: boolean
	children: ReactNode
}) {
	return (
		<li>
			<a
				href={href}
				rel={rel}
				className={cx(
					'inline-flex items-center gap-1.5',
					breakAll && 'break-all',
					'hover:underline',
				)}
			>
				<Icon className="size-4" />
				{children}
			</a>
		</li>
	)
}

function ResumeSection({
	title,
	id,
	children,
}: {
	title: string
	id: string
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="border-line mt-7 border-t pt-5 print:mt-5 print:pt-3">
			<h2
				id={id}
				className="text-brand-700 mb-3 break-after-avoid text-sm font-bold tracking-wide uppercase"
			>
				{title}
			</h2>
			{children}
		</section>
	)
}

/**
 * A skill rating as five dots filled in half steps (as in the PDF), read out as '3.5 of 5'. Right
 * to left, the dots fill from the right (the half dot is mirrored).
 */
function Dots({ rating }: { rating: number }) {
	const { i18n } = useLingui()
	const halves = ratingToHalves(rating) ?? 0
	return (
		<span role="img" aria-label={ratingLabel(halves, i18n)} className="inline-flex shrink-0 gap-1">
			{Array.from({ length: 5 }, (_, index) => {
				const fill = Math.max(0, Math.min(2, halves - index * 2))
				return (
					<span
						key={index}
						className={cx(
							'size-2.5 rounded-full rtl:-scale-x-100 print:[print-color-adjust:exact]',
							fill === 2
								? 'bg-brand'
								: fill === 1
									? 'bg-[linear-gradient(90deg,var(--color-brand)_50%,var(--color-line)_50%)]'
									: 'bg-line',
						)}
					/>
				)
			})}
		</span>
	)
}

/** One entry of a resume list (kept on one printed page): title, subtitle and dates, then more. */
function Entry({
	title,
	subtitle,
	dates,
	children,
}: {
	title: string
	subtitle: ReactNode
	dates: string
	children?: ReactNode
}) {
	return (
		<li className="break-inside-avoid">
			<div className="flex flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-4 print:flex-row print:items-baseline print:justify-between print:gap-x-4">
				<div className="min-w-0">
					<h3 dir="auto" className="font-semibold">
						{title}
					</h3>
					{subtitle ? (
						<p dir="auto" className="text-ink/80 text-sm">
							{subtitle}
						</p>
					) : null}
				</div>
				{dates ? (
					<p className="text-muted order-first text-xs tabular-nums sm:order-none sm:shrink-0 print:order-none print:shrink-0">
						{dates}
					</p>
				) : null}
			</div>
			{children}
		</li>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	const i18n = metaI18n(matches)
	if (!data) {
		return errorMeta(error, i18n._(msg`Resume not found | Tagg`), i18n)
	}
	const { profile, path, profileUrl } = data
	const name = fullName(profile.name) || path
	return [
		...pageMeta({
			title: i18n._(msg`${name} – Resume | Tagg`),
			description:
				[profile.designation, placeName(profile.city, profile.country)]
					.filter(Boolean)
					.join(' · ') || i18n._(msg`${name}’s resume on Tagg`),
			url: `${profileUrl}/resume`,
			type: 'profile',
			image: data.ogImage,
			imageAlt: i18n._(msg`${name} on Tagg`),
		}),
		ogLocale(data.locale),
		{
			tagName: 'link',
			rel: 'alternate',
			type: 'application/pdf',
			href: `${profileUrl}/resume.pdf`,
		},
		{
			tagName: 'link',
			rel: 'alternate',
			type: 'application/json',
			href: `${profileUrl}/resume.json`,
		},
	]
}

/** As the profile page: briefly kept by a CDN, and without scripts for `Save-Data: on`. */
export const headers = publicPageErrorHeaders

/** A visitor's page. Everything on it is a link: it needs no script at all. */
export const handle = PUBLIC_PAGE

export const ErrorBoundary = GeneralErrorBoundary

/**
 * The default project gallery (SPEC 2: shown when a project has no active images): three 16:9
 * illustrations drawn for Tagg, brand pink on soft neutrals. Also used as a card's cover.
 */
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiRuntime } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { cx } from '~/utils/misc'
import { Stroke } from './drawing'

const PINK = 'var(--color-brand)'
const PINK_300 = 'var(--color-brand-300)'
const PINK_100 = 'var(--color-brand-100)'
const PINK_50 = 'var(--color-brand-50)'
const LINE = 'var(--color-line)'
const SOFT = 'var(--color-canvas)'
const GREY = 'color-mix(in oklab, var(--color-muted) 35%, var(--color-surface))'
const INK = 'var(--color-ink)'

type Props = { className?: string; title?: string }

/** A white panel with a grey edge. */
function Panel(box: { x: number; y: number; width: number; height: number; rx: number }) {
	return <rect {...box} fill="var(--color-surface)" stroke={LINE} strokeWidth="2" />
}

/** A website on a browser window. */
function BrowserArt() {
	return (
		<>
			<rect width="320" height="180" fill={SOFT} />
			<circle cx="286" cy="30" r="42" fill={PINK_50} />
			<circle cx="26" cy="162" r="30" fill={PINK_100} opacity="0.7" />
			<Panel x={44} y={22} width={232} height={142} rx={12} />
			<path d="M44 34a12 12 0 0 1 12-12h208a12 12 0 0 1 12 12v8H44z" fill={PINK_100} />
			<circle cx="58" cy="32" r="3.5" fill={PINK} />
			<circle cx="70" cy="32" r="3.5" fill={PINK_300} />
			<circle cx="82" cy="32" r="3.5" fill="var(--color-surface)" />
			<rect x="98" y="28" width="120" height="8" rx="4" fill="var(--color-surface)" />
			<rect x="60" y="58" width="84" height="10" rx="5" fill={INK} />
			<rect x="60" y="74" width="70" height="6" rx="3" fill={GREY} />
			<rect x="60" y="85" width="78" height="6" rx="3" fill={GREY} />
			<rect x="60" y="96" width="56" height="6" rx="3" fill={GREY} />
			<rect x="60" y="112" width="48" height="16" rx="8" fill={PINK} />
			<rect x="160" y="54" width="100" height="76" rx="8" fill={PINK_50} />
			<circle cx="236" cy="72" r="9" fill={PINK_300} />
			<path
				d="M160 122l28-30 22 22 14-12 36 28v2a8 8 0 0 1-8 8h-84a8 8 0 0 1-8-8z"
				fill={PINK}
				opacity="0.85"
			/>
			<rect x="60" y="142" width="60" height="10" rx="5" fill={SOFT} />
			<rect x="130" y="142" width="60" height="10" rx="5" fill={SOFT} />
			<rect x="200" y="142" width="60" height="10" rx="5" fill={SOFT} />
		</>
	)
}

/** Two phones showing an app. */
function PhonesArt() {
	return (
		<>
			<rect width="320" height="180" fill={PINK_50} />
			<circle cx="60" cy="40" r="46" fill="var(--color-surface)" opacity="0.7" />
			<circle cx="282" cy="150" r="40" fill={PINK_100} />
			<g transform="rotate(-6 126 96)">
				<rect x="92" y="24" width="72" height="138" rx="14" fill={INK} />
				<rect x="97" y="30" width="62" height="126" rx="10" fill="var(--color-surface)" />
				<rect x="116" y="34" width="24" height="4" rx="2" fill={INK} />
				<rect x="104" y="46" width="48" height="30" rx="6" fill={PINK_100} />
				<circle cx="128" cy="61" r="8" fill={PINK} />
				<rect x="104" y="84" width="36" height="5" rx="2.5" fill={INK} />
				<rect x="104" y="94" width="48" height="4" rx="2" fill={GREY} />
				<rect x="104" y="102" width="40" height="4" rx="2" fill={GREY} />
				<rect x="104" y="116" width="22" height="22" rx="5" fill={SOFT} />
				<rect x="130" y="116" width="22" height="22" rx="5" fill={PINK_300} />
				<rect x="104" y="144" width="48" height="6" rx="3" fill={PINK} />
			</g>
			<g transform="rotate(7 206 92)">
				<Panel x={170} y={20} width={72} height={138} rx={14} />
				<rect x="194" y="26" width="24" height="4" rx="2" fill={GREY} />
				<rect x="180" y="38" width="52" height="8" rx="4" fill={INK} />
				<rect x="180" y="54" width="52" height="18" rx="5" fill={SOFT} />
				<circle cx="190" cy="63" r="5" fill={PINK} />
				<rect x="200" y="60" width="26" height="5" rx="2.5" fill={GREY} />
				<rect x="180" y="78" width="52" height="18" rx="5" fill={SOFT} />
				<circle cx="190" cy="87" r="5" fill={PINK_300} />
				<rect x="200" y="84" width="22" height="5" rx="2.5" fill={GREY} />
				<rect x="180" y="102" width="52" height="18" rx="5" fill={PINK_100} />
				<circle cx="190" cy="111" r="5" fill={PINK} />
				<rect x="200" y="108" width="26" height="5" rx="2.5" fill="var(--color-surface)" />
				<circle cx="206" cy="140" r="8" fill={PINK} />
				<Stroke d="M202 140h8M206 136v8" color="var(--color-surface)" width="2" />
			</g>
		</>
	)
}

/** A results dashboard: bars, a trend line and a ring. */
function DashboardArt() {
	return (
		<>
			<rect width="320" height="180" fill={SOFT} />
			<circle cx="300" cy="20" r="36" fill={PINK_100} opacity="0.8" />
			<Panel x={28} y={24} width={168} height={132} rx={12} />
			<rect x="42" y="38" width="64" height="8" rx="4" fill={INK} />
			<rect x="42" y="51" width="40" height="5" rx="2.5" fill={GREY} />
			<path d="M42 140h140" stroke={LINE} strokeWidth="2" />
			<rect x="50" y="108" width="16" height="32" rx="4" fill={PINK_100} />
			<rect x="76" y="94" width="16" height="46" rx="4" fill={PINK_300} />
			<rect x="102" y="100" width="16" height="40" rx="4" fill={PINK_100} />
			<rect x="128" y="80" width="16" height="60" rx="4" fill={PINK_300} />
			<rect x="154" y="66" width="16" height="74" rx="4" fill={PINK} />
			<Stroke d="M58 98l26-14 26 6 26-20 26-14" color={INK} width="2.5" fill="none" join="round" />
			<circle cx="162" cy="56" r="4" fill="var(--color-surface)" stroke={INK} strokeWidth="2.5" />
			<Panel x={208} y={24} width={86} height={62} rx={12} />
			<circle cx="236" cy="55" r="16" fill="none" stroke={PINK_100} strokeWidth="7" />
			<Stroke d="M236 39a16 16 0 1 1-15.2 21" color={PINK} width="7" fill="none" />
			<rect x="258" y="46" width="26" height="7" rx="3.5" fill={INK} />
			<rect x="258" y="58" width="20" height="5" rx="2.5" fill={GREY} />
			<rect x="208" y="94" width="86" height="62" rx="12" fill={PINK} />
			<Stroke
				d="M222 138l14-14 10 8 18-20"
				color="var(--color-surface)"
				width="3"
				fill="none"
				join="round"
			/>
			<Stroke d="M256 112h8v8" color="var(--color-surface)" width="3" fill="none" join="round" />
			<rect
				x="222"
				y="104"
				width="26"
				height="6"
				rx="3"
				fill="var(--color-surface)"
				opacity="0.7"
			/>
		</>
	)
}

const ART = [BrowserArt, PhonesArt, DashboardArt] as const
const TITLES = [
	msg`Illustration: a website in a browser window`,
	msg`Illustration: two phones showing an app`,
	msg`Illustration: a results dashboard`,
] as const

/** One placeholder illustration (0, 1 or 2); decorative unless given a title. */
export function PlaceholderImage({ variant = 0, className, title }: Props & { variant?: number }) {
	const index = ((variant % ART.length) + ART.length) % ART.length
	const Art = ART[index]!
	return (
		<svg
			viewBox="0 0 320 180"
			className={cx('block h-[auto] w-full', className)}
			preserveAspectRatio="xMidYMid slice"
			{...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
			focusable="false"
		>
			<Art />
		</svg>
	)
}

/** The gallery of a project with no active images: one large and two small illustrations. */
export function PlaceholderGallery({ className }: { className?: string }) {
	const { t } = useLingui()
	const { _ } = useLinguiRuntime()
	return (
		<div
			role="group"
			aria-label={t`Placeholder gallery`}
			className={cx('grid grid-cols-2 gap-3', className)}
		>
			<div className="col-span-2 overflow-hidden rounded-xl">
				<PlaceholderImage variant={0} title={_(TITLES[0])} />
			</div>
			<div className="overflow-hidden rounded-xl">
				<PlaceholderImage variant={1} title={_(TITLES[1])} />
			</div>
			<div className="overflow-hidden rounded-xl">
				<PlaceholderImage variant={2} title={_(TITLES[2])} />
			</div>
		</div>
	)
}

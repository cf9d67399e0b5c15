/** Tagg's own illustrations: simple, flat, brand pink on soft neutrals. */
import { Drawing, Stroke } from './drawing'

type Props = { className?: string }

/** The shadow the drawing stands on. */
function Ground({ cx, cy, rx, ry }: { cx: number; cy: number; rx: number; ry: number }) {
	return <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill="var(--color-line)" />
}

/** A white card with a grey edge. */
function Card(box: { x: number; y: number; width: number; height: number; rx: number }) {
	return <rect {...box} fill="var(--color-surface)" stroke="var(--color-line)" strokeWidth="3" />
}

/** A grey line of text. */
function TextLine(box: { x: number; y: number; width: number; height: number; rx: number }) {
	return <rect {...box} fill="color-mix(in oklab, var(--color-muted) 35%, var(--color-surface))" />
}

export function Illustration404({ className }: Props) {
	return (
		<Drawing viewBox="0 0 240 160" className={className}>
			<Ground cx={120} cy={142} rx={92} ry={10} />
			<Card x={52} y={30} width={136} height={96} rx={14} />
			<rect x="52" y="30" width="136" height="22" rx="14" fill="var(--color-brand-100)" />
			<circle cx="68" cy="41" r="4" fill="var(--color-brand)" />
			<circle cx="81" cy="41" r="4" fill="var(--color-brand-300)" />
			<circle cx="94" cy="41" r="4" fill="var(--color-brand-200)" />
			<Stroke
				d="M98 82l12 12m0-12l-12 12M130 82l12 12m0-12l-12 12"
				color="var(--color-muted)"
				width="4"
			/>
			<Stroke d="M104 112c10-8 22-8 32 0" color="var(--color-brand)" width="4" fill="none" />
		</Drawing>
	)
}

export function IllustrationWelcome({ className }: Props) {
	return (
		<Drawing viewBox="0 0 320 220" className={className}>
			<Ground cx={160} cy={200} rx={128} ry={12} />
			<Card x={70} y={28} width={180} height={150} rx={20} />
			<circle cx="160" cy="74" r="24" fill="var(--color-brand-100)" />
			<circle cx="160" cy="68" r="9" fill="var(--color-brand)" />
			<path d="M143 90c4-9 30-9 34 0" fill="var(--color-brand)" />
			<rect x="110" y="112" width="100" height="9" rx="4.5" fill="var(--color-ink)" />
			<TextLine x={124} y={128} width={72} height={7} rx={3.5} />
			<rect x="100" y="148" width="36" height="14" rx="7" fill="var(--color-brand-100)" />
			<rect x="142" y="148" width="36" height="14" rx="7" fill="var(--color-brand-100)" />
			<rect x="184" y="148" width="36" height="14" rx="7" fill="var(--color-brand-100)" />
			<path
				d="M236 40l14-14a6 6 0 0 1 8.5 0l13 13a6 6 0 0 1 0 8.5l-14 14z"
				fill="var(--color-brand)"
			/>
			<circle cx="252" cy="36" r="3" fill="var(--color-surface)" />
			<circle cx="60" cy="64" r="6" fill="var(--color-brand-300)" />
			<circle cx="270" cy="150" r="5" fill="var(--color-brand-200)" />
		</Drawing>
	)
}

export function IllustrationClaim({ className }: Props) {
	return (
		<Drawing viewBox="0 0 320 220" className={className}>
			<Ground cx={160} cy={202} rx={120} ry={11} />
			<Card x={48} y={40} width={224} height={54} rx={27} />
			<circle cx="78" cy="67" r="11" fill="var(--color-brand-100)" />
			<Stroke d="M73 67h10M78 62v10" color="var(--color-brand)" width="3" />
			<TextLine x={100} y={60} width={70} height={14} rx={7} />
			<rect x="176" y="60" width="72" height="14" rx="7" fill="var(--color-brand)" />
			<Card x={104} y={112} width={112} height={76} rx={14} />
			<g fill="var(--color-brand)">
				<rect x="120" y="126" width="16" height="16" rx="3" />
				<rect x="184" y="126" width="16" height="16" rx="3" />
				<rect x="120" y="158" width="16" height="16" rx="3" />
				<rect x="146" y="136" width="8" height="8" />
				<rect x="160" y="150" width="8" height="8" />
				<rect x="172" y="162" width="8" height="8" />
				<rect x="188" y="162" width="8" height="8" />
				<rect x="150" y="164" width="8" height="8" />
			</g>
			<circle cx="270" cy="130" r="7" fill="var(--color-brand-300)" />
			<circle cx="52" cy="150" r="5" fill="var(--color-brand-200)" />
		</Drawing>
	)
}

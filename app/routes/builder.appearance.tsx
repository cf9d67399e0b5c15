import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react'
import { useCallback, useId, useState, type ReactNode } from 'react'
import { Avatar } from '~/components/avatar'
import { FieldError } from '~/components/editor-fields'
import { EditorForm, useEditor, useSectionReload } from '~/components/editor-form'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LinkIcon, ShareIcon } from '~/components/icons'
import { getProfile } from '~/models/profile.server'
import {
	ACCENT_PRESETS,
	checkAccent,
	FONT_IDS,
	FONT_PAIRINGS,
	HEADER_STYLES,
	normalizeHex,
	THEME_MODES,
	themeCss,
	type Appearance,
	type FontPairing,
	type HeaderStyle,
	type ThemeMode,
} from '~/utils/appearance'
import { requireCustomerId } from '~/services/auth.server'
import { editorClientAction, keepPageWhenSignedOut } from '~/utils/editor'
import { versionOf } from '~/utils/etag.server'
import { cx } from '~/utils/misc'
import { profileEditAction } from '~/services/profile-actions.server'
import { PROFILE_SECTIONS } from '~/services/section-versions.server'
import { noindexMeta } from '~/utils/seo'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const profile = await getProfile(customerId)
	if (!profile) throw new Response('Not found', { status: 404 })
	return {
		// Not `appearance`: the builder itself stays Tagg pink and follows the device (root.tsx).
		saved: profile.appearance,
		version: versionOf(PROFILE_SECTIONS.appearance(profile)),
		preview: {
			firstName: profile.name.firstName,
			lastName: profile.name.lastName,
			designation: profile.designation,
			tagline: profile.tagline,
			pictureUrl: profile.pictureSmallUrl,
			highlight: profile.carHighlights.highOne,
		},
	}
}

export const action = profileEditAction

/** A call that does not arrive is an edit failure ('Please try again'), not an error page. */
export const clientAction = (args: ClientActionFunctionArgs) =>
	editorClientAction<Awaited<ReturnType<typeof action>>>({
		serverAction: () => args.serverAction<typeof action>(),
	})

/** A save refused because the session ended keeps the page, and the editor's draft, as it is. */
export const shouldRevalidate = keepPageWhenSignedOut

const MODE_LABELS: Record<ThemeMode, string> = {
	light: 'Light',
	dark: 'Dark',
	system: 'Follow the device',
}
const HEADER_LABELS: Record<HeaderStyle, string> = {
	gradient: 'Gradient',
	solid: 'Solid',
	none: 'None',
}

export default function AppearancePage() {
	const data = useLoaderData<typeof loader>()
	const { generation, reloading, reload } = useSectionReload(data)
	return (
		<main className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6 sm:py-8">
			<div>
				<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Appearance</h1>
				<p className="text-muted mt-1">
					Your accent colour, light or dark, type and header, on every page visitors see, your QR
					code and your link preview.
				</p>
			</div>
			{/* A reload after a conflict starts again from the latest saved appearance. */}
			<AppearanceEditor key={generation} {...data} reload={{ reload, reloading }} />
		</main>
	)
}

const sameAppearance = (a: Appearance, b: Appearance) =>
	a.accent.toLowerCase() === b.accent.toLowerCase() &&
	a.mode === b.mode &&
	a.font === b.font &&
	a.header === b.header

function AppearanceEditor({
	saved,
	version,
	preview,
	reload,
}: ReturnType<typeof useLoaderData<typeof loader>> & {
	reload: { reload: () => void; reloading: boolean }
}) {
	const [draft, setDraft] = useState<Appearance>(saved)
	// What the owner typed in the colour field (may be incomplete while typing).
	const [typed, setTyped] = useState(saved.accent)
	const typedHex = normalizeHex(typed)
	const check = typedHex ? checkAccent(typedHex) : null
	const onSaved = useCallback(() => {}, [])
	// The page stays open after a save: each save sends the version the page last loaded (it is
	// reloaded after every save), so only a change made elsewhere is a conflict.
	const editor = useEditor(
		'appearance',
		onSaved,
		check?.adjusted ? `Appearance saved, with the accent ${check.accent}` : 'Appearance saved',
	)
	const accentError = typedHex ? undefined : 'Enter a colour such as #d6246e'
	const shown: Appearance = { ...draft, accent: check?.accent ?? draft.accent }
	const chooseAccent = (hex: string) => {
		setTyped(hex)
		setDraft((current) => ({ ...current, accent: hex }))
	}
	return (
		<div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
			{/* The preview stays in view while the owner chooses: beside the form on a wide screen,
			    pinned under the builder's bar on a phone (its top part, the rest scrolls inside). */}
			<section
				aria-labelledby="preview-title"
				data-testid="appearance-preview-panel"
				className="bg-canvas max-lg:border-line sticky top-[3.9rem] z-20 -mx-4 flex flex-col gap-2 px-4 pt-2 pb-3 max-lg:border-b lg:top-20 lg:order-2 lg:mx-0 lg:gap-3 lg:bg-transparent lg:px-0 lg:pt-0 lg:pb-0"
			>
				<h2 id="preview-title" className="text-muted text-sm font-bold tracking-wide uppercase">
					Preview
				</h2>
				<div className="max-lg:max-h-[34svh] max-lg:overflow-y-auto max-lg:overscroll-contain max-lg:rounded-2xl">
					<Preview appearance={shown} {...preview} />
				</div>
			</section>
			{/* The form's sticky button bar keeps the card's rounded corners. */}
			<div className="card p-6 lg:order-1 [&_form>div:last-child]:rounded-b-2xl">
				<EditorForm
					editor={editor}
					reload={reload}
					submitLabel="Save appearance"
					unsaved={!sameAppearance(shown, saved)}
					onSubmit={() => {
						if (!check) return
						editor.submit({ ...draft, accent: check.requested, version })
					}}
				>
					<Choice legend="Accent colour">
						<div className="flex flex-wrap gap-2.5">
							{ACCENT_PRESETS.map((preset) => (
								<label
									key={preset.hex}
									className="relative inline-flex size-11 cursor-pointer items-center justify-center"
									title={preset.name}
								>
									<input
										type="radio"
										name="accent-preset"
										value={preset.hex}
										checked={typedHex === preset.hex}
										onChange={() => chooseAccent(preset.hex)}
										className="peer sr-only"
									/>
									<span
										aria-hidden="true"
										className="peer-checked:ring-ink peer-focus-visible:outline-brand size-9 rounded-full ring-offset-2 ring-offset-[var(--color-surface)] peer-checked:ring-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4"
										style={{ backgroundColor: preset.hex }}
									/>
									<span className="sr-only">
										{preset.name} ({preset.hex})
									</span>
								</label>
							))}
						</div>
						<AccentField
							typed={typed}
							error={accentError ?? editor.errors.accent}
							onType={(value) => {
								setTyped(value)
								const hex = normalizeHex(value)
								if (hex) setDraft((current) => ({ ...current, accent: hex }))
							}}
						/>
						<p role="status" aria-live="polite" className="text-sm">
							{check?.adjusted ? (
								<span className="text-ink">
									<strong>{check.requested}</strong> is too light for text and buttons (WCAG AA).
									Your pages use <strong>{check.accent}</strong>, the nearest shade that passes.
								</span>
							) : check ? (
								<span className="text-muted">
									{check.accent} passes WCAG AA for text and buttons.
								</span>
							) : null}
							{check && draft.mode !== 'light' && check.dark !== check.accent ? (
								<span className="text-muted">
									{' '}
									On dark pages it shows as the lighter {check.dark}.
								</span>
							) : null}
						</p>
					</Choice>
					<Choice legend="Theme">
						<Options
							name="mode"
							options={THEME_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
							value={draft.mode}
							onChange={(mode) => setDraft((current) => ({ ...current, mode }))}
						/>
					</Choice>
					<Choice legend="Type">
						<Options
							name="font"
							options={FONT_IDS.map((font) => ({
								value: font,
								label: FONT_PAIRINGS[font].label,
								detail: fontDetail(font),
								font,
							}))}
							value={draft.font}
							onChange={(font) => setDraft((current) => ({ ...current, font }))}
						/>
					</Choice>
					<Choice legend="Header">
						<Options
							name="header"
							options={HEADER_STYLES.map((header) => ({
								value: header,
								label: HEADER_LABELS[header],
							}))}
							value={draft.header}
							onChange={(header) => setDraft((current) => ({ ...current, header }))}
						/>
					</Choice>
				</EditorForm>
			</div>
		</div>
	)
}

const fontDetail = (font: FontPairing) => {
	const { heading, body } = FONT_PAIRINGS[font]
	return heading === body ? heading : `${heading} and ${body}`
}

function Choice({ legend, children }: { legend: string; children: ReactNode }) {
	return (
		<fieldset className="flex min-w-0 flex-col gap-3">
			<legend className="field-label mb-3 text-base font-semibold">{legend}</legend>
			{children}
		</fieldset>
	)
}

function AccentField({
	typed,
	error,
	onType,
}: {
	typed: string
	error?: string
	onType: (value: string) => void
}) {
	const id = useId()
	const hex = normalizeHex(typed)
	return (
		<div>
			<label htmlFor={`${id}-hex`} className="field-label">
				Or any colour
			</label>
			<div className="flex items-center gap-2.5">
				<input
					type="color"
					aria-label="Pick a colour"
					value={hex ?? '#000000'}
					onChange={(event) => onType(event.target.value)}
					className="border-line bg-surface h-11 w-14 shrink-0 cursor-pointer rounded-xl border p-1"
				/>
				<input
					id={`${id}-hex`}
					value={typed}
					onChange={(event) => onType(event.target.value)}
					spellCheck={false}
					autoComplete="off"
					maxLength={20}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${id}-error` : undefined}
					className="field-input max-w-40 font-mono"
				/>
			</div>
			<FieldError id={`${id}-error`} error={error} />
		</div>
	)
}

function Options<Value extends string>({
	name,
	options,
	value,
	onChange,
}: {
	name: string
	options: Array<{ value: Value; label: string; detail?: string; font?: FontPairing }>
	value: Value
	onChange: (value: Value) => void
}) {
	return (
		<div className="grid gap-2 sm:grid-cols-3">
			{options.map((option) => (
				<label
					key={option.value}
					className={cx(
						'flex min-h-11 cursor-pointer flex-col justify-center rounded-xl border px-3.5 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2',
						option.value === value
							? 'border-brand bg-brand-50 text-brand-800'
							: 'border-line hover:bg-brand-50',
					)}
				>
					<input
						type="radio"
						name={name}
						value={option.value}
						checked={option.value === value}
						onChange={() => onChange(option.value)}
						className="sr-only"
					/>
					<span className="font-semibold" data-font={option.font}>
						{option.label}
					</span>
					{option.detail ? <span className="text-muted text-xs">{option.detail}</span> : null}
				</label>
			))}
		</div>
	)
}

/**
 * The owner's profile header as visitors will see it with the draft appearance: the same
 * colours (a <style> scoped to the preview), theme, type and header band as their pages.
 */
function Preview({
	appearance,
	firstName,
	lastName,
	designation,
	tagline,
	pictureUrl,
	highlight,
}: { appearance: Appearance } & ReturnType<typeof useLoaderData<typeof loader>>['preview']) {
	const name = [firstName, lastName].filter(Boolean).join(' ') || 'Your name'
	return (
		<>
			<style dangerouslySetInnerHTML={{ __html: themeCss(appearance, '#appearance-preview') }} />
			<div
				id="appearance-preview"
				data-testid="appearance-preview"
				data-theme={appearance.mode}
				data-font={appearance.font}
				data-header={appearance.header}
				className="bg-canvas text-ink border-line overflow-hidden rounded-2xl border p-3"
			>
				<div className="card overflow-hidden">
					<div className="header-band h-16" />
					<div className="flex flex-col items-center px-4 pb-5 text-center">
						<div className="header-overlap -mt-10">
							<Avatar
								src={pictureUrl}
								firstName={firstName}
								lastName={lastName}
								className="ring-surface size-20 ring-4"
							/>
						</div>
						<h3 className="mt-3 text-xl font-bold tracking-tight wrap-anywhere">{name}</h3>
						{designation ? (
							<p className="text-brand-700 mt-0.5 text-sm font-medium wrap-anywhere">
								{designation}
							</p>
						) : null}
						{tagline ? (
							<p className="text-ink/80 mt-2 text-sm text-pretty wrap-anywhere">{tagline}</p>
						) : null}
						<div className="mt-4 flex w-full gap-2" aria-hidden="true">
							<span className="btn-primary min-h-10 flex-1 py-2">
								<LinkIcon className="size-4" />
								Find Me
							</span>
							<span className="btn-secondary min-h-10 flex-1 py-2">
								<ShareIcon className="size-4" />
								Share
							</span>
						</div>
					</div>
				</div>
				<div className="card mt-3 p-4">
					<h3 className="text-base font-bold tracking-tight">Career Highlights</h3>
					<div className="bg-brand-50/60 mt-2 rounded-xl p-3">
						<span className="text-brand text-xs font-bold">01</span>
						<p className="mt-0.5 text-sm font-medium wrap-anywhere">
							{highlight || 'Your proudest achievement, in one line.'}
						</p>
					</div>
					<a
						href="#appearance-preview"
						className="text-brand mt-3 inline-block text-sm font-semibold"
					>
						A link on your page
					</a>
				</div>
			</div>
		</>
	)
}

export const meta: MetaFunction = () => noindexMeta('Appearance | Tagg')

export const ErrorBoundary = GeneralErrorBoundary

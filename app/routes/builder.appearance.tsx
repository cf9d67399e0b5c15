import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
	themeStyle,
	type Appearance,
	type FontPairing,
	type HeaderStyle,
	type ThemeMode,
} from '~/utils/appearance'
import { requireCustomerId } from '~/services/auth.server'
import { editorClientAction, keepPageWhenSignedOut } from '~/utils/editor'
import { versionOf } from '~/utils/etag.server'
import { metaI18n, translate } from '~/utils/i18n'
import { serverI18n } from '~/utils/i18n.server'
import { directionOf } from '~/utils/locales'
import { cx } from '~/utils/misc'
import { profileEditAction } from '~/services/profile-actions.server'
import { PROFILE_SECTIONS } from '~/services/section-versions.server'
import { noindexMeta } from '~/utils/seo'

/** The preview's own labels, in the language of the owner's public pages (as visitors read them). */
const PREVIEW_LABELS = {
	findMe: msg`Find Me`,
	share: msg`Share`,
	highlights: msg`Career Highlights`,
	link: msg`A link on your page`,
}

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const profile = await getProfile(customerId)
	if (!profile) throw new Response(null, { status: 404 })
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
			// Visitors read the page in its owner's language, whatever the builder's is.
			locale: profile.language,
			labels: Object.fromEntries(
				Object.entries(PREVIEW_LABELS).map(([key, label]) => [
					key,
					serverI18n(profile.language)._(label),
				]),
			) as Record<keyof typeof PREVIEW_LABELS, string>,
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

const MODE_LABELS: Record<ThemeMode, MessageDescriptor> = {
	light: msg`Light`,
	dark: msg`Dark`,
	system: msg`Follow the device`,
}
const HEADER_LABELS: Record<HeaderStyle, MessageDescriptor> = {
	gradient: msg`Gradient`,
	solid: msg`Solid`,
	none: msg`None`,
}

export default function AppearancePage() {
	const data = useLoaderData<typeof loader>()
	const { generation, reloading, reload } = useSectionReload(data)
	return (
		<main className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6 sm:py-8">
			<div>
				<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
					<Trans>Appearance</Trans>
				</h1>
				<p className="text-muted mt-1">
					<Trans>
						Your accent colour, light or dark, type and header, on every page visitors see, your QR
						code and your link preview.
					</Trans>
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
	const { t, i18n } = useLingui()
	const [draft, setDraft] = useState<Appearance>(saved)
	// What the owner typed in the colour field (may be incomplete while typing).
	const [typed, setTyped] = useState(saved.accent)
	const typedHex = normalizeHex(typed)
	const check = typedHex ? checkAccent(typedHex) : null
	const onSaved = useCallback(() => {}, [])
	// The page stays open after a save: each save sends the version the page last loaded (it is
	// reloaded after every save), so only a change made elsewhere is a conflict.
	const savedAccent = check?.accent
	const editor = useEditor(
		'appearance',
		onSaved,
		check?.adjusted ? t`Appearance saved, with the accent ${savedAccent}` : t`Appearance saved`,
	)
	const savedError = editor.errors.accent
	const accentError = typedHex
		? savedError && translate(i18n, savedError)
		: t`Enter a colour such as #d6246e`
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
					<Trans>Preview</Trans>
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
					submitLabel={t`Save appearance`}
					unsaved={!sameAppearance(shown, saved)}
					onSubmit={() => {
						if (!check) return
						editor.submit({ ...draft, accent: check.requested, version })
					}}
				>
					<Choice legend={t`Accent colour`}>
						<div className="flex flex-wrap gap-2.5">
							{ACCENT_PRESETS.map((preset) => (
								<label
									key={preset.hex}
									className="relative inline-flex size-11 cursor-pointer items-center justify-center"
									title={translate(i18n, preset.name)}
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
										{translate(i18n, preset.name)} ({preset.hex})
									</span>
								</label>
							))}
						</div>
						<AccentField
							typed={typed}
							error={accentError}
							onType={(value) => {
								setTyped(value)
								const hex = normalizeHex(value)
								if (hex) setDraft((current) => ({ ...current, accent: hex }))
							}}
						/>
						<p role="status" aria-live="polite" className="text-sm">
							{check?.adjusted ? (
								<span className="text-ink">
									<AccentCheck requested={check.requested} accent={check.accent} />
								</span>
							) : check ? (
								<span className="text-muted">
									<AccentPasses accent={check.accent} />
								</span>
							) : null}
							{check && draft.mode !== 'light' && check.dark !== check.accent ? (
								<span className="text-muted">
									{' '}
									<DarkShade dark={check.dark} />
								</span>
							) : null}
						</p>
					</Choice>
					<Choice legend={t`Theme`}>
						<Options
							name="mode"
							options={THEME_MODES.map((mode) => ({
								value: mode,
								label: i18n._(MODE_LABELS[mode]),
							}))}
							value={draft.mode}
							onChange={(mode) => setDraft((current) => ({ ...current, mode }))}
						/>
					</Choice>
					<Choice legend={t`Type`}>
						<Options
							name="font"
							options={FONT_IDS.map((font) => ({
								value: font,
								label: translate(i18n, FONT_PAIRINGS[font].label),
								detail: fontDetail(font, i18n),
								font,
							}))}
							value={draft.font}
							onChange={(font) => setDraft((current) => ({ ...current, font }))}
						/>
					</Choice>
					<Choice legend={t`Header`}>
						<Options
							name="header"
							options={HEADER_STYLES.map((header) => ({
								value: header,
								label: i18n._(HEADER_LABELS[header]),
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

/** The fonts of a pairing: 'Inter', or 'Fraunces and Source Serif 4' (their names as they are). */
const fontDetail = (font: FontPairing, i18n: I18n) => {
	const { heading, body } = FONT_PAIRINGS[font]
	return heading === body ? heading : i18n._(msg`${heading} and ${body}`)
}

const AccentPasses = ({ accent }: { accent: string }) => (
	<Trans>
		<bdi>{accent}</bdi> passes WCAG AA for text and buttons.
	</Trans>
)

const DarkShade = ({ dark }: { dark: string }) => (
	<Trans>
		On dark pages it shows as the lighter <bdi>{dark}</bdi>.
	</Trans>
)

/** A typed accent too light to pass, and the shade the pages use instead. */
function AccentCheck({ requested, accent }: { requested: string; accent: string }) {
	return (
		<Trans>
			<strong>
				<bdi>{requested}</bdi>
			</strong>{' '}
			is too light for text and buttons (WCAG AA). Your pages use{' '}
			<strong>
				<bdi>{accent}</bdi>
			</strong>
			, the nearest shade that passes.
		</Trans>
	)
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
	const { t } = useLingui()
	const id = useId()
	const hex = normalizeHex(typed)
	return (
		<div>
			<label htmlFor={`${id}-hex`} className="field-label">
				<Trans>Or any colour</Trans>
			</label>
			<div className="flex items-center gap-2.5">
				<input
					type="color"
					aria-label={t`Pick a colour`}
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
					dir="ltr"
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
 * colours (custom properties in its style attribute), theme, type and header band as their pages.
 */
function Preview({
	appearance,
	firstName,
	lastName,
	designation,
	tagline,
	pictureUrl,
	highlight,
	locale,
	labels,
}: { appearance: Appearance } & ReturnType<typeof useLoaderData<typeof loader>>['preview']) {
	const { t } = useLingui()
	const name = [firstName, lastName].filter(Boolean).join(' ') || t`Your name`
	return (
		<>
			<div
				id="appearance-preview"
				style={themeStyle(appearance)}
				data-testid="appearance-preview"
				data-theme={appearance.mode}
				data-font={appearance.font}
				data-header={appearance.header}
				lang={locale}
				dir={directionOf(locale)}
				className="theme-preview bg-canvas text-ink border-line overflow-hidden rounded-2xl border p-3"
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
						<h3 className="mt-3 text-xl font-bold tracking-tight wrap-anywhere" dir="auto">
							{name}
						</h3>
						{designation ? (
							<p className="text-brand-700 mt-0.5 text-sm font-medium wrap-anywhere" dir="auto">
								{designation}
							</p>
						) : null}
						{tagline ? (
							<p className="text-ink/80 mt-2 text-sm text-pretty wrap-anywhere" dir="auto">
								{tagline}
							</p>
						) : null}
						<div className="mt-4 flex w-full gap-2" aria-hidden="true">
							<span className="btn-primary min-h-10 flex-1 py-2">
								<LinkIcon className="size-4" />
								{labels.findMe}
							</span>
							<span className="btn-secondary min-h-10 flex-1 py-2">
								<ShareIcon className="size-4" />
								{labels.share}
							</span>
						</div>
					</div>
				</div>
				<div className="card mt-3 p-4">
					<h3 className="text-base font-bold tracking-tight">{labels.highlights}</h3>
					<div className="bg-brand-50/60 mt-2 rounded-xl p-3">
						<span className="text-brand text-xs font-bold">01</span>
						<p className="mt-0.5 text-sm font-medium wrap-anywhere" dir="auto">
							{highlight || t`Your proudest achievement, in one line.`}
						</p>
					</div>
					<a
						href="#appearance-preview"
						className="text-brand mt-3 inline-block text-sm font-semibold"
					>
						{labels.link}
					</a>
				</div>
			</div>
		</>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Appearance | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary

/**
 * The builder's edit modals for the profile's blocks: name and place, tagline, social and contact
 * links, career highlights, bio. Each keeps its own draft, submits it as JSON with an intent, and
 * shows the server's field errors next to the fields (the modal that holds them:
 * profile-editors.tsx).
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { useId } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { PROFILE_LIMITS } from '~/utils/field-limits'
import { SOCIAL_FIELDS, type SocialField } from '~/utils/social'
import { joinParagraphs } from '~/utils/text'
import { errorUnder, TextArea, TextInput, TextInputs, type TextFields } from './editor-fields'
import { EditorForm, useEditor, type Reload } from './editor-form'
import { useDraft } from './modal'
import { SOCIAL_META } from './social-icons'

/** What every editor gets: the section's version when it opened, and how to reload it. */
export type Base = { close: () => void; version?: string; reload: Reload }

// ------------------------------------------------------------------ profile blocks

const NAME_FIELDS: TextFields<
	Record<'firstName' | 'lastName' | 'designation' | 'city' | 'country', string>
> = [
	[
		{
			key: 'firstName',
			label: msg`First name`,
			limit: PROFILE_LIMITS.firstName,
			autoComplete: 'given-name',
		},
		{
			key: 'lastName',
			label: msg`Last name`,
			limit: PROFILE_LIMITS.lastName,
			autoComplete: 'family-name',
		},
	],
	{
		key: 'designation',
		label: msg`Designation`,
		placeholder: msg`Product Designer`,
		limit: PROFILE_LIMITS.designation,
		autoComplete: 'organization-title',
	},
	[
		{ key: 'city', label: msg`City`, limit: PROFILE_LIMITS.city, autoComplete: 'address-level2' },
		{
			key: 'country',
			label: msg`Country`,
			limit: PROFILE_LIMITS.country,
			autoComplete: 'country-name',
		},
	],
]

export function NameEditor({ profile, close, version, reload }: Base & { profile: ProfileData }) {
	const [draft, setDraft] = useDraft(() => ({
		firstName: profile.name.firstName,
		lastName: profile.name.lastName,
		designation: profile.designation,
		city: profile.city,
		country: profile.country,
	}))
	const { t } = useLinguiMacro()
	const editor = useEditor('name', close, t`Profile updated`, version)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit(draft)}>
			<TextInputs
				fields={NAME_FIELDS}
				values={draft}
				onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
				errors={editor.errors}
			/>
		</EditorForm>
	)
}

export function TaglineEditor({
	profile,
	close,
	version,
	reload,
}: Base & { profile: ProfileData }) {
	const [tagline, setTagline] = useDraft(() => profile.tagline)
	const { t } = useLinguiMacro()
	const editor = useEditor('tagline', close, t`Tagline updated`, version)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit({ tagline })}>
			<TextInput
				label={t`Tagline`}
				value={tagline}
				onChange={setTagline}
				error={editor.errors.tagline}
				placeholder={t`I design calm software for busy people.`}
				limit={{ chars: PROFILE_LIMITS.tagline }}
			/>
		</EditorForm>
	)
}

/** How each link is typed; the owner's own number, email and site may be filled in. */
const SOCIAL_INPUT: Record<
	SocialField,
	{ type: string; placeholder: string; autoComplete?: string; hint?: MessageDescriptor }
> = {
	// Where a handle names one profile, the field takes it (stored as the profile's URL).
	linkedInUrl: {
		type: 'text',
		placeholder: 'in/you',
		hint: msg`Your in/name, or a link to your profile`,
	},
	xUrl: { type: 'text', placeholder: '@you', hint: msg`Your handle (@name), or a link` },
	igUrl: { type: 'text', placeholder: '@you', hint: msg`Your handle (@name), or a link` },
	fbUrl: { type: 'url', placeholder: 'facebook.com/you' },
	ytUrl: { type: 'text', placeholder: '@you', hint: msg`Your handle (@name), or a link` },
	whatAppBusUrl: { type: 'url', placeholder: 'wa.me/15551234567' },
	mobileNumber: { type: 'tel', placeholder: '+15551234567', autoComplete: 'tel' },
	companySite: { type: 'url', placeholder: 'your-site.com', autoComplete: 'url' },
	email: { type: 'email', placeholder: 'you@example.com', autoComplete: 'email' },
}

export function SocialEditor({
	profile,
	loginEmail,
	close,
	version,
	reload,
}: Base & { profile: ProfileData; loginEmail: string }) {
	const [draft, setDraft] = useDraft(() => ({
		links: Object.fromEntries(
			SOCIAL_FIELDS.map((field) => [field, profile.socialLinks[field] ?? '']),
		) as Record<SocialField, string>,
		hideEmail: profile.hideEmail,
	}))
	const { t, i18n } = useLinguiMacro()
	const editor = useEditor('social', close, t`Links updated`, version)
	const submit = () =>
		editor.submit({
			...Object.fromEntries(
				SOCIAL_FIELDS.map((field) => [field, draft.links[field].trim() || null]),
			),
			hideEmail: draft.hideEmail,
		})
	const contactEmail = draft.links.email.trim()
	const hideId = useId()
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={submit}>
			<div className="grid gap-4 sm:grid-cols-2">
				{SOCIAL_FIELDS.map((field) => (
					<TextInput
						key={field}
						label={
							field === 'email'
								? t`Contact email`
								: field === 'mobileNumber'
									? t`Mobile number`
									: i18n._(SOCIAL_META[field].message)
						}
						type={SOCIAL_INPUT[field].type}
						placeholder={SOCIAL_INPUT[field].placeholder}
						autoComplete={
							SOCIAL_INPUT[field].autoComplete ?? (SOCIAL_INPUT[field].hint ? 'off' : undefined)
						}
						hint={SOCIAL_INPUT[field].hint && i18n._(SOCIAL_INPUT[field].hint)}
						linkOnBlur={Boolean(SOCIAL_INPUT[field].hint)}
						value={draft.links[field]}
						onChange={(value) => setDraft((d) => ({ ...d, links: { ...d.links, [field]: value } }))}
						error={editor.errors[field]}
						limit={field === 'mobileNumber' ? undefined : { chars: PROFILE_LIMITS.link }}
					/>
				))}
			</div>
			{/* Which address visitors see, and the switch that hides it everywhere. */}
			<div className="border-line bg-canvas flex flex-col gap-3 rounded-2xl border p-4">
				<p className="text-sm" aria-live="polite">
					{draft.hideEmail ? (
						<Trans>
							<span className="font-semibold">Visitors see no email address.</span> Your page, Find
							Me and your contact card leave it out.
						</Trans>
					) : contactEmail ? (
						<Trans>
							<span className="font-semibold">Visitors see: </span>
							<span dir="ltr" className="font-mono break-all">
								{contactEmail}
							</span>{' '}
							(your contact email), on your page, in Find Me and in your contact card.
						</Trans>
					) : (
						<Trans>
							<span className="font-semibold">Visitors see: </span>
							<span dir="ltr" className="font-mono break-all">
								{loginEmail}
							</span>{' '}
							(your login email, because the contact email is empty), on your page, in Find Me and
							in your contact card.
						</Trans>
					)}
				</p>
				<label htmlFor={hideId} className="flex items-start gap-2.5 text-sm font-medium">
					<input
						id={hideId}
						type="checkbox"
						className="accent-brand mt-0.5 size-5 shrink-0"
						checked={draft.hideEmail}
						onChange={(event) => setDraft((d) => ({ ...d, hideEmail: event.target.checked }))}
					/>
					<Trans>Hide my email from visitors</Trans>
				</label>
			</div>
		</EditorForm>
	)
}

export function HighlightsEditor({
	profile,
	close,
	version,
	reload,
}: Base & { profile: ProfileData }) {
	const [draft, setDraft] = useDraft(() => ({
		highOne: profile.carHighlights.highOne ?? '',
		highTwo: profile.carHighlights.highTwo ?? '',
		highThree: profile.carHighlights.highThree ?? '',
	}))
	const { t, i18n } = useLinguiMacro()
	const editor = useEditor('highlights', close, t`Highlights updated`, version)
	const keys = ['highOne', 'highTwo', 'highThree'] as const
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() =>
				editor.submit(Object.fromEntries(keys.map((key) => [key, draft[key].trim() || null])))
			}
		>
			{keys.map((key, index) => {
				const number = i18n.number(index + 1)
				return (
					<TextInput
						key={key}
						label={t`Highlight ${number}`}
						value={draft[key]}
						onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
						error={editor.errors[key]}
						limit={{ chars: PROFILE_LIMITS.highlight }}
					/>
				)
			})}
		</EditorForm>
	)
}

export function BioEditor({ profile, close, version, reload }: Base & { profile: ProfileData }) {
	const [bio, setBio] = useDraft(() => joinParagraphs(profile.bio))
	const { t } = useLinguiMacro()
	const editor = useEditor('bio', close, t`Bio updated`, version)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={() => editor.submit({ bio })}>
			<TextArea
				label={t`Bio`}
				rows={10}
				value={bio}
				onChange={setBio}
				error={errorUnder(editor.errors, 'bio')}
				hint={t`Separate paragraphs with a blank line.`}
				limit={{
					paragraphs: PROFILE_LIMITS.bioParagraphs,
					paragraphChars: PROFILE_LIMITS.bioParagraph,
				}}
			/>
		</EditorForm>
	)
}

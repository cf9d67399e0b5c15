/**
 * The builder's edit modal for the profile and the resume: the title, the size and the editor of
 * each section (profile-block-editors.tsx, resume-list-editors.tsx).
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Fragment, useCallback, type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { useSectionReload } from './editor-form'
import { Modal } from './modal'
import { type EditSection } from './profile-sections'
import {
	type Base,
	BioEditor,
	HighlightsEditor,
	NameEditor,
	SocialEditor,
	TaglineEditor,
} from './profile-block-editors'
import {
	AchievementsEditor,
	CertificatesEditor,
	EducationEditor,
	SkillsEditor,
	WorkExpEditor,
} from './resume-list-editors'

const TITLES: Record<Exclude<EditSection, 'picture'>, MessageDescriptor> = {
	name: msg`Edit name and location`,
	tagline: msg`Edit tagline`,
	social: msg`Edit social and contact links`,
	highlights: msg`Edit career highlights`,
	bio: msg`Edit bio`,
	workexp: msg`Edit work experience`,
	education: msg`Edit education`,
	skills: msg`Edit skills`,
	certificates: msg`Edit certificates`,
	achievements: msg`Edit achievements`,
}

/** The sections whose editor needs the large modal. */
const BIG = new Set<EditSection>(['workexp', 'education', 'skills', 'certificates', 'social'])

type EditorInputs = { profile: ProfileData; resume: Resume; loginEmail: string; base: Base }

/** Each section's editor, from what the modal has. */
const EDITORS: Record<Exclude<EditSection, 'picture'>, (inputs: EditorInputs) => ReactNode> = {
	name: ({ profile, base }) => <NameEditor profile={profile} {...base} />,
	tagline: ({ profile, base }) => <TaglineEditor profile={profile} {...base} />,
	social: ({ profile, loginEmail, base }) => (
		<SocialEditor profile={profile} loginEmail={loginEmail} {...base} />
	),
	highlights: ({ profile, base }) => <HighlightsEditor profile={profile} {...base} />,
	bio: ({ profile, base }) => <BioEditor profile={profile} {...base} />,
	workexp: ({ resume, base }) => <WorkExpEditor resume={resume} {...base} />,
	education: ({ resume, base }) => <EducationEditor resume={resume} {...base} />,
	skills: ({ resume, base }) => <SkillsEditor resume={resume} {...base} />,
	certificates: ({ resume, base }) => <CertificatesEditor resume={resume} {...base} />,
	achievements: ({ resume, base }) => <AchievementsEditor resume={resume} {...base} />,
}

/** The modal for the block being edited (the display picture has its own, in the images code). */
export function ProfileEditorModal({
	section,
	onClose,
	profile,
	resume,
	loginEmail,
	versions,
}: {
	section: Exclude<EditSection, 'picture'> | null
	onClose: () => void
	profile: ProfileData
	resume: Resume
	loginEmail: string
	/** Each section's version in the page's data: a stale one is refused when saving. */
	versions: Partial<Record<Exclude<EditSection, 'picture'>, string>>
}) {
	const { _ } = useLingui()
	const close = useCallback(() => onClose(), [onClose])
	const { generation, ...reload } = useSectionReload(versions)
	// A reload starts the editor again (a new key) from the latest saved section.
	const base = section ? { close, version: versions[section], reload } : null
	return (
		<Modal
			open={section !== null}
			onOpenChange={(open) => (open ? null : close())}
			title={section ? _(TITLES[section]) : ''}
			size={section && BIG.has(section) ? 'lg' : 'md'}
		>
			{base && section ? (
				<Fragment key={generation}>
					{EDITORS[section]({ profile, resume, loginEmail, base })}
				</Fragment>
			) : null}
		</Modal>
	)
}

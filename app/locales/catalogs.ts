/**
 * The message catalogs, one per area of the product (docs/decisions/032-i18n-lingui.md). Each
 * source file belongs to exactly one (a test checks it). `client` catalogs are what the builder
 * and the signed-out pages may render in the browser; `server` is mail, the PDF, the vCard,
 * og.png and the API's messages, and never ships to a browser.
 */
export type CatalogName =
	| 'public'
	| 'auth'
	| 'builder-profile'
	| 'builder-portfolio'
	| 'builder-account'
	| 'common'
	| 'server'

export type CatalogDefinition = {
	name: CatalogName
	client: boolean
	/** Globs from the project root. */
	include: string[]
	exclude?: string[]
}

const components = (...names: string[]) => names.map((name) => `app/components/${name}`)

export const CATALOGS: CatalogDefinition[] = [
	{
		name: 'public',
		client: true,
		include: [
			'app/entry.public.ts',
			'app/routes/$pname.*.tsx',
			...components(
				'avatar.tsx',
				'carousel.tsx',
				'find-me-modal.tsx',
				'find-me.tsx',
				'image-viewer.ts',
				'link-icon.tsx',
				'links-section.tsx',
				'page-base.tsx',
				'placeholder-gallery.tsx',
				'portfolio-card.tsx',
				'portfolio-view.tsx',
				'profile-sections.tsx',
				'profile-view.tsx',
				'public-dialogs.tsx',
				'public-page.tsx',
				'public-sheets.tsx',
				'resume-dates.ts',
				'resume-links.tsx',
				'resume-notice.tsx',
				'resume-view.tsx',
				'share-modal.tsx',
				'site-page.tsx',
				'social-icons.tsx',
				'viewer-links.ts',
			),
		],
	},
	{
		name: 'auth',
		client: true,
		include: [
			...[
				'_index',
				'login',
				'signup',
				'set-path',
				'forgot-password',
				'reset-password',
				'confirm-email',
				'privacy',
				'contact',
				'logout',
				'builder_.goodbye',
				'account.notices.$token',
			].map((route) => `app/routes/${route}.tsx`),
			...components('auth-layout.tsx', 'second-step.tsx'),
		],
	},
	{
		name: 'builder-profile',
		client: true,
		include: [
			'app/routes/builder.tsx',
			'app/routes/builder._index.tsx',
			...components(
				'checking-auth.tsx',
				'confirm-hide-resume.tsx',
				'drawing.tsx',
				'editor-fields.tsx',
				'editor-form.tsx',
				'leave-guard.tsx',
				'link-editing.ts',
				'links-editor.tsx',
				'profile-block-editors.tsx',
				'profile-editors.tsx',
				'resume-list-editors.tsx',
				'switch.tsx',
				'view-live.tsx',
			),
		],
	},
	{
		name: 'builder-portfolio',
		client: true,
		include: [
			'app/routes/builder.portfolio.*.tsx',
			...components(
				'discard-when-left.tsx',
				'image-details.tsx',
				'portfolio-editors.tsx',
				'reorder.tsx',
				'tag-picker.tsx',
				'upload-modals.tsx',
			),
		],
	},
	{
		name: 'builder-account',
		client: true,
		include: [
			'app/routes/builder.settings.tsx',
			'app/routes/builder.settings.security.tsx',
			'app/routes/builder.settings_.domain.tsx',
			'app/routes/builder.appearance.tsx',
			'app/routes/builder.import.tsx',
			'app/routes/builder.insights.tsx',
			'app/routes/builder.contacts.tsx',
			...components(
				'account-settings.tsx',
				'insights-names.ts',
				'domain-settings.tsx',
				'settings-section.tsx',
				'sign-in-factors.tsx',
				'sign-in-factors/common.tsx',
				'sign-in-factors/passkeys.tsx',
				'sudo-dialog.tsx',
			),
		],
	},
	{
		name: 'common',
		client: true,
		include: [
			'app/root.tsx',
			'app/routes.ts',
			'app/entry.client.tsx',
			'app/entry.server.tsx',
			'app/data/*.ts',
			'app/utils/*.ts',
			...components(
				'confirm-delete.tsx',
				'error-boundary.tsx',
				'forms.tsx',
				'icons.tsx',
				'illustrations.tsx',
				'logo.tsx',
				'modal.tsx',
				'toaster.tsx',
			),
		],
		exclude: ['app/utils/*.server.ts'],
	},
	{
		name: 'server',
		client: false,
		include: [
			'app/models/*.ts',
			'app/models/*/*.ts',
			'app/services/*.ts',
			'app/services/*.tsx',
			'app/services/*/*.ts',
			'app/services/*/*.tsx',
			'app/utils/*.server.ts',
			'app/routes/*.ts',
		],
	},
]

/**
 * Resume import, the part both sources share: reading the upload, telling a JSON Resume file
 * from a LinkedIn export, fitting what they hold to Tagg's rules (resume-import/fit.server.ts;
 * docs/decisions/012-resume-interchange.md), the preview and the apply.
 */
import { type I18n } from '@lingui/core'
import {
	appendable,
	applyResumeImport,
	getImportBaseline,
	importKeys,
	type ImportMode,
	type ImportSection,
} from '~/models/resume-import.server'
import { appendableLinks, importLinks, linkUrlKey, listOwnLinks } from '~/models/link.server'
import { linkIcon } from '~/data/brand-icons'
import { LINKS_MAX } from '~/utils/links'
import {
	IMPORT_MODES,
	IMPORT_SECTIONS,
	MAX_IMPORT_BYTES,
	SECTION_LABELS,
	ImportError,
	IMPORT_MESSAGES,
	type ImportPreview,
	type ImportSectionKey,
	type ImportText,
	type ProfilePreviewFields,
} from '~/utils/resume-import'
import { apiError, apiOk } from '~/utils/api.server'
import { readJsonResume } from '~/utils/json-resume-import.server'
import { readLinkedInExport } from '~/utils/linkedin-import.server'
import { halvesToRating } from '~/utils/text'
import { readMultipart, UploadError } from '~/utils/upload.server'
import { translate, withValues, type Translatable } from '~/utils/i18n'
import { directionOf, isLocale } from '~/utils/locales'
import { DEFAULT_RATING, type ImportDraft, NOTE, fitImport } from './resume-import/fit.server'

// ---------------------------------------------------------------- reading the request

export type ImportRequest = {
	file: { name: string; data: Buffer } | null
	sections: string[]
	mode: string
	intent: string
}

/**
 * Reads a multipart import request with the bounded multipart reader (app/utils/upload.server.ts):
 * `file` (at most {@link MAX_IMPORT_BYTES}, refused while it arrives when larger), and the small
 * text fields `sections` (a comma list, or the field repeated), `mode` and `intent`.
 */
export async function readImportRequest(request: Request): Promise<ImportRequest> {
	let upload
	try {
		upload = await readMultipart(request, {
			fileField: 'file',
			maxFiles: 1,
			maxFileBytes: MAX_IMPORT_BYTES,
			textFields: ['sections', 'mode', 'intent'],
			maxFieldBytes: 4096,
			messages: {
				notMultipart: IMPORT_MESSAGES.notMultipart,
				tooLarge: IMPORT_MESSAGES.tooLarge,
				tooMany: IMPORT_MESSAGES.oneFile,
			},
		})
	} catch (error) {
		if (error instanceof UploadError) throw new ImportError(error.status, error.message)
		throw error
	}
	const [file] = upload.files
	const text = (name: string) => upload.fields[name]?.at(-1) ?? ''
	return {
		file: file?.data.length ? { name: file.filename, data: file.data } : null,
		sections: (upload.fields.sections ?? [])
			.flatMap((value) => value.split(','))
			.map((section) => section.trim())
			.filter(Boolean),
		mode: text('mode'),
		intent: text('intent'),
	}
}

// ---------------------------------------------------------------- the file

const ZIP_MAGIC = [0x50, 0x4b] // 'PK'

/** Reads an uploaded file as a JSON Resume document or a LinkedIn export, by its content. */
export async function readImportFile(file: { name: string; data: Buffer }): Promise<ImportDraft> {
	const { data } = file
	if (data[0] === ZIP_MAGIC[0] && data[1] === ZIP_MAGIC[1]) {
		return fitImport(await readLinkedInExport(data))
	}
	const text = data.toString('utf8').replace(/^\uFEFF/, '')
	if (text.trimStart().startsWith('{')) {
		return fitImport(readJsonResume(text))
	}
	throw new ImportError(400, IMPORT_MESSAGES.unknownType)
}

// ---------------------------------------------------------------- preview and apply

/** What the file would change, section by section, beside what the owner has now. */
export async function previewImport(
	customerId: string,
	draft: ImportDraft,
): Promise<ImportPreview> {
	const [baseline, ownLinks] = await Promise.all([
		getImportBaseline(customerId),
		draft.data.links ? listOwnLinks(customerId) : [],
	])
	const { data, notes } = draft
	const sections: ImportPreview['sections'] = {}
	if (data.profile) {
		const current: ProfilePreviewFields = {}
		for (const field of Object.keys(data.profile) as Array<keyof ProfilePreviewFields>) {
			const value = baseline.profile?.[field]
			if (Array.isArray(value) ? value.length : value) {
				;(current as Record<string, unknown>)[field] = value
			}
		}
		sections.profile = { fields: data.profile, current, notes: notes.profile ?? [] }
	}
	if (data.links) {
		const owned = ownLinks.map((link) => linkUrlKey(link.url))
		const adds = appendableLinks(owned, data.links).length
		// The file's links the owner has not, beyond what fits in the 50.
		const left =
			new Set(data.links.map((link) => linkUrlKey(link.url)).filter((key) => !owned.includes(key)))
				.size - adds
		sections.links = {
			items: data.links.map((link) => ({
				title: link.title,
				url: link.url,
				icon: linkIcon(link.url, link.icon),
			})),
			current: ownLinks.length,
			appendAdds: adds,
			notes: [
				...(notes.links ?? []),
				...(left > 0 ? [withValues(NOTE.linksFull, { count: left, max: LINKS_MAX })] : []),
			],
		}
	}
	const list = <Input, Item>(
		section: Exclude<ImportSection, 'profile'>,
		items: Input[] | undefined,
		keyOf: (item: Input) => string,
		show: (item: Input) => Item,
	) =>
		items
			? {
					items: items.map(show),
					current: baseline.keys[section].length,
					appendAdds: appendable(baseline.keys[section], items, keyOf).length,
					notes: notes[section] ?? [],
				}
			: undefined
	sections.workExp = list('workExp', data.workExp, importKeys.workExp, (item) => ({ ...item }))
	sections.education = list('education', data.education, importKeys.education, (item) => ({
		eduName: item.eduName,
		eduInstitution: item.eduInstitution,
		eduStartYear: item.eduStartYear,
		endDate: item.eduEndYear,
	}))
	sections.skills = list('skills', data.skills, importKeys.skills, (item) => ({
		skillName: item.skillName,
		rating: halvesToRating(item.halves) ?? DEFAULT_RATING,
	}))
	sections.certificates = list(
		'certificates',
		data.certificates,
		importKeys.certificates,
		(item) => ({
			crtName: item.crtName,
			crtPlat: item.crtPlat,
			crtUrl: item.crtUrl,
			endDate: item.crtYear,
		}),
	)
	sections.achievements = list(
		'achievements',
		data.achievements,
		importKeys.achievements,
		(text) => text,
	)
	for (const key of Object.keys(sections) as Array<keyof typeof sections>) {
		if (sections[key] === undefined) delete sections[key]
	}
	return { source: draft.source, sections, skipped: draft.skipped }
}

/**
 * The preview said in a language (what the /one API answers and the builder page shows): the
 * notes, the skipped values and their reasons as text; the file's own words stay as typed.
 */
export function previewIn(i18n: I18n, preview: ImportPreview): ImportPreview<string> {
	const sections = Object.fromEntries(
		Object.entries(preview.sections).map(([key, section]) => [
			key,
			{ ...section, notes: section.notes.map((note) => said(i18n, note)) },
		]),
	) as ImportPreview<string>['sections']
	return {
		...preview,
		sections,
		skipped: preview.skipped.map((item) => ({
			...item,
			value: said(i18n, item.value),
			reason: said(i18n, item.reason),
		})),
	}
}

/**
 * An import's text in a language: a message translated, the file's words as they are. In a
 * right-to-left language the file's words inside a message are isolated (U+2068 … U+2069), so
 * that a date, a link or a name written left to right keeps its order inside the sentence.
 */
function said(i18n: I18n, text: ImportText): string {
	if (typeof text === 'string') return text
	return translate(
		i18n,
		isLocale(i18n.locale) && directionOf(i18n.locale) === 'rtl' ? isolated(text) : text,
	)
}

/** A message whose text values (the file's words) are bidi-isolated, its inner messages too. */
function isolated(message: Exclude<ImportText, string>): Exclude<ImportText, string> {
	if (!message.values) return message
	const values = Object.fromEntries(
		Object.entries(message.values).map(([key, value]) => [
			key,
			typeof value === 'string'
				? `\u2068${value}\u2069`
				: value && typeof value === 'object' && 'id' in value
					? isolated(value as Exclude<ImportText, string>)
					: value,
		]),
	)
	return { ...message, values }
}

/** The chosen sections and mode of an apply request, checked against what the file has. */
export function readApplyChoice(request: ImportRequest, draft: ImportDraft) {
	const unknown = request.sections.find(
		(section) => !(IMPORT_SECTIONS as readonly string[]).includes(section),
	)
	if (unknown !== undefined) {
		throw new ImportError(
			400,
			`sections: unknown section “${unknown}” (use ${IMPORT_SECTIONS.join(', ')})`,
		)
	}
	const mode = request.mode.trim() || 'replace'
	if (!(IMPORT_MODES as readonly string[]).includes(mode)) {
		throw new ImportError(400, 'mode: use replace or append')
	}
	const chosen = [...new Set(request.sections as ImportSectionKey[])]
	if (!chosen.length) throw new ImportError(400, IMPORT_MESSAGES.noSections)
	const sections = chosen.filter((section) => draft.data[section] !== undefined)
	if (!sections.length) {
		throw new ImportError(
			400,
			`The file has nothing for ${chosen.map((section) => SECTION_LABELS[section]).join(', ')}.`,
		)
	}
	return { sections, mode: mode as ImportMode }
}

/**
 * Writes the chosen sections in one write of the owner: the resume's and the profile's
 * (app/models/resume-import.server.ts) and the owner's links (`importLinks`) in the same
 * transaction, so either all of them change or none does.
 */
export async function applyImport(
	customerId: string,
	draft: ImportDraft,
	choice: { sections: ImportSectionKey[]; mode: ImportMode },
) {
	const links = choice.sections.includes('links') ? draft.data.links : undefined
	const sections = choice.sections.filter(
		(section): section is ImportSection => section !== 'links',
	)
	return applyResumeImport(
		customerId,
		draft.data,
		sections,
		choice.mode,
		links ? (tx) => importLinks(tx, customerId, choice.mode, links) : undefined,
	)
}

/**
 * The /one answer of an import endpoint: reads the request's file into a draft and answers
 * `data` with what `use` makes of it. No file is a 400; an ImportError is its own answer (400,
 * 413 or 415).
 */
export async function apiImport(
	request: Request,
	use: (draft: ImportDraft, upload: ImportRequest) => Promise<unknown>,
) {
	try {
		const upload = await readImportRequest(request)
		if (!upload.file) return apiError(400, IMPORT_MESSAGES.noFile)
		return apiOk({ data: await use(await readImportFile(upload.file), upload) })
	} catch (error) {
		// A refusal with a value in it carries its message of the catalogs (importError).
		if (error instanceof ImportError) {
			const { translatable } = error as { translatable?: Translatable }
			return apiError(error.status, translatable ?? error.message)
		}
		throw error
	}
}

/**
 * The fixed lists in the page's language (docs/translating.md): a list's entry is shown translated
 * (`optionLabel`), its stored key stays English, and an owner's own word is shown as typed.
 */
import { describe, expect, test } from 'vitest'
import { serverI18n } from '~/utils/i18n.server'
import {
	INDUSTRIES,
	OPTION_MESSAGES,
	optionLabel,
	PROJECT_CATEGORIES,
	SKILLS,
	type OptionKind,
} from './options'

const LISTS: Record<OptionKind, readonly string[]> = {
	skill: SKILLS,
	category: PROJECT_CATEGORIES,
	industry: INDUSTRIES,
}

describe('optionLabel', () => {
	test('shows a category and a skill in Spanish and Arabic', () => {
		const es = serverI18n('es')
		const ar = serverI18n('ar')
		expect(optionLabel(es, 'category', 'Web Design')).toBe('Diseño web')
		expect(optionLabel(ar, 'category', 'Web Design')).toBe('تصميم الويب')
		expect(optionLabel(es, 'skill', 'Data Analysis')).toBe('Análisis de datos')
		expect(optionLabel(ar, 'skill', 'Data Analysis')).toBe('تحليل البيانات')
		expect(optionLabel(es, 'industry', 'Healthcare')).toBe('Salud')
		expect(optionLabel(ar, 'industry', 'Healthcare')).toBe('الرعاية الصحية')
	})

	test('keeps English, proper names and an owner’s own words as they are', () => {
		expect(optionLabel(serverI18n('en'), 'category', 'Web Design')).toBe('Web Design')
		expect(optionLabel(serverI18n('es'), 'skill', 'JavaScript')).toBe('JavaScript')
		expect(optionLabel(serverI18n('ar'), 'skill', 'Figma')).toBe('Figma')
		// Not a list's entry (a word of the owner's, or a key in another case): shown as typed.
		expect(optionLabel(serverI18n('es'), 'skill', 'Origami avanzado')).toBe('Origami avanzado')
		expect(optionLabel(serverI18n('ar'), 'category', 'web design')).toBe('web design')
	})

	test('a word reads as its own list says it (context): a skill is not an industry', () => {
		const de = serverI18n('de')
		expect(optionLabel(de, 'industry', 'Education')).toBe('Bildung')
		expect(optionLabel(de, 'skill', 'Education')).toBe('Education')
	})

	test('every declared message names an entry of its own list', () => {
		const declared = OPTION_MESSAGES as ReadonlyArray<{ message: string; context?: string }>
		const strays = declared
			.filter((descriptor) => !LISTS[descriptor.context as OptionKind]?.includes(descriptor.message))
			.map((descriptor) => `${descriptor.context}|${descriptor.message}`)
		expect(strays).toEqual([])
	})
})

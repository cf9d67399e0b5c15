import { describe, expect, test } from 'vitest'
import {
	choicesWithOwn,
	INDUSTRIES,
	isChoiceOrOwn,
	OWN_CHOICE_MAX,
	PROJECT_CATEGORIES,
	SKILLS,
	isCategory,
	isIndustry,
	isSkill,
	uniqueChoices,
} from './options'

const lists = { SKILLS, PROJECT_CATEGORIES, INDUSTRIES }

describe('fixed lists', () => {
	test('have the sizes of the spec', () => {
		expect(SKILLS.length).toBeGreaterThanOrEqual(140)
		expect(SKILLS.length).toBeLessThanOrEqual(160)
		expect(PROJECT_CATEGORIES).toHaveLength(52)
		expect(INDUSTRIES).toHaveLength(51)
	})

	test.each(Object.entries(lists))('%s has no empty, padded or duplicate entries', (_, list) => {
		for (const item of list) {
			expect(item.trim()).toBe(item)
			expect(item).not.toBe('')
		}
		expect(new Set(list.map((i) => i.toLowerCase())).size).toBe(list.length)
	})

	test('contain the examples of the spec', () => {
		for (const s of ['Python', 'React', 'SEO']) expect(SKILLS).toContain(s)
		for (const c of ['UI/UX Design', 'Web Development']) expect(PROJECT_CATEGORIES).toContain(c)
		for (const i of ['E-commerce', 'Renewable Energy']) expect(INDUSTRIES).toContain(i)
	})

	test('the checks match exactly', () => {
		const checks = [
			[isSkill, ['Python'], ['python', ' Python', 'UI/UX Design']],
			[isCategory, ['UI/UX Design'], ['ui/ux design', 'E-commerce']],
			[isIndustry, ['E-commerce', 'Renewable Energy'], ['renewable energy', '']],
		] as const
		for (const [check, yes, no] of checks) {
			for (const value of yes) expect(check(value), value).toBe(true)
			for (const value of no) expect(check(value), value).toBe(false)
		}
	})
})

describe('uniqueChoices', () => {
	test('trims, drops empty and case-insensitive duplicates, keeps first-seen order', () => {
		expect(uniqueChoices([' Go ', '', '   ', 'rust', 'GO', 'Rust', 'go', 'Zig'])).toEqual([
			'Go',
			'rust',
			'Zig',
		])
		expect(uniqueChoices([])).toEqual([])
	})

	test('with an allowed list drops unknown choices and uses the list spelling', () => {
		expect(
			uniqueChoices(['python', 'Cobol-ish', ' React ', 'PYTHON', '', 'seo'], SKILLS),
		).toEqual(['Python', 'React', 'SEO'])
		expect(uniqueChoices(['E-commerce', 'Web Development'], INDUSTRIES)).toEqual(['E-commerce'])
		expect(uniqueChoices(['anything'], [])).toEqual([])
	})

	test('does not change its input', () => {
		const input = [' a ', 'A'] as const
		uniqueChoices(input)
		expect(input).toEqual([' a ', 'A'])
	})
})

describe('choicesWithOwn', () => {
	test('a list entry keeps its key, an own word is kept as typed; repeats in any case dropped', () => {
		expect(choicesWithOwn([' sketch ', 'figma', 'UI/UX Design', 'SKETCH', 'Figma', ''], SKILLS)).toEqual(
			['sketch', 'Figma', 'UI/UX Design'],
		)
	})

	test('isChoiceOrOwn takes trimmed words of 1 to 60 characters', () => {
		expect(isChoiceOrOwn('Python')).toBe(true)
		expect(isChoiceOrOwn('x'.repeat(OWN_CHOICE_MAX))).toBe(true)
		expect(isChoiceOrOwn('x'.repeat(OWN_CHOICE_MAX + 1))).toBe(false)
		expect(isChoiceOrOwn(' Sketch')).toBe(false)
		expect(isChoiceOrOwn('')).toBe(false)
	})
})

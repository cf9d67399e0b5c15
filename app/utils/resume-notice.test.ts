import { describe, expect, test } from 'vitest'
import { emptyingHidesResume, emptyResumeLists, RESUME_PUBLIC, resumeNotice } from './resume-notice'

const FULL = {
	workExp: [{ role: 'Designer' }],
	education: [{ eduName: 'BA' }],
	skills: [{ skillName: 'Figma' }],
	certificates: [{ crtName: 'UX' }],
	achievements: ['Shipped'],
}

describe('resumeNotice', () => {
	test('a resume with all five lists is public', () => {
		expect(resumeNotice(FULL)).toEqual({ hidden: false, text: RESUME_PUBLIC })
	})

	test('names the one empty list', () => {
		expect(resumeNotice({ ...FULL, certificates: [] })).toEqual({
			hidden: true,
			text: 'Your resume is hidden from visitors until Certificates has an entry',
		})
	})

	test('names every empty list in the resume order; blank achievements count as empty', () => {
		expect(
			resumeNotice({ ...FULL, achievements: ['  '], workExp: [], certificates: [] }).text,
		).toBe(
			'Your resume is hidden from visitors until Work Experience, Certificates and Achievements have an entry',
		)
		expect(resumeNotice({ ...FULL, skills: [], education: [] }).text).toBe(
			'Your resume is hidden from visitors until Education and Skills have an entry',
		)
		expect(emptyResumeLists({})).toHaveLength(5)
	})
})

describe('emptyingHidesResume', () => {
	test('true only when every other list has content', () => {
		expect(emptyingHidesResume(FULL, 'certificates')).toBe(true)
		expect(emptyingHidesResume({ ...FULL, certificates: [] }, 'certificates')).toBe(true)
		expect(emptyingHidesResume({ ...FULL, skills: [] }, 'certificates')).toBe(false)
	})
})

describe('in the page’s language', () => {
	test('English with i18n says what it says without', async () => {
		const { serverI18n } = await import('./i18n.server')
		const en = serverI18n('en')
		const empty = { ...FULL, achievements: [], workExp: [], certificates: [] }
		expect(resumeNotice(empty, en)).toEqual(resumeNotice(empty))
		expect(resumeNotice({ ...FULL, skills: [] }, en)).toEqual(resumeNotice({ ...FULL, skills: [] }))
		expect(resumeNotice(FULL, en)).toEqual(resumeNotice(FULL))
	})

	test('names the lists in the language, joined as it joins them', async () => {
		const { serverI18n } = await import('./i18n.server')
		expect(resumeNotice({ ...FULL, skills: [], education: [] }, serverI18n('es')).text).toBe(
			'Tu currículum está oculto para los visitantes hasta que Formación y Habilidades tengan una entrada',
		)
		expect(resumeNotice({ ...FULL, certificates: [] }, serverI18n('ar')).text).toBe(
			'سيرتك الذاتية مخفية عن الزوار حتى يحتوي قسم الشهادات على إدخال',
		)
	})
})

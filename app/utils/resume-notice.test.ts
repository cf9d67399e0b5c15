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

/** The dates of resume entries as the profile and the resume page show them. */
import { type I18n } from '@lingui/core'
import { type Resume } from '~/models/resume.server'
import { workPeriod as period } from '~/utils/text'

/**
 * 'Mar 2021 – Present' (an ongoing position), 'Mar 2021 – Jun 2023', or what is known; the months
 * named in the page's language ('mar 2021 – Actualidad').
 */
export const workPeriod = (
	item: Pick<Resume['workExp'][number], 'startDate' | 'endDate'>,
	i18n: I18n,
) => period(item.startDate, item.endDate, i18n)

/** '2015 – 2019', or the one year known. */
export const educationYears = (
	item: Pick<Resume['education'][number], 'eduStartYear' | 'endDate'>,
) => [item.eduStartYear, item.endDate].filter(Boolean).join(' – ')

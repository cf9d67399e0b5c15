/** The dates of resume entries as the profile and the resume page show them. */
import { type Resume } from '~/models/resume.server'
import { formatMonth, isOngoing } from '~/utils/text'

/** 'Mar 2021 – Present' (an ongoing position), 'Mar 2021 – Jun 2023', or what is known. */
export const workPeriod = (item: Pick<Resume['workExp'][number], 'startDate' | 'endDate'>) =>
	[formatMonth(item.startDate), isOngoing(item.endDate) ? 'Present' : formatMonth(item.endDate)]
		.filter(Boolean)
		.join(' – ')

/** '2015 – 2019', or the one year known. */
export const educationYears = (
	item: Pick<Resume['education'][number], 'eduStartYear' | 'endDate'>,
) => [item.eduStartYear, item.endDate].filter(Boolean).join(' – ')

import { pino } from 'pino'

/** Structured JSON logs on stdout, one line per event. LOG_LEVEL sets the level. */
export const logger = pino({
	level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
	base: undefined,
	timestamp: pino.stdTimeFunctions.isoTime,
})

/**
 * Conflicts caught, never silent: owner reads of a profile field, the resume and a portfolio
 * item carry an `ETag` (a hash of what the read answered); an update that sends `If-Match` with
 * an ETag that is no longer current answers 412 and changes nothing. Without `If-Match` the last
 * writer wins, whole. The builder does the same with a hidden `version` per edited section.
 *
 * The comparison happens inside the write's transaction, with the row locked (see the models),
 * so two writers holding the same ETag cannot both succeed.
 */
import crypto from 'node:crypto'
import { apiError } from './api.server'
import { CONFLICT_MESSAGE } from './editor'
import { msg } from '~/utils/i18n-macro'

/** A strong ETag of a JSON-able value: the same data always gives the same tag. */
export function etagOf(value: unknown) {
	const hash = crypto.createHash('sha256').update(JSON.stringify(value)).digest('base64url')
	return `"${hash.slice(0, 27)}"`
}

/** The version of one builder section: its ETag without the quotes (it travels in JSON). */
export const versionOf = (value: unknown) => etagOf(value).slice(1, -1)

/** Thrown by a write whose precondition no longer holds; the caller answers 412. */
export class PreconditionFailed extends Error {
	override name = 'PreconditionFailed'
	constructor() {
		super(CONFLICT_MESSAGE)
	}
}

/**
 * What a writer expects the current state to be: a check run on the current data inside the
 * write's transaction, which throws {@link PreconditionFailed} when it does not match.
 */
export type Precondition<T> = (current: T | null) => void

/**
 * The ETags of an `If-Match` header: null when absent (no precondition), `'*'` for any current
 * state. Weak tags (`W/"…"`) compare by their opaque part.
 */
export function readIfMatch(request: Request): string[] | '*' | null {
	const header = request.headers.get('if-match')
	if (header === null) return null
	if (header.trim() === '*') return '*'
	return header
		.split(',')
		.map((tag) => tag.trim().replace(/^W\//, ''))
		.filter(Boolean)
}

/**
 * The precondition of an `If-Match` header, comparing the ETag of `represent(current)` with the
 * tags sent; undefined when the request carries no `If-Match`.
 */
export function ifMatchPrecondition<T>(
	request: Request,
	represent: (current: T) => unknown,
): Precondition<T> | undefined {
	const tags = readIfMatch(request)
	if (tags === null) return undefined
	return (current) => {
		if (current === null) throw new PreconditionFailed()
		if (tags === '*') return
		if (!tags.includes(etagOf(represent(current)))) throw new PreconditionFailed()
	}
}

/** The precondition of a builder edit's hidden `version`; undefined when none was sent. */
export function versionPrecondition<T>(
	version: unknown,
	represent: (current: T) => unknown,
): Precondition<T> | undefined {
	if (typeof version !== 'string' || version === '') return undefined
	return (current) => {
		if (current === null || versionOf(represent(current)) !== version) {
			throw new PreconditionFailed()
		}
	}
}

/** The /one API's answer to a stale `If-Match`. */
export const preconditionFailed = () =>
	apiError(
		412,
		msg`This was changed since you read it (If-Match holds an ETag that is no longer current): read it again and retry`,
	)

/** Answers what `update` answers, or {@link preconditionFailed} when its write threw one. */
export async function orPreconditionFailed(update: () => Promise<Response>): Promise<Response> {
	try {
		return await update()
	} catch (error) {
		if (error instanceof PreconditionFailed) return preconditionFailed()
		throw error
	}
}

/** Headers that give a read's `data` its ETag. */
export const etagHeaders = (data: unknown) => ({ ETag: etagOf(data) })

/**
 * Conditional requests for the resume files (/{pname}/resume.json and .pdf): their ETag is the
 * owner's page version (moved by database triggers on every edit, see page-version.server.ts),
 * the language the file is written in (the PDF's), plus this process's start, since a deploy
 * may change how the files are drawn.
 */
import crypto from 'node:crypto'

const PROCESS = crypto.randomBytes(4).toString('hex')

export const versionEtag = (kind: 'json' | 'pdf', version: number, language?: string) =>
	`W/"${kind}-${version.toString(36)}${language ? `-${language}` : ''}-${PROCESS}"`

/** True when the request's If-None-Match names `etag`. */
export function notModified(request: Request, etag: string) {
	const header = request.headers.get('If-None-Match')
	return Boolean(header && header.split(/\s*,\s*/).includes(etag))
}

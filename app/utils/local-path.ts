/**
 * Redirects whose target is built from a request's own path (an owner's domain sending
 * `/{pname}/…` to its short form, the main host sending it to the domain, a previous address,
 * a form's thank-you page). A browser reads a target that starts with two slashes, or a slash
 * and a backslash (`//evil.example/`, `/\evil.example/`), as another site, and drops tabs and
 * line breaks before it does: such a path must not lead there.
 */

/** `path` with exactly one leading slash: the run of slashes, backslashes and control characters it starts with becomes one `/`. */
export function localPath(path: string) {
	// eslint-disable-next-line no-control-regex
	return path.replace(/^[\u0000-\u0020/\\]*/, '/')
}

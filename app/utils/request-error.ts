/**
 * A request refused for what its body holds: the HTTP status (400 unreadable or invalid, 413 too
 * large, 415 not the expected type) and the message the person reads. The upload reader and the
 * resume import each throw their own subclass, so a caller can tell whose refusal it is.
 */
export class RequestError extends Error {
	constructor(
		public status: 400 | 413 | 415,
		message: string,
	) {
		super(message)
	}
}

/**
 * A streamed page ends with `</body></html>` after everything streamed into it. React writes the
 * shell's closing tags when the shell is done and appends what finishes later (Remix's data for
 * hydration, the content of a Suspense boundary) after them: `</body></html><script>…`, which
 * HTML admits nowhere (the W3C checker stops there: "Stray start tag script"). Browsers put such
 * content back into the body; these move the closing tags to the end so the page is valid as
 * sent.
 */

const END = '</body></html>'
const END_BYTES = new TextEncoder().encode(END)

function indexOf(bytes: Uint8Array, pattern: Uint8Array) {
	outer: for (let i = 0; i + pattern.length <= bytes.length; i++) {
		for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer
		return i
	}
	return -1
}

/** How many of the last bytes of `bytes` are the first bytes of `pattern` (a cut across chunks). */
function partialEnd(bytes: Uint8Array, pattern: Uint8Array) {
	for (let length = Math.min(pattern.length - 1, bytes.length); length > 0; length--) {
		let match = true
		for (let j = 0; j < length; j++) {
			if (bytes[bytes.length - length + j] !== pattern[j]) {
				match = false
				break
			}
		}
		if (match) return length
	}
	return 0
}

function concat(a: Uint8Array, b: Uint8Array) {
	if (!a.length) return b
	const joined = new Uint8Array(a.length + b.length)
	joined.set(a)
	joined.set(b, a.length)
	return joined
}

/** The page's stream with its first `</body></html>` held back and sent last. */
export function closingTagsLast(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
	let found = false
	// Bytes that may begin the closing tags, held until the next chunk says.
	let held = new Uint8Array(0)
	return body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				let bytes = concat(held, chunk)
				held = new Uint8Array(0)
				if (!found) {
					const at = indexOf(bytes, END_BYTES)
					if (at >= 0) {
						found = true
						bytes = concat(bytes.subarray(0, at), bytes.subarray(at + END_BYTES.length))
					} else {
						const keep = partialEnd(bytes, END_BYTES)
						held = bytes.slice(bytes.length - keep)
						bytes = bytes.subarray(0, bytes.length - keep)
					}
				}
				if (bytes.length) controller.enqueue(bytes)
			},
			flush(controller) {
				if (held.length) controller.enqueue(held)
				if (found) controller.enqueue(END_BYTES)
			},
		}),
	)
}

/** The same for a page rendered whole. */
export function closingTagsLastText(html: string) {
	const at = html.indexOf(END)
	if (at < 0 || at + END.length === html.length) return html
	return html.slice(0, at) + html.slice(at + END.length) + END
}

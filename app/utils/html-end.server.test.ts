import { describe, expect, test } from 'vitest'
import { closingTagsLast, closingTagsLastText } from './html-end.server'

const SHELL = '<!DOCTYPE html><html lang="ar"><head></head><body><p>مرحبا</p></body></html>'
const LATE = '<!--$--><script>window.__remixContext.streamController.enqueue("…")</script><!--/$-->'
const WANTED = SHELL.replace('</body></html>', '') + LATE + '</body></html>'

/** `text` sent as a stream cut at each of `cuts` (byte offsets). */
function streamOf(text: string, cuts: number[]) {
	const bytes = new TextEncoder().encode(text)
	const edges = [0, ...cuts, bytes.length]
	return new ReadableStream<Uint8Array>({
		start(controller) {
			for (let i = 1; i < edges.length; i++) controller.enqueue(bytes.slice(edges[i - 1], edges[i]))
			controller.close()
		},
	})
}

describe('closingTagsLast', () => {
	test('what streams after the shell goes before </body></html>, wherever the chunks are cut', async () => {
		const length = new TextEncoder().encode(SHELL + LATE).length
		for (let cut = 1; cut < length; cut++) {
			const sent = await new Response(closingTagsLast(streamOf(SHELL + LATE, [cut]))).text()
			expect(sent, `cut at byte ${cut}`).toBe(WANTED)
		}
		// Byte by byte.
		const everyByte = Array.from({ length: length - 1 }, (_, i) => i + 1)
		expect(await new Response(closingTagsLast(streamOf(SHELL + LATE, everyByte))).text()).toBe(
			WANTED,
		)
	})

	test('a page already whole, and one without the closing tags, pass as they are', async () => {
		expect(await new Response(closingTagsLast(streamOf(SHELL, [20]))).text()).toBe(SHELL)
		const fragment = '<p>no document</p></body'
		expect(await new Response(closingTagsLast(streamOf(fragment, [18]))).text()).toBe(fragment)
	})
})

describe('closingTagsLastText', () => {
	test('moves the closing tags to the end of a page rendered whole', () => {
		expect(closingTagsLastText(SHELL + LATE)).toBe(WANTED)
		expect(closingTagsLastText(SHELL)).toBe(SHELL)
		expect(closingTagsLastText('<p>x</p>')).toBe('<p>x</p>')
	})
})

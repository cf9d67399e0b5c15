/**
 * A redirect built from a request's path stays on this site: exactly one leading slash, whatever
 * run of slashes, backslashes or control characters the path starts with.
 */
import { describe, expect, test } from 'vitest'
import { localPath } from './local-path'

describe('localPath', () => {
	test.each([
		['//evil.example/', '/evil.example/'],
		['/\\evil.example/', '/evil.example/'],
		['\\\\evil.example', '/evil.example'],
		['/\\/\\//evil.example/x', '/evil.example/x'],
		['/\t/evil.example', '/evil.example'],
		['///', '/'],
		['', '/'],
		['portfolio', '/portfolio'],
	])('%j → %j', (path, expected) => {
		expect(localPath(path)).toBe(expected)
		// A browser resolves it on this site.
		expect(new URL(localPath(path), 'https://jane.test/a/b').host).toBe('jane.test')
	})

	test('an ordinary path is unchanged, slashes inside it included', () => {
		for (const path of ['/', '/portfolio', '/portfolio/abc', '/a//b', '/a/\\b', '/resume.pdf'])
			expect(localPath(path)).toBe(path)
	})
})

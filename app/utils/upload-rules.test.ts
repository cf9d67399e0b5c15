import { describe, expect, test } from 'vitest'
import { MAX_FILE_BYTES, MAX_FILES } from './images.server'
import { UPLOAD_MESSAGES } from './upload.server'
import {
	checkImageFile,
	formatBytes,
	MAX_UPLOAD_BYTES,
	MAX_UPLOAD_FILES,
	UPLOAD_ERRORS,
} from './upload-rules'

describe('the browser-side upload rules', () => {
	test('are the server rules', () => {
		expect(MAX_UPLOAD_BYTES).toBe(MAX_FILE_BYTES)
		expect(MAX_UPLOAD_FILES).toBe(MAX_FILES)
		expect(UPLOAD_ERRORS.tooLarge).toBe(UPLOAD_MESSAGES.tooLarge)
		expect(UPLOAD_ERRORS.tooMany).toBe(UPLOAD_MESSAGES.tooMany)
	})

	test.each([
		[{ name: 'a.jpg', size: 1000, type: 'image/jpeg' }, null],
		[{ name: 'a.avif', size: 1000, type: '' }, null],
		[{ name: 'big.png', size: 12 * 1024 * 1024, type: 'image/png' }, UPLOAD_ERRORS.tooLarge],
		[{ name: 'exact.png', size: MAX_UPLOAD_BYTES, type: 'image/png' }, null],
		[{ name: 'notes.pdf', size: 1000, type: 'application/pdf' }, UPLOAD_ERRORS.type],
		[{ name: 'photo.heic', size: 1000, type: 'image/heic' }, UPLOAD_ERRORS.type],
		[{ name: 'mystery', size: 1000, type: '' }, UPLOAD_ERRORS.type],
		[{ name: 'empty.webp', size: 0, type: 'image/webp' }, UPLOAD_ERRORS.empty],
	])('%o → %s', (file, expected) => {
		expect(checkImageFile(file)).toBe(expected)
	})

	test('sizes read like a person would say them', () => {
		expect(formatBytes(12 * 1024 * 1024)).toBe('12.0 MB')
		expect(formatBytes(850 * 1024)).toBe('850 KB')
		expect(formatBytes(10)).toBe('1 KB')
	})
})

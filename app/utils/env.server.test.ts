import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseEnv } from './env.server'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-env-'))

describe('environment', () => {
	test('works with nothing set and generates a JWT secret into DATA_DIR', () => {
		const dir = tmp()
		const env = parseEnv({ DATA_DIR: dir })
		expect(env.PORT).toBe(3000)
		expect(env.PUBLIC_SITE_URL).toBe('http://localhost:3000')
		expect(env.STORAGE_DRIVER).toBe('local')
		expect(env.CDN_URL).toBe('http://localhost:3000/cdn')
		expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32)
		expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(env.JWT_SECRET)
		// the same secret on the next start
		expect(parseEnv({ DATA_DIR: dir }).JWT_SECRET).toBe(env.JWT_SECRET)
	})

	test('a bad value names the variable and what is expected', () => {
		expect(() => parseEnv({ PORT: 'eighty' })).toThrow(
			/^Invalid environment variable PORT: expected a port number/,
		)
		expect(() => parseEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(
			/STORAGE_DRIVER: expected 'local' or 's3'/,
		)
		expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
			/DATABASE_URL: expected a postgresql/,
		)
		expect(() => parseEnv({ PUBLIC_SITE_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_SITE_URL/)
	})

	test('production requires JWT_SECRET', () => {
		expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(
			/JWT_SECRET: expected at least 32 characters \(required in production\)/,
		)
		const env = parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmp() })
		expect(env.isProduction).toBe(true)
	})

	test('s3 needs a bucket and derives the public URL from the endpoint', () => {
		expect(() => parseEnv({ STORAGE_DRIVER: 's3', DATA_DIR: tmp() })).toThrow(/S3_BUCKET/)
		const env = parseEnv({
			STORAGE_DRIVER: 's3',
			S3_BUCKET: 'tagg',
			S3_ENDPOINT: 'http://127.0.0.1:9000/',
			S3_FORCE_PATH_STYLE: 'true',
			DATA_DIR: tmp(),
		})
		expect(env.CDN_URL).toBe('http://127.0.0.1:9000/tagg')
		expect(
			parseEnv({
				STORAGE_DRIVER: 's3',
				S3_BUCKET: 'b',
				CDN_URL: 'https://cdn.example.com/',
				DATA_DIR: tmp(),
			}).CDN_URL,
		).toBe('https://cdn.example.com')
	})

	test('mail: SMTP_URL must be smtp:// or smtps://, MAIL_FROM defaults to the site host', () => {
		const env = parseEnv({ DATA_DIR: tmp(), PUBLIC_SITE_URL: 'https://tagg.example.com:8443' })
		expect(env.SMTP_URL).toBeUndefined()
		expect(env.MAIL_FROM).toBe('Tagg <no-reply@tagg.example.com>')
		expect(() => parseEnv({ DATA_DIR: tmp(), SMTP_URL: 'http://mail.example.com' })).toThrow(
			/^Invalid environment variable SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL/,
		)
		const configured = parseEnv({
			DATA_DIR: tmp(),
			SMTP_URL: 'smtps://user:secret@mail.example.com:465',
			MAIL_FROM: 'Jane <jane@example.com>',
		})
		expect(configured.SMTP_URL).toBe('smtps://user:secret@mail.example.com:465')
		expect(configured.MAIL_FROM).toBe('Jane <jane@example.com>')
	})
})

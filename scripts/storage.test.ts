import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { runScript } from '#tests/run-script'
import { startS3rver, type S3rver } from '#tests/s3rver'
import { addPortfolioImages } from '~/models/image.server'
import { createPortfolio } from '~/models/portfolio.server'
import { createStorageFromEnv } from '~/utils/storage.server'
import { parseEnv } from '~/utils/env.server'

let s3: S3rver
beforeAll(async () => {
	s3 = await startS3rver({ bucket: 'tagg-migrate' })
})
afterAll(async () => {
	await s3?.stop()
})

const s3Env = () => ({
	S3_BUCKET: s3.bucket,
	S3_ENDPOINT: s3.endpoint,
	S3_FORCE_PATH_STYLE: 'true',
	AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
	AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
	AWS_REGION: s3.region,
})

async function ownerWithImage() {
	const owner = await createOwner()
	const item = await createPortfolio(owner.id)
	const image = await sharp({
		create: { width: 320, height: 180, channels: 3, background: '#d6246e' },
	})
		.png()
		.toBuffer()
	await addPortfolioImages(owner.id, item.portfolioId, [image])
	return { owner, item }
}

describe('npm run storage:gc', () => {
	test('deletes unreferenced objects and keeps referenced ones', async () => {
		await ownerWithImage()
		const uploads = path.join(process.env.DATA_DIR!, 'uploads')
		const orphan = path.join(uploads, 'someone/portfolio/gone/orphan.webp')
		fs.mkdirSync(path.dirname(orphan), { recursive: true })
		fs.writeFileSync(orphan, 'x')
		const dry = await runScript('storage.ts', ['gc', '--grace', '0', '--dry-run'])
		expect(dry.code).toBe(0)
		expect(dry.stdout).toContain('would delete someone/portfolio/gone/orphan.webp')
		expect(fs.existsSync(orphan)).toBe(true)
		const real = await runScript('storage.ts', ['gc', '--grace', '0'])
		expect(real.code).toBe(0)
		expect(real.stdout).toMatch(/1 unreferenced of \d+ objects deleted/)
		expect(fs.existsSync(orphan)).toBe(false)
		const kept = (await fs.promises.readdir(uploads, { recursive: true })).filter((name) =>
			String(name).endsWith('.webp'),
		)
		expect(kept.length).toBeGreaterThanOrEqual(2)
	})

	test('bad input exits non-zero with usage', async () => {
		const result = await runScript('storage.ts', ['gc', '--grace', 'soon'])
		expect(result.code).not.toBe(0)
		expect(result.stderr).toContain('--grace takes a number of seconds')
		const unknown = await runScript('storage.ts', ['shred'])
		expect(unknown.code).toBe(2)
		expect(unknown.stderr).toContain('Usage:')
	})
})

describe('npm run storage:migrate', () => {
	test('copies every object from local disk to the bucket, and a second run copies nothing', async () => {
		await ownerWithImage()
		const first = await runScript(
			'storage.ts',
			['migrate', '--from', 'local', '--to', 's3'],
			s3Env(),
		)
		expect(first.stderr).not.toMatch(/error/i)
		expect(first.code).toBe(0)
		const copied = Number(/Copied (\d+) objects/.exec(first.stdout)?.[1])
		expect(copied).toBeGreaterThanOrEqual(2)
		const second = await runScript(
			'storage.ts',
			['migrate', '--from', 'local', '--to', 's3'],
			s3Env(),
		)
		expect(second.stdout).toContain('Copied 0 objects')

		Object.assign(process.env, s3Env())
		const bucket = createStorageFromEnv(parseEnv({ ...process.env, STORAGE_DRIVER: 's3' }), 's3')
		const keys: string[] = []
		for await (const key of bucket.list()) keys.push(key)
		expect(keys.length).toBe(copied)
	})

	test('refuses a missing or identical driver', async () => {
		expect((await runScript('storage.ts', ['migrate', '--from', 'local'])).code).toBe(2)
		expect(
			(await runScript('storage.ts', ['migrate', '--from', 's3', '--to', 's3'])).stderr,
		).toContain('must differ')
	})
})

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { cloneTemplate, dropDatabase } from '#tests/db-utils'
import { snapshotAccount, uniqueEmail } from '#tests/factories'
import { DEMO_OWNER, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { runScript } from '#tests/run-script'
import {
	AccountTransferError,
	bundleFromFiles,
	importAccount,
	type AccountDocument,
} from '~/models/account-transfer.server'
import { listCustomers } from '~/models/customer.server'
import { setImageDetails } from '~/models/image.server'
import { updatePortfolio } from '~/models/portfolio.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import { storage } from '~/utils/storage.server'
import { createTar, createTarGz, readTarGz, type TarEntry } from '../app/utils/tar.server'

const baseUrl = inject('databaseBaseUrl')
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-transfer-'))
const databases: string[] = []

/** Another, empty deployment: its own migrated database and DATA_DIR. */
async function newDeployment() {
	const name = `tagg_transfer_${crypto.randomBytes(4).toString('hex')}`
	databases.push(name)
	const dataDir = fs.mkdtempSync(path.join(workDir, 'deployment-'))
	return { env: { DATABASE_URL: await cloneTemplate(baseUrl, name), DATA_DIR: dataDir }, dataDir }
}

/** The files under a DATA_DIR's local storage. */
function storedFiles(dataDir: string) {
	const uploads = path.join(dataDir, 'uploads')
	if (!fs.existsSync(uploads)) return []
	return fs
		.readdirSync(uploads, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)))
		.sort()
}

function readArchive(file: string) {
	const files = readTarGz(fs.readFileSync(file))
	const document = JSON.parse(
		files.find((entry) => entry.name === 'document.json')!.data.toString('utf8'),
	) as AccountDocument
	return { files, document }
}

/** The archive's files with document.json replaced by `change(document)`. */
function rewriteArchive(file: string, out: string, change: (document: AccountDocument) => unknown) {
	const { files, document } = readArchive(file)
	const data = Buffer.from(JSON.stringify(change(structuredClone(document))))
	const entries: TarEntry[] = files.map((entry) =>
		entry.name === 'document.json' ? { name: entry.name, data } : entry,
	)
	fs.writeFileSync(out, createTarGz(entries))
	return out
}

const withoutExportTime = ({ exportedAt: _, ...document }: AccountDocument) => document

let demoId: string
let demoArchive: string

beforeAll(async () => {
	demoId = (await seedDemoOwner()).customerId
	// What the owner writes about a project and an image travels too.
	const [first] = await listPortfolios(demoId, 'all')
	await updatePortfolio(demoId, first!.portfolioId, { link: 'https://example.com/live-work' })
	await setImageDetails(demoId, first!.portfolioId, first!.displayImages[0]!.pProductImageId, {
		caption: 'The first screen',
		alt: 'A phone showing the first screen',
		focalPoint: { x: 30, y: 10 },
	})
	demoArchive = path.join(workDir, 'maya.tar.gz')
	const result = await runScript('export.ts', [DEMO_OWNER.path, '--out', demoArchive])
	expect(result.stderr).toBe('')
	expect(result.code).toBe(0)
}, 120_000)

afterAll(async () => {
	for (const name of databases) await dropDatabase(baseUrl, name)
	fs.rmSync(workDir, { recursive: true, force: true })
})

describe('npm run export', () => {
	test('writes document.json and images/<sha256>.webp, with no database id or object key in the document', async () => {
		const { files, document } = readArchive(demoArchive)
		expect(files[0]!.name).toBe('document.json')
		expect(document).toMatchObject({ format: 'tagg-account-export', version: 1 })
		expect(document.account.email).toBe(DEMO_OWNER.email)
		expect(await bcrypt.compare(DEMO_OWNER.password, document.account.passwordHash!)).toBe(true)
		expect(document.portfolio).toHaveLength(6)

		const text = files[0]!.data.toString('utf8')
		const snapshot = await snapshotAccount(demoId)
		for (const id of [
			demoId,
			...snapshot.portfolios.map((item) => item.portfolioId),
			...snapshot.portfolios.flatMap((item) => item.displayImages.map((i) => i.pProductImageId)),
		]) {
			expect(text).not.toContain(id)
		}
		expect(text).not.toMatch(/\.webp|https?:\/\/tagg\.test/)

		// Each image file is named by the SHA-256 of its bytes, and each one is referenced.
		const images = files.filter((entry) => entry.name !== 'document.json')
		for (const image of images) {
			const hash = crypto.createHash('sha256').update(image.data).digest('hex')
			expect(image.name).toBe(`images/${hash}.webp`)
			expect(text).toContain(hash)
		}
		// One file per distinct content: an image no larger than its gallery rendition has a large
		// rendition of the same bytes, stored twice but archived once.
		const contents = new Set<string>()
		for (const key of snapshot.storedObjects) {
			const object = await storage().get(key)
			contents.add(crypto.createHash('sha256').update(object!).digest('hex'))
		}
		expect(images).toHaveLength(contents.size)
	})

	test('the default file name is <pname>-tagg-export.tar.gz', async () => {
		// `npm run` runs scripts from the package root and says where the command was typed.
		const dir = fs.mkdtempSync(path.join(workDir, 'cwd-'))
		const result = await runScript('export.ts', [DEMO_OWNER.email], { INIT_CWD: dir })
		expect(result.stderr).toBe('')
		expect(result.code).toBe(0)
		expect(fs.readdirSync(dir)).toEqual([`${DEMO_OWNER.path}-tagg-export.tar.gz`])
	}, 30_000)

	test('an unknown owner, a missing or unknown argument: a message and a non-zero exit', async () => {
		const [nobody, help, missing, noFile, unknown] = await Promise.all([
			runScript('export.ts', ['nobody-here']),
			runScript('export.ts', ['--help']),
			runScript('export.ts'),
			runScript('export.ts', [DEMO_OWNER.path, '--out']),
			runScript('export.ts', [DEMO_OWNER.path, '--zip']),
		])
		expect(nobody.code).toBe(1)
		expect(nobody.stderr).toContain('No owner matches "nobody-here"')
		expect(help.code).toBe(0)
		expect(help.stdout).toContain('Usage: npm run export -- <owner> [--out FILE]')
		expect(missing.code).toBe(2)
		expect(missing.stderr).toContain('Usage:')
		expect(noFile.code).toBe(2)
		expect(noFile.stderr).toContain('--out needs a file name')
		expect(unknown.code).toBe(2)
		expect(unknown.stderr).toContain('Unknown option: --zip')
	}, 60_000)
})

describe('npm run import', () => {
	test('restores the account on another deployment: exporting it there gives the same document', async () => {
		const target = await newDeployment()
		const imported = await runScript('import.ts', [demoArchive], target.env)
		expect(imported.stderr).toBe('')
		expect(imported.code).toBe(0)
		expect(imported.stdout).toContain(`Imported ${DEMO_OWNER.email} at /${DEMO_OWNER.path}`)

		const again = path.join(workDir, 'maya-again.tar.gz')
		const exported = await runScript('export.ts', [DEMO_OWNER.path, '--out', again], target.env)
		expect(exported.code).toBe(0)
		const before = readArchive(demoArchive)
		const after = readArchive(again)
		expect(withoutExportTime(after.document)).toEqual(withoutExportTime(before.document))
		expect(after.document.portfolio[0]).toMatchObject({ link: 'https://example.com/live-work' })
		expect(after.document.portfolio[0]!.images[0]).toMatchObject({
			caption: 'The first screen',
			alt: 'A phone showing the first screen',
			focalPoint: { x: 30, y: 10 },
			large: expect.stringMatching(/^[0-9a-f]{64}$/),
		})
		expect(after.files.map((entry) => entry.name)).toEqual(before.files.map((entry) => entry.name))
		for (const [index, entry] of after.files.entries()) {
			if (entry.name !== 'document.json')
				expect(entry.data.equals(before.files[index]!.data)).toBe(true)
		}
		// The same password works there (the hash travelled), and the objects are in its storage.
		expect(await bcrypt.compare(DEMO_OWNER.password, after.document.account.passwordHash!)).toBe(
			true,
		)
		const objects = storedFiles(target.dataDir)
		const contents = new Set(
			objects.map((file) =>
				crypto
					.createHash('sha256')
					.update(fs.readFileSync(path.join(target.dataDir, 'uploads', file)))
					.digest('hex'),
			),
		)
		expect(contents.size).toBe(before.files.length - 1)
		// Every large rendition is stored beside its gallery one.
		expect(objects.filter((file) => file.endsWith('-large.webp'))).toHaveLength(
			objects.filter((file) => file.includes('/portfolio/') && !/-(card|large)\.webp$/.test(file))
				.length,
		)
	}, 60_000)

	test('the appearance travels; an archive from before appearances imports with the default look', async () => {
		expect(readArchive(demoArchive).document.profile.appearance).toEqual({
			accent: '#d6246e',
			mode: 'light',
			font: 'modern',
			header: 'gradient',
		})
		const themed = { accent: '#6d28d9', mode: 'dark', font: 'friendly', header: 'none' } as const
		const cases = [
			{
				file: rewriteArchive(demoArchive, path.join(workDir, 'themed.tar.gz'), (document) => {
					document.profile.appearance = { ...themed }
					return document
				}),
				expected: themed,
			},
			{
				// Written before the appearance existed: no `appearance` in the profile.
				file: rewriteArchive(demoArchive, path.join(workDir, 'older.tar.gz'), (document) => {
					const { appearance: _, ...profile } = document.profile
					return { ...document, profile }
				}),
				expected: { accent: '#d6246e', mode: 'light', font: 'modern', header: 'gradient' },
			},
		]
		for (const { file, expected } of cases) {
			const target = await newDeployment()
			const imported = await runScript('import.ts', [file], target.env)
			expect(imported.stderr).toBe('')
			expect(imported.code).toBe(0)
			const again = path.join(workDir, `again-${path.basename(file)}`)
			expect(
				(await runScript('export.ts', [DEMO_OWNER.path, '--out', again], target.env)).code,
			).toBe(0)
			expect(readArchive(again).document.profile.appearance).toEqual(expected)
		}
	}, 60_000)

	test('a taken path is refused with nothing written; --path claims another one', async () => {
		const target = await newDeployment()
		expect((await runScript('import.ts', [demoArchive], target.env)).code).toBe(0)
		const files = storedFiles(target.dataDir)
		// Another owner (another email) who had the same path on their old deployment.
		const other = rewriteArchive(demoArchive, path.join(workDir, 'other.tar.gz'), (document) => {
			document.account.email = 'someone.else@example.com'
			return document
		})

		const [refused, reserved] = await Promise.all([
			runScript('import.ts', [other], target.env),
			runScript('import.ts', [other, '--path', 'builder'], target.env),
		])
		expect(refused.code).toBe(1)
		expect(refused.stderr).toContain(`The path /${DEMO_OWNER.path} is already taken`)
		expect(refused.stderr).toContain('--path NEW')
		expect(refused.stderr).toContain('Nothing was imported.')
		expect(reserved.code).toBe(1)
		expect(reserved.stderr).toContain('This name is reserved')
		expect(storedFiles(target.dataDir)).toEqual(files)

		const renamed = await runScript('import.ts', [other, '--path', 'Maya-Elsewhere'], target.env)
		expect(renamed.stderr).toBe('')
		expect(renamed.code).toBe(0)
		expect(renamed.stdout).toContain('Imported someone.else@example.com at /Maya-Elsewhere')
		const list = (await runScript('admin.ts', ['list'], target.env)).stdout
		expect(list).toContain(`${DEMO_OWNER.email}\t/${DEMO_OWNER.path}\tactive`)
		expect(list).toContain('someone.else@example.com\t/Maya-Elsewhere\tactive')
		expect(list).toContain('2 owner(s).')
	}, 60_000)

	test('an email that exists here is refused with a clear message, and nothing is written', async () => {
		const owners = await listCustomers()
		const files = storedFiles(process.env.DATA_DIR!)
		const result = await runScript('import.ts', [demoArchive, '--path', 'Another-Maya'])
		expect(result.code).toBe(1)
		expect(result.stderr).toContain(
			`An account with the email ${DEMO_OWNER.email} already exists on this deployment.`,
		)
		expect(result.stderr).toContain('Nothing was imported.')
		expect(await listCustomers()).toEqual(owners)
		expect(storedFiles(process.env.DATA_DIR!)).toEqual(files)
	}, 30_000)

	test('when the transaction fails (a race for the same email), the stored images are removed again', async () => {
		const { files } = readArchive(demoArchive)
		const bundle = await bundleFromFiles(files)
		bundle.document.account.email = uniqueEmail('race')
		const results = await Promise.allSettled([
			importAccount(bundle, { path: 'Race-One' }),
			importAccount(bundle, { path: 'Race-Two' }),
		])
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		const failure = results.find((result) => result.status === 'rejected')
		expect(failure?.reason).toBeInstanceOf(AccountTransferError)
		expect((failure?.reason as AccountTransferError).reason).toBe('email-taken')
		// Every stored object belongs to an owner that exists.
		const owners = new Set((await listCustomers()).map((owner) => owner.id))
		for await (const key of storage().list()) expect(owners).toContain(key.split('/')[0])
	}, 30_000)

	test('a damaged archive, an older format version and a file that is no archive are refused', async () => {
		const target = await newDeployment()
		const bytes = fs.readFileSync(demoArchive)

		const damaged = Buffer.from(bytes)
		for (let i = 0; i < 64; i++) damaged[Math.floor(damaged.length / 2) + i]! ^= 0xff
		const damagedFile = path.join(workDir, 'damaged.tar.gz')
		fs.writeFileSync(damagedFile, damaged)

		const truncatedFile = path.join(workDir, 'truncated.tar.gz')
		fs.writeFileSync(truncatedFile, bytes.subarray(0, Math.floor(bytes.length / 2)))

		const oldFile = rewriteArchive(demoArchive, path.join(workDir, 'old.tar.gz'), (document) => ({
			...document,
			version: 0,
		}))
		const textFile = path.join(workDir, 'notes.txt')
		fs.writeFileSync(textFile, 'These are not the archives you are looking for.\n')
		const jsonFile = path.join(workDir, 'document.json')
		fs.writeFileSync(jsonFile, JSON.stringify(readArchive(demoArchive).document))

		const cases: Array<[string, RegExp]> = [
			[damagedFile, /is not a Tagg account export: the archive is damaged/],
			[truncatedFile, /is not a Tagg account export: the archive is damaged/],
			[oldFile, /format version 0, which this Tagg no longer reads \(it reads version 1\)/],
			[textFile, /is not a Tagg account export: not a gzipped tar archive/],
			[jsonFile, /is not a Tagg account export: not a gzipped tar archive/],
		]
		const results = await Promise.all(
			cases.map(([file]) => runScript('import.ts', [file], target.env)),
		)
		for (const [index, [file, message]] of cases.entries()) {
			const result = results[index]!
			expect(result.code, file).not.toBe(0)
			expect(result.stderr, file).toMatch(message)
			expect(result.stderr, file).toContain('Nothing was imported.')
		}
		const missingImage = rewriteArchive(
			demoArchive,
			path.join(workDir, 'tampered.tar.gz'),
			(document) => {
				document.portfolio[0]!.images[0]!.image = 'f'.repeat(64)
				return document
			},
		)
		const tampered = await runScript('import.ts', [missingImage], target.env)
		expect(tampered.code).toBe(1)
		expect(tampered.stderr).toContain(`The archive is incomplete: images/${'f'.repeat(64)}.webp`)

		expect(storedFiles(target.dataDir)).toEqual([])
		expect((await runScript('admin.ts', ['list'], target.env)).stdout).toContain('No owners yet.')
	}, 120_000)

	test('a hostile archive (a gzip bomb) is refused on one line naming the limit, and nothing is written', async () => {
		const target = await newDeployment()
		// The document, then a file whose header declares 900 MB (a gzip bomb needs no more).
		const document = readArchive(demoArchive).files.find((f) => f.name === 'document.json')!
		const bomb = createTar([document, { name: 'notes/zeros.bin', data: Buffer.alloc(0) }], 0)
		const header = bomb.subarray(512 + Math.ceil(document.data.length / 512) * 512)
		header.write((900 * 1024 * 1024).toString(8).padStart(11, '0') + '\u0000', 124, 12, 'latin1')
		header.fill(0x20, 148, 156)
		let sum = 0
		for (const byte of header.subarray(0, 512)) sum += byte
		header.write(sum.toString(8).padStart(6, '0') + '\u0000 ', 148, 8, 'latin1')
		const file = path.join(workDir, 'bomb.tar.gz')
		fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([bomb, Buffer.alloc(64 * 1024)])))

		const result = await runScript('import.ts', [file], target.env)
		expect(result.code).toBe(1)
		expect(result.stderr.trim()).toBe(
			`${file} was refused: notes/zeros.bin would unpack to 900 MB, more than the 32 MB one file may hold. Nothing was imported.`,
		)
		expect(storedFiles(target.dataDir)).toEqual([])
	}, 60_000)

	test('--help prints usage; a missing or unknown argument exits non-zero', async () => {
		const [help, missing, noPath, absent] = await Promise.all([
			runScript('import.ts', ['--help']),
			runScript('import.ts'),
			runScript('import.ts', [demoArchive, '--path']),
			runScript('import.ts', [path.join(workDir, 'absent.tar.gz')]),
		])
		expect(help.code).toBe(0)
		expect(help.stdout).toContain('Usage: npm run import -- <file> [--path NEW]')
		expect(missing.code).toBe(2)
		expect(missing.stderr).toContain('Name the archive to import.')
		expect(noPath.code).toBe(2)
		expect(noPath.stderr).toContain('--path needs a name')
		expect(absent.code).toBe(2)
		expect(absent.stderr).toContain('Cannot read')
	}, 60_000)
})

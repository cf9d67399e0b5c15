/**
 * The tar reader on its own: what it keeps, what it refuses (naming the limit), and that it
 * reads a file on disk as a stream. The memory and event-loop bounds of hostile archives are
 * measured in tests/bounded-cost.test.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import {
	createTar,
	createTarGz,
	formatBytes,
	readTarGz,
	TarError,
	unpackTarGz,
	type TarBudget,
} from './tar.server'

const text = (value: string) => Buffer.from(value, 'utf8')

/** One member with any type flag (`x` pax record, `L` GNU long name, `5` directory, …). */
function member(name: string, data: Buffer, type = '0') {
	const blocks = createTar([{ name: 'placeholder', data }], 0).subarray(0, -1024)
	const header = blocks.subarray(0, 512)
	header.fill(0, 0, 100)
	header.write(name, 0, 100, 'utf8')
	header[156] = type.charCodeAt(0)
	header.fill(0x20, 148, 156)
	let sum = 0
	for (const byte of header) sum += byte
	header.write(sum.toString(8).padStart(6, '0') + '\u0000 ', 148, 8, 'latin1')
	return Buffer.from(blocks)
}

function paxRecord(key: string, value: string) {
	const body = ` ${key}=${value}\n`
	let length = body.length + 1
	while (String(length).length + body.length !== length) length++
	return text(`${length}${body}`)
}

const END = Buffer.alloc(1024)
const gz = (...parts: Buffer[]) => zlib.gzipSync(Buffer.concat(parts))

async function refusal(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(TarError)
	return error as TarError
}

describe('unpackTarGz', () => {
	const archive = createTarGz([
		{ name: 'document.json', data: text('{"a":1}') },
		{ name: 'images/one.webp', data: text('one') },
		{ name: 'images/two.webp', data: text('two') },
		{ name: 'notes/big.txt', data: Buffer.alloc(300_000, 0x61) },
	])

	test('keeps only the members asked for, from a Buffer or a file on disk; a missing name is just missing', async () => {
		const wanted = new Set(['document.json', 'images/two.webp', 'images/absent.webp'])
		const fromBuffer = await unpackTarGz(archive, wanted)
		expect([...fromBuffer.keys()]).toEqual(['document.json', 'images/two.webp'])
		expect(fromBuffer.get('images/two.webp')!.toString()).toBe('two')

		const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-tar-')), 'a.tar.gz')
		fs.writeFileSync(file, archive)
		const fromFile = await unpackTarGz(file, wanted)
		expect(fromFile).toEqual(fromBuffer)
		// A plain (not gzipped) tar is read too.
		const plain = await unpackTarGz(zlib.gunzipSync(archive), new Set(['images/one.webp']))
		expect(plain.get('images/one.webp')!.toString()).toBe('one')
	})

	test('with stopWhenFound, nothing past the last wanted member is read: a damaged tail goes unseen', async () => {
		const head = gz(member('document.json', text('{}')))
		const tail = Buffer.from(gz(member('images/x.webp', Buffer.alloc(200_000, 1)), END))
		for (let i = 0; i < 64; i++) tail[Math.floor(tail.length / 2) + i]! ^= 0xff
		const damaged = Buffer.concat([head, tail])
		const first = await unpackTarGz(damaged, new Set(['document.json']), { stopWhenFound: true })
		expect(first.get('document.json')!.toString()).toBe('{}')
		// Read to the end, the gzip stream's damage is found.
		const error = await refusal(unpackTarGz(damaged, new Set(['document.json'])))
		expect(error.reason).toBe('unreadable')
		expect(error.message).toMatch(/^the archive is damaged \(/)
	})

	test('the first of two members of one name is kept; long names come from pax and GNU records', async () => {
		const long = `images/${'d'.repeat(150)}/${'e'.repeat(120)}.webp`
		const gnuLong = `notes/${'g'.repeat(200)}.txt`
		const file = gz(
			member('a.txt', text('first')),
			member('a.txt', text('second')),
			member('PaxHeader', paxRecord('path', long), 'x'),
			member('short-name', text('pax')),
			member('././@LongLink', text(gnuLong + '\u0000'), 'L'),
			member('short-too', text('gnu')),
			member('dir/', Buffer.alloc(0), '5'),
			END,
		)
		const files = await unpackTarGz(file, new Set(['a.txt', long, gnuLong, 'dir/']))
		expect(files.get('a.txt')!.toString()).toBe('first')
		expect(files.get(long)!.toString()).toBe('pax')
		expect(files.get(gnuLong)!.toString()).toBe('gnu')
		expect(files.has('dir/')).toBe(false) // directories are no files
	})

	test('refuses past the budget, naming the limit, at the header that passes it', async () => {
		const budget: TarBudget = { maxEntries: 3, maxEntryBytes: 100_000, maxTotalBytes: 400_000 }
		const many = gz(...Array.from({ length: 4 }, (_, i) => member(`f${i}`, text('x'))), END)
		const tooMany = await refusal(unpackTarGz(many, new Set(), { budget }))
		expect(tooMany.reason).toBe('tooManyEntries')
		expect(tooMany.message).toBe(
			'the archive holds more than 3 files, the most one import may hold',
		)

		const big = gz(member('big.bin', Buffer.alloc(100_001)), END)
		const tooBig = await refusal(unpackTarGz(big, new Set(['big.bin']), { budget }))
		expect(tooBig.reason).toBe('entryTooLarge')
		expect(tooBig.message).toBe(
			'big.bin would unpack to 98 KB, more than the 98 KB one file may hold',
		)

		const together = gz(
			...Array.from({ length: 3 }, (_, i) => member(`f${i}`, Buffer.alloc(99_000))),
			member('f3', Buffer.alloc(99_000)),
			END,
		)
		const tooMuch = await refusal(
			unpackTarGz(together, new Set(), { budget: { ...budget, maxEntries: 10 } }),
		)
		expect(tooMuch.reason).toBe('tooLarge')
		expect(tooMuch.message).toBe(
			'the archive unpacks to more than 391 KB, the most one import may unpack',
		)
		// The same budget holds when the whole archive is read at once.
		expect(() => readTarGz(many, budget)).toThrow('more than 3 files')
	})

	test('header records that are too long, or too many in a row, are refused as damage', async () => {
		const hugeRecord = gz(member('PaxHeader', Buffer.alloc(70_000, 0x20), 'x'), END)
		expect((await refusal(unpackTarGz(hugeRecord, new Set()))).message).toBe(
			'the archive is damaged (a header record of 69 KB)',
		)
		const records = Array.from({ length: 9 }, () => member('PaxHeader', paxRecord('a', 'b'), 'x'))
		expect((await refusal(unpackTarGz(gz(...records, END), new Set()))).message).toBe(
			'the archive is damaged (header records without a file)',
		)
	})

	test('a text file, a truncated gzip stream and a truncated tar are refused', async () => {
		const notes = await refusal(unpackTarGz(text('no archive here'), new Set()))
		expect(notes.message).toBe('not a gzipped tar archive')
		const cut = await refusal(unpackTarGz(archive.subarray(0, archive.length >> 1), new Set()))
		expect(cut.message).toMatch(/^the archive is damaged \(/)
		const tar = zlib.gunzipSync(archive)
		const short = await refusal(unpackTarGz(tar.subarray(0, 1024 + 100), new Set()))
		expect(short.message).toBe('the archive is truncated')
	})
})

test('formatBytes', () => {
	expect(formatBytes(1024 * 1024 * 1024)).toBe('1 GB')
	expect(formatBytes(900 * 1024 * 1024)).toBe('900 MB')
	expect(formatBytes(32 * 1024 * 1024)).toBe('32 MB')
	expect(formatBytes(12_000)).toBe('12 KB')
})

/**
 * A minimal ustar archive writer and reader (regular files only), with gzip from node:zlib. Enough
 * for account export archives; the files it writes open with any `tar`, and it reads what GNU or
 * BSD tar write for plain files (long names through pax `path` records or GNU `L` entries).
 */
import { Readable } from 'node:stream'
import zlib from 'node:zlib'

export type TarEntry = { name: string; data: Buffer }

/** A file that is not a readable (gzipped) tar archive; `message` is written for a person. */
export class TarError extends Error {
	override name = 'TarError'
}

const BLOCK = 512
/** Largest archive accepted once decompressed (guards against a gzip bomb). */
export const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024

function writeString(header: Buffer, value: string, offset: number, length: number) {
	const bytes = Buffer.from(value, 'utf8')
	if (bytes.length > length) throw new TarError(`tar: "${value}" is too long for its field`)
	bytes.copy(header, offset)
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
	// length - 1 octal digits and a NUL terminator.
	const digits = value.toString(8).padStart(length - 1, '0')
	if (digits.length > length - 1) throw new TarError(`tar: ${value} does not fit its field`)
	writeString(header, digits, offset, length - 1)
}

/** Splits a long name into ustar's prefix (≤ 155 bytes) and name (≤ 100 bytes) at a slash. */
function splitName(name: string): { prefix: string; name: string } {
	if (Buffer.byteLength(name) <= 100) return { prefix: '', name }
	for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) {
		const prefix = name.slice(0, at)
		const rest = name.slice(at + 1)
		if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) {
			return { prefix, name: rest }
		}
	}
	throw new TarError(`tar: the name "${name}" is too long`)
}

function header(entry: TarEntry, mtime: number): Buffer {
	const block = Buffer.alloc(BLOCK)
	const { prefix, name } = splitName(entry.name)
	writeString(block, name, 0, 100)
	writeOctal(block, 0o644, 100, 8) // mode
	writeOctal(block, 0, 108, 8) // uid
	writeOctal(block, 0, 116, 8) // gid
	writeOctal(block, entry.data.length, 124, 12)
	writeOctal(block, mtime, 136, 12)
	block.fill(0x20, 148, 156) // checksum field counts as spaces while summing
	block[156] = 0x30 // '0': regular file
	writeString(block, 'ustar\u0000', 257, 6)
	writeString(block, '00', 263, 2)
	writeString(block, prefix, 345, 155)
	let sum = 0
	for (const byte of block) sum += byte
	writeString(block, sum.toString(8).padStart(6, '0') + '\u0000 ', 148, 8)
	return block
}

/** The blocks of one entry: its header, its data, and the padding to a whole block. */
function entryBlocks(entry: TarEntry, mtime: number): Buffer[] {
	if (!entry.name || entry.name.startsWith('/') || entry.name.split('/').includes('..')) {
		throw new TarError(`tar: refusing the entry name "${entry.name}"`)
	}
	const parts = [header(entry, mtime), entry.data]
	const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK
	if (padding) parts.push(Buffer.alloc(padding))
	return parts
}

/** A ustar archive of regular files, in the given order. `mtime` is in seconds. */
export function createTar(entries: TarEntry[], mtime = Math.floor(Date.now() / 1000)): Buffer {
	const parts = entries.flatMap((entry) => entryBlocks(entry, mtime))
	parts.push(Buffer.alloc(BLOCK * 2)) // end of archive
	return Buffer.concat(parts)
}

/**
 * The same gzipped archive as `createTarGz`, as a stream: each entry is asked for when the
 * previous one has been written, so only one file is held in memory at a time.
 */
export function createTarGzStream(
	entries: AsyncIterable<TarEntry>,
	mtime = Math.floor(Date.now() / 1000),
): Readable {
	async function* blocks() {
		for await (const entry of entries) yield* entryBlocks(entry, mtime)
		yield Buffer.alloc(BLOCK * 2) // end of archive
	}
	const gzip = zlib.createGzip({ level: 9 })
	const source = Readable.from(blocks())
	source.on('error', (error) => gzip.destroy(error))
	return source.pipe(gzip)
}

function readString(block: Buffer, offset: number, length: number) {
	const field = block.subarray(offset, offset + length)
	const end = field.indexOf(0)
	return field.subarray(0, end === -1 ? length : end).toString('utf8')
}

function readOctal(block: Buffer, offset: number, length: number, what: string) {
	const text = readString(block, offset, length).trim()
	if (!/^[0-7]*$/.test(text)) throw new TarError(`not a valid tar archive (bad ${what} field)`)
	return text ? parseInt(text, 8) : 0
}

/** The pax extended header records (`LEN key=value\n`). */
function parsePax(data: Buffer): Record<string, string> {
	const records: Record<string, string> = {}
	let at = 0
	while (at < data.length) {
		const space = data.indexOf(0x20, at)
		if (space === -1) break
		const length = Number(data.toString('utf8', at, space))
		if (!Number.isInteger(length) || length <= 0) break
		const record = data.toString('utf8', space + 1, at + length - 1)
		const equals = record.indexOf('=')
		if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1)
		at += length
	}
	return records
}

/**
 * The regular files of a ustar (or GNU/pax) archive. Directories and links are skipped. Throws
 * TarError for anything that is not a well-formed archive (bad checksum, truncated data).
 */
export function readTar(archive: Buffer): TarEntry[] {
	const entries: TarEntry[] = []
	let at = 0
	let longName: string | undefined
	while (at + BLOCK <= archive.length) {
		const block = archive.subarray(at, at + BLOCK)
		if (block.every((byte) => byte === 0)) return entries // end of archive
		if (!readString(block, 257, 6).startsWith('ustar')) {
			throw new TarError('not a tar archive (no ustar header)')
		}
		const stored = readOctal(block, 148, 8, 'checksum')
		let sum = 0
		for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
		if (sum !== stored) throw new TarError('the archive is damaged (a header checksum is wrong)')
		const size = readOctal(block, 124, 12, 'size')
		const type = String.fromCharCode(block[156]!)
		const dataStart = at + BLOCK
		if (dataStart + size > archive.length) throw new TarError('the archive is truncated')
		const data = archive.subarray(dataStart, dataStart + size)
		at = dataStart + Math.ceil(size / BLOCK) * BLOCK

		if (type === 'x') {
			longName = parsePax(data).path ?? longName
			continue
		}
		if (type === 'L') {
			longName = readString(data, 0, data.length)
			continue
		}
		if (type === 'g') continue
		const prefix = readString(block, 345, 155)
		const name = longName ?? (prefix ? `${prefix}/` : '') + readString(block, 0, 100)
		longName = undefined
		if (type === '0' || type === '\u0000' || type === '7') {
			entries.push({ name: name.replace(/^\.\//, ''), data: Buffer.from(data) })
		}
	}
	if (at === archive.length && entries.length) return entries // no end blocks: tolerated
	throw new TarError('the archive is truncated')
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

/** A gzipped ustar archive. */
export function createTarGz(entries: TarEntry[], mtime?: number): Buffer {
	return zlib.gzipSync(createTar(entries, mtime), { level: 9 })
}

/** The files of a gzipped tar archive (a plain tar is accepted too). */
export function readTarGz(file: Buffer): TarEntry[] {
	let archive = file
	if (file.subarray(0, 2).equals(GZIP_MAGIC)) {
		try {
			archive = zlib.gunzipSync(file, { maxOutputLength: MAX_ARCHIVE_BYTES })
		} catch (error) {
			const code = (error as { code?: string }).code
			if (code === 'ERR_BUFFER_TOO_LARGE') {
				throw new TarError('the archive is too large once decompressed')
			}
			throw new TarError(`the archive is damaged (${(error as Error).message})`)
		}
	} else if (file.length < BLOCK || !readString(file, 257, 6).startsWith('ustar')) {
		throw new TarError('not a gzipped tar archive')
	}
	return readTar(archive)
}

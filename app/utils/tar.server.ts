/**
 * A minimal ustar archive writer and reader (regular files only), with gzip from node:zlib. Enough
 * for account export archives; the files it writes open with any `tar`, and it reads what GNU or
 * BSD tar write for plain files (long names through pax `path` records or GNU `L` entries).
 *
 * Reading an untrusted archive (`unpackTarGz`, docs/decisions/026) streams it: the file is read
 * and inflated in 64 KB chunks by node:zlib's streaming gunzip (on libuv's thread pool), each
 * header is checked against a budget before its data is inflated (the number of members, the
 * size one member declares, the bytes of the whole archive once inflated), and only the members
 * asked for are kept; the others pass by without being held.
 */
import fs from 'node:fs'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'

export type TarEntry = { name: string; data: Buffer }

/** The bounds of reading one archive. */
export type TarBudget = {
	/** Members (files, directories, links; pax and long-name records not counted). */
	maxEntries: number
	/** The size any one member declares in its header, checked before its data is inflated. */
	maxEntryBytes: number
	/** The whole archive once decompressed (headers, skipped members and padding included). */
	maxTotalBytes: number
}

/** The default budget (the account import passes its own, app/models/account-transfer.server.ts). */
export const TAR_BUDGET: TarBudget = {
	maxEntries: 50_000,
	maxEntryBytes: 64 * 1024 * 1024,
	maxTotalBytes: 1024 * 1024 * 1024,
}

/**
 * A file that is not a readable (gzipped) tar archive ('unreadable'), or one past the budget;
 * `message` is one line written for a person, naming the limit.
 */
export class TarError extends Error {
	override name = 'TarError'
	constructor(
		message: string,
		readonly reason: 'unreadable' | 'tooManyEntries' | 'entryTooLarge' | 'tooLarge' = 'unreadable',
	) {
		super(message)
	}
}

const BLOCK = 512
/** A pax or GNU long-name record longer than this is no honest archive. */
const MAX_RECORD_BYTES = 64 * 1024
/** Records (pax, long names) in a row before a member: a few at most in any real archive. */
const MAX_RECORDS_IN_A_ROW = 8
const CHUNK = 64 * 1024

/** `bytes` for a person: "1 GB", "32 MB", "900 MB", "12 KB". */
export function formatBytes(bytes: number): string {
	const GB = 1024 * 1024 * 1024
	const MB = 1024 * 1024
	if (bytes >= GB && bytes % GB === 0) return `${bytes / GB} GB`
	if (bytes >= MB) return `${Math.ceil(bytes / MB).toLocaleString('en-US')} MB`
	return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`
}

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
 * A tar reader fed the (decompressed) archive chunk by chunk. Every header is checked against
 * the budget before the member's data arrives; the data of a member `want`s is copied into a
 * buffer of its declared size, any other member's is passed over. Throws TarError.
 */
class TarParser {
	/** The members kept, in archive order (the first of a name only). */
	readonly entries: TarEntry[] = []
	private readonly kept = new Set<string>()
	/** Bytes fed so far (the archive once decompressed). */
	total = 0
	private members = 0
	private recordsInARow = 0
	private readonly header = Buffer.alloc(BLOCK)
	private headerFill = 0
	/** The current member: bytes of data and padding still to come, and where its data goes. */
	private left = 0
	private target: { kind: 'file' | 'pax' | 'longName'; name: string; data: Buffer } | null = null
	private targetFill = 0
	private longName: string | undefined
	private ended = false

	constructor(
		private readonly want: (name: string) => boolean,
		private readonly budget: TarBudget,
	) {}

	push(chunk: Buffer) {
		this.total += chunk.length
		if (this.total > this.budget.maxTotalBytes) {
			throw new TarError(
				`the archive unpacks to more than ${formatBytes(this.budget.maxTotalBytes)}, the most one import may unpack`,
				'tooLarge',
			)
		}
		let at = 0
		while (at < chunk.length && !this.ended) {
			if (this.left > 0) {
				const n = Math.min(this.left, chunk.length - at)
				if (this.target && this.targetFill < this.target.data.length) {
					const copied = chunk.copy(this.target.data, this.targetFill, at, at + n)
					this.targetFill += copied
				}
				this.left -= n
				at += n
				if (this.left === 0) this.memberDone()
				continue
			}
			const n = Math.min(BLOCK - this.headerFill, chunk.length - at)
			chunk.copy(this.header, this.headerFill, at, at + n)
			this.headerFill += n
			at += n
			if (this.headerFill === BLOCK) {
				this.headerFill = 0
				this.readHeader(this.header)
			}
		}
	}

	/** The input is over: anything but a whole archive is 'truncated'. */
	end() {
		if (this.ended) return
		// No end blocks after whole members: tolerated, as GNU tar does with a warning.
		if (this.left === 0 && this.headerFill === 0 && this.members > 0) return
		throw new TarError('the archive is truncated')
	}

	private readHeader(block: Buffer) {
		if (block.every((byte) => byte === 0)) {
			this.ended = true // end of archive: what follows is padding
			return
		}
		if (!readString(block, 257, 6).startsWith('ustar')) {
			throw new TarError('not a tar archive (no ustar header)')
		}
		const stored = readOctal(block, 148, 8, 'checksum')
		let sum = 0
		for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
		if (sum !== stored) throw new TarError('the archive is damaged (a header checksum is wrong)')
		const size = readOctal(block, 124, 12, 'size')
		const type = String.fromCharCode(block[156]!)
		this.left = Math.ceil(size / BLOCK) * BLOCK
		this.target = null
		this.targetFill = 0

		if (type === 'x' || type === 'L' || type === 'g') {
			if (++this.recordsInARow > MAX_RECORDS_IN_A_ROW) {
				throw new TarError('the archive is damaged (header records without a file)')
			}
			if (size > MAX_RECORD_BYTES) {
				throw new TarError(`the archive is damaged (a header record of ${formatBytes(size)})`)
			}
			if (type !== 'g') {
				const kind = type === 'x' ? 'pax' : 'longName'
				this.target = { kind, name: '', data: Buffer.alloc(size) }
			}
		} else {
			this.recordsInARow = 0
			const prefix = readString(block, 345, 155)
			const name = (
				this.longName ?? (prefix ? `${prefix}/` : '') + readString(block, 0, 100)
			).replace(/^\.\//, '')
			this.longName = undefined
			if (++this.members > this.budget.maxEntries) {
				throw new TarError(
					`the archive holds more than ${this.budget.maxEntries.toLocaleString('en-US')} files, the most one import may hold`,
					'tooManyEntries',
				)
			}
			if (size > this.budget.maxEntryBytes) {
				throw new TarError(
					`${name} would unpack to ${formatBytes(size)}, more than the ${formatBytes(this.budget.maxEntryBytes)} one file may hold`,
					'entryTooLarge',
				)
			}
			const regular = type === '0' || type === '\u0000' || type === '7'
			if (regular && !this.kept.has(name) && this.want(name)) {
				this.kept.add(name)
				this.target = { kind: 'file', name, data: Buffer.allocUnsafe(size) }
			}
		}
		if (this.left === 0) this.memberDone()
	}

	private memberDone() {
		const target = this.target
		this.target = null
		if (!target) return
		if (target.kind === 'pax') this.longName = parsePax(target.data).path ?? this.longName
		else if (target.kind === 'longName')
			this.longName = readString(target.data, 0, target.data.length)
		else this.entries.push({ name: target.name, data: target.data })
	}
}

/**
 * The regular files of a ustar (or GNU/pax) archive, in a Buffer (archives this app wrote, as
 * the tests read them). Directories and links are skipped. Throws TarError for anything that is
 * not a well-formed archive (bad checksum, truncated data) or is past `budget`.
 */
export function readTar(archive: Buffer, budget = TAR_BUDGET): TarEntry[] {
	const parser = new TarParser(() => true, budget)
	parser.push(archive)
	parser.end()
	return parser.entries
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

/** A gzipped ustar archive. */
export function createTarGz(entries: TarEntry[], mtime?: number): Buffer {
	return zlib.gzipSync(createTar(entries, mtime), { level: 9 })
}

function damaged(error: unknown) {
	return new TarError(`the archive is damaged (${(error as Error).message})`)
}

/**
 * The files of a gzipped tar archive held in memory (a plain tar is accepted too), inflated at
 * once: for archives this app wrote. An untrusted file goes through `unpackTarGz`.
 */
export function readTarGz(file: Buffer, budget = TAR_BUDGET): TarEntry[] {
	let archive = file
	if (file.subarray(0, 2).equals(GZIP_MAGIC)) {
		try {
			archive = zlib.gunzipSync(file, { maxOutputLength: budget.maxTotalBytes })
		} catch (error) {
			if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
				throw new TarError(
					`the archive unpacks to more than ${formatBytes(budget.maxTotalBytes)}, the most one import may unpack`,
					'tooLarge',
				)
			}
			throw damaged(error)
		}
	} else if (file.length < BLOCK || !readString(file, 257, 6).startsWith('ustar')) {
		throw new TarError('not a gzipped tar archive')
	}
	return readTar(archive, budget)
}

/** The first `length` bytes of a file or buffer (fewer when it is shorter). */
async function head(source: string | Buffer, length: number): Promise<Buffer> {
	if (typeof source !== 'string') return source.subarray(0, length)
	const handle = await fs.promises.open(source, 'r')
	try {
		const buffer = Buffer.alloc(length)
		const { bytesRead } = await handle.read(buffer, 0, length, 0)
		return buffer.subarray(0, bytesRead)
	} finally {
		await handle.close()
	}
}

/**
 * The members named in `wanted` (the first of each name) of a gzipped tar archive, a file on
 * disk or a Buffer, read as a stream within `budget` (see the top of this file): the event loop
 * is never held for more than one 64 KB chunk's bookkeeping, and memory holds the wanted members
 * and a few chunks, whatever the archive holds besides. Every member's header is checked, so a
 * hostile archive is refused with a TarError naming the limit it passed. With `stopWhenFound`,
 * reading stops once every wanted member is in (the rest of the archive is not inflated);
 * otherwise the archive is read to its end, so its gzip checksum vouches for what was kept.
 * Names in `wanted` that the archive lacks are simply missing from the answer.
 */
export async function unpackTarGz(
	source: string | Buffer,
	wanted: ReadonlySet<string>,
	{
		budget = TAR_BUDGET,
		stopWhenFound = false,
	}: { budget?: TarBudget; stopWhenFound?: boolean } = {},
): Promise<Map<string, Buffer>> {
	const start = await head(source, BLOCK)
	const gzipped = start.subarray(0, 2).equals(GZIP_MAGIC)
	if (!gzipped && (start.length < BLOCK || !readString(start, 257, 6).startsWith('ustar'))) {
		throw new TarError('not a gzipped tar archive')
	}
	const parser = new TarParser((name) => wanted.has(name), budget)
	const raw =
		typeof source === 'string'
			? fs.createReadStream(source, { highWaterMark: CHUNK })
			: Readable.from(
					(function* () {
						for (let at = 0; at < source.length; at += CHUNK) yield source.subarray(at, at + CHUNK)
					})(),
				)
	const stream = gzipped ? raw.pipe(zlib.createGunzip({ chunkSize: CHUNK })) : raw
	if (gzipped) raw.on('error', (error: Error) => stream.destroy(error))
	let stopped = false
	try {
		for await (const chunk of stream as AsyncIterable<Buffer>) {
			parser.push(chunk)
			if (stopWhenFound && parser.entries.length === wanted.size) {
				stopped = true
				break
			}
		}
	} catch (error) {
		if (error instanceof TarError) throw error
		throw damaged(error)
	} finally {
		raw.destroy()
		stream.destroy()
	}
	if (!stopped) parser.end()
	return new Map(parser.entries.map((entry) => [entry.name, entry.data]))
}

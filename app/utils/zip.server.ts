/**
 * A ZIP reader for untrusted uploads that unpacks only what is read (docs/decisions/026).
 *
 * The central directory at the end of the archive is read first (names, methods, declared
 * sizes; nothing is inflated). The caller picks the entries it wants; their declared sizes are
 * checked against a budget before any byte is unpacked, and each entry is then inflated by
 * node:zlib's streaming inflater (on libuv's thread pool, so the event loop is never blocked
 * for more than a chunk's bookkeeping) with a hard limit: output past the size the entry
 * declares is cut off and the inflater stopped, so a lying header unpacks nothing more.
 */
import zlib from 'node:zlib'

/** Every upload that unpacks an archive stays within these bounds. */
export const UNPACK_BUDGET = {
	/** Entries in the central directory (a LinkedIn export has a few dozen). */
	maxEntries: 1000,
	/** The declared unpacked size of any one entry read. */
	maxEntryBytes: 2 * 1024 * 1024,
	/** The declared unpacked sizes of all the entries one request reads, together. */
	maxTotalBytes: 8 * 1024 * 1024,
}

export type ZipEntry = {
	name: string
	/** 0 stored, 8 deflated; anything else cannot be read. */
	method: number
	compressedSize: number
	/** The unpacked size the archive declares (it may lie; reading never goes past it). */
	size: number
	localOffset: number
	encrypted: boolean
}

/** Why an archive was refused. */
export class ZipError extends Error {
	override name = 'ZipError'
	constructor(
		readonly reason: 'unreadable' | 'tooManyEntries' | 'tooLarge' | 'tooLargeTogether',
		message = reason,
	) {
		super(message)
	}
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/**
 * The entries of the central directory, in its order. Throws ZipError('unreadable') for
 * anything that is not a whole ZIP (ZIP64 included: no upload this reader takes needs it), and
 * ZipError('tooManyEntries') past `maxEntries`, before reading them.
 */
export function readCentralDirectory(
	zip: Uint8Array,
	maxEntries = UNPACK_BUDGET.maxEntries,
): ZipEntry[] {
	const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
	const unreadable = () => new ZipError('unreadable')
	// The end record is the last 22 bytes, followed by a comment of at most 65,535 bytes.
	let end = -1
	for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
		if (view.getUint32(at, true) === EOCD) {
			end = at
			break
		}
	}
	if (end < 0) throw unreadable()
	const count = view.getUint16(end + 10, true)
	const size = view.getUint32(end + 12, true)
	const offset = view.getUint32(end + 16, true)
	if (count === 0xffff || offset === 0xffffffff) throw unreadable() // ZIP64
	if (count > maxEntries) throw new ZipError('tooManyEntries')
	if (offset + size > end) throw unreadable()

	const entries: ZipEntry[] = []
	let at = offset
	for (let index = 0; index < count; index++) {
		if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw unreadable()
		const flags = view.getUint16(at + 8, true)
		const nameLength = view.getUint16(at + 28, true)
		const extraLength = view.getUint16(at + 30, true)
		const commentLength = view.getUint16(at + 32, true)
		if (at + 46 + nameLength > end) throw unreadable()
		const nameBytes = zip.subarray(at + 46, at + 46 + nameLength)
		entries.push({
			// Bit 11: the name is UTF-8; older tools wrote code page 437 (ASCII names read alike).
			name: Buffer.from(nameBytes).toString(flags & 0x800 ? 'utf8' : 'latin1'),
			method: view.getUint16(at + 10, true),
			compressedSize: view.getUint32(at + 20, true),
			size: view.getUint32(at + 24, true),
			localOffset: view.getUint32(at + 42, true),
			encrypted: (flags & 1) === 1,
		})
		at += 46 + nameLength + extraLength + commentLength
	}
	return entries
}

/**
 * The bytes of one entry, at most its declared size (a longer stream is cut there and the
 * inflater stopped). Throws ZipError('unreadable') for damaged data, an encrypted entry or an
 * unknown method.
 */
export async function inflateEntry(zip: Uint8Array, entry: ZipEntry): Promise<Buffer> {
	const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
	const at = entry.localOffset
	if (entry.encrypted || at + 30 > zip.length || view.getUint32(at, true) !== LOCAL) {
		throw new ZipError('unreadable')
	}
	const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
	if (start + entry.compressedSize > zip.length) throw new ZipError('unreadable')
	const packed = zip.subarray(start, start + entry.compressedSize)
	if (entry.method === 0) return Buffer.from(packed.subarray(0, entry.size))
	if (entry.method !== 8) throw new ZipError('unreadable')

	const limit = entry.size
	return new Promise<Buffer>((resolve, reject) => {
		const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 })
		const chunks: Buffer[] = []
		let size = 0
		let done = false
		const finish = () => {
			if (done) return
			done = true
			inflater.destroy()
			resolve(Buffer.concat(chunks, size))
		}
		inflater.on('data', (chunk: Buffer) => {
			if (done) return
			const room = limit - size
			if (chunk.length >= room) {
				chunks.push(chunk.subarray(0, room))
				size += room
				finish() // the declared size is reached: nothing past it is unpacked
				return
			}
			chunks.push(chunk)
			size += chunk.length
		})
		inflater.on('end', finish)
		inflater.on('error', () => {
			if (done) return
			done = true
			reject(new ZipError('unreadable'))
		})
		if (limit === 0) return finish()
		// Fed in slices so that a large compressed entry is handed over piece by piece too.
		const SLICE = 64 * 1024
		let fed = 0
		const feed = () => {
			while (!done && fed < packed.length) {
				const slice = packed.subarray(fed, fed + SLICE)
				fed += slice.length
				if (!inflater.write(slice)) return void inflater.once('drain', feed)
			}
			if (!done) inflater.end()
		}
		feed()
	})
}

/**
 * The entries wanted from an untrusted upload: `pick` names each wanted entry's key (or null);
 * of several entries with one key the shallowest is taken (the first of equals). Their declared
 * sizes are checked against the budget before anything is unpacked (ZipError('tooLarge') for
 * one entry, 'tooLargeTogether' for their sum),
 * then each is inflated within its declared size.
 */
export async function unpackWanted<Key extends string>(
	zip: Uint8Array,
	pick: (name: string) => Key | null,
	budget = UNPACK_BUDGET,
): Promise<Map<Key, Buffer>> {
	const entries = readCentralDirectory(zip, budget.maxEntries)
	const chosen = new Map<Key, ZipEntry>()
	const depth = (name: string) => name.split('/').length
	for (const entry of entries) {
		if (entry.name.endsWith('/')) continue
		const key = pick(entry.name)
		if (key === null) continue
		const held = chosen.get(key)
		if (!held || depth(entry.name) < depth(held.name)) chosen.set(key, entry)
	}
	let total = 0
	for (const entry of chosen.values()) {
		if (entry.size > budget.maxEntryBytes) throw new ZipError('tooLarge')
		total += entry.size
	}
	if (total > budget.maxTotalBytes) throw new ZipError('tooLargeTogether')
	const files = new Map<Key, Buffer>()
	for (const [key, entry] of chosen) files.set(key, await inflateEntry(zip, entry))
	return files
}

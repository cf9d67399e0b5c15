/**
 * A tiny authoritative DNS server for tests (UDP on 127.0.0.1): it answers TXT questions from
 * a table the test fills (`records.set('_tagg.jane.test', ['tagg-verify=…'])`), NXDOMAIN for
 * names it does not hold, and NOERROR with no answer (NODATA) for other types. Point
 * DNS_SERVERS at `127.0.0.1:{port}`. RFC 1035 wire format, no compression in answers.
 */
import dgram from 'node:dgram'

export type TestDnsServer = {
	port: number
	address: string
	/** TXT records by lower-case name (each value one record, split into 255-byte strings). */
	records: Map<string, string[]>
	/** Questions asked so far (`name TYPE`). */
	asked: string[]
	close: () => Promise<void>
}

const TXT = 16

function readName(message: Buffer, offset: number) {
	const labels: string[] = []
	for (;;) {
		const length = message[offset]!
		offset++
		if (length === 0) break
		labels.push(message.subarray(offset, offset + length).toString('latin1'))
		offset += length
	}
	return { name: labels.join('.'), offset }
}

function encodeTxt(value: string) {
	const bytes = Buffer.from(value, 'utf8')
	const parts: Buffer[] = []
	for (let start = 0; start < bytes.length || start === 0; start += 255) {
		const chunk = bytes.subarray(start, start + 255)
		parts.push(Buffer.from([chunk.length]), chunk)
		if (bytes.length === 0) break
	}
	return Buffer.concat(parts)
}

function answer(query: Buffer, records: Map<string, string[]>, asked: string[]) {
	const id = query.readUInt16BE(0)
	const { name, offset } = readName(query, 12)
	const type = query.readUInt16BE(offset)
	const question = query.subarray(12, offset + 4)
	asked.push(`${name} ${type === TXT ? 'TXT' : type}`)
	const values = records.get(name.toLowerCase())
	const known = values !== undefined
	const answers = known && type === TXT ? values : []
	const header = Buffer.alloc(12)
	header.writeUInt16BE(id, 0)
	// QR=1, opcode 0, AA=1, RD copied; RA=1; RCODE 0 or 3 (NXDOMAIN).
	header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (known ? 0 : 3), 2)
	header.writeUInt16BE(1, 4)
	header.writeUInt16BE(answers.length, 6)
	const records_ = answers.map((value) => {
		const data = encodeTxt(value)
		const fixed = Buffer.alloc(10)
		fixed.writeUInt16BE(TXT, 0)
		fixed.writeUInt16BE(1, 2) // IN
		fixed.writeUInt32BE(60, 4) // TTL
		fixed.writeUInt16BE(data.length, 8)
		return Buffer.concat([Buffer.from([0xc0, 12]), fixed, data])
	})
	return Buffer.concat([header, question, ...records_])
}

/** Listens on `port` (0: any free port). */
export async function startDnsServer(port = 0): Promise<TestDnsServer> {
	const socket = dgram.createSocket('udp4')
	const records = new Map<string, string[]>()
	const asked: string[] = []
	socket.on('message', (message, remote) => {
		try {
			socket.send(answer(message, records, asked), remote.port, remote.address)
		} catch {
			// A malformed question gets no answer.
		}
	})
	await new Promise<void>((resolve, reject) => {
		socket.once('error', reject)
		socket.bind(port, '127.0.0.1', () => {
			socket.off('error', reject)
			resolve()
		})
	})
	const { port: bound, address } = socket.address()
	return {
		port: bound,
		address: `${address}:${bound}`,
		records,
		asked,
		close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
	}
}

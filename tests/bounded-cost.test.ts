/**
 * Bounded cost, round two, against the real database and storage, with the routes
 * called as Remix calls them. Each case watches this process's event loop
 * (perf_hooks.monitorEventLoopDelay) and its memory before and after:
 * - a ZIP of many same-named CSV files unpacks one of them, off the event loop;
 * - an account archive (npm run import) is streamed: only the document and the images it names
 *   are kept, and a gzip bomb, a huge file or thousands of files are refused at their header;
 * - og.png, qr.png, the vCard and the PDF are made once per version, whatever the query string;
 * - JSON nested deeper than 64 levels is a 400 in the envelope, in a body and in an import;
 * - a flood of distinct referrers keeps the recorder's tallies within their byte caps (measured
 *   as heap and buffers held), and one address with many user agents counts as at most 3
 *   visitors and 30 views.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import zlib from 'node:zlib'
import v8 from 'node:v8'
import vm from 'node:vm'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { zipOf } from '#tests/fixtures/zip-of'
import { callApi, callRoute } from '#tests/route'
import {
	ACCOUNT_ARCHIVE_BUDGET,
	bundleToFiles,
	exportAccount,
	readAccountArchive,
} from '~/models/account-transfer.server'
import {
	insights,
	InsightsRecorder,
	MAX_VIEWS_PER_ADDRESS,
	readSummary,
	TALLY_BYTES,
} from '~/services/insights.server'
import { REMOTE_ADDRESS_HEADER } from '~/services/rate-limit.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { sourceOf } from '~/utils/insights'
import { createTar, TarError } from '~/utils/tar.server'
import { unpackLinkedInExport } from '~/utils/linkedin-import.server'
import { loader as vcard } from '~/routes/$pname.contact[.]vcf'
import { loader as og } from '~/routes/$pname.og[.]png'
import { loader as qr } from '~/routes/$pname.qr[.]png'
import { action as hit } from '~/routes/one.insights.hit'
import { action as updateName } from '~/routes/one.sites.info.general.$field.update'
import { action as preview } from '~/routes/one.sites.resume.import.preview'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const MB = 1024 * 1024

/**
 * Runs `work` with the event loop watched: its longest stall, the most memory the process held
 * meanwhile (RSS and the JavaScript heap, sampled every 5 ms and once right after the work,
 * before anything collects its garbage), and what it still holds after a full collection.
 */
async function watched<T>(work: () => Promise<T>) {
	gc()
	const before = process.memoryUsage()
	const delay = monitorEventLoopDelay({ resolution: 5 })
	delay.enable()
	let peakRss = before.rss
	let peakHeap = before.heapUsed
	const sample = () => {
		peakRss = Math.max(peakRss, process.memoryUsage.rss())
		peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
	}
	const sampler = setInterval(sample, 5)
	// The monitor measures from its first tick: a stall before it would go unseen.
	await new Promise((resolve) => setTimeout(resolve, 20))
	try {
		const result = await work()
		sample()
		// A stall is recorded when the monitor's timer runs after it: let it run once more.
		await new Promise((resolve) => setTimeout(resolve, 20))
		gc()
		const after = process.memoryUsage()
		return {
			result,
			maxDelayMs: delay.max / 1e6,
			peakRssGrowthMb: (peakRss - before.rss) / MB,
			peakHeapGrowthMb: (peakHeap - before.heapUsed) / MB,
			rssGrowthMb: (after.rss - before.rss) / MB,
			heapKeptMb: (after.heapUsed - before.heapUsed) / MB,
		}
	} finally {
		clearInterval(sampler)
		delay.disable()
	}
}

function upload(name: string, data: Uint8Array | string) {
	const body = new FormData()
	const bytes = typeof data === 'string' ? strToU8(data) : data
	body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
	return body
}

const PROFILE_CSV = 'First Name,Last Name,Headline\r\n'

describe('archives unpack only what is read', () => {
	test('100 same-named 2 MB CSV files (a 200 KB upload): one is unpacked, the shallowest, without stalling the event loop', async () => {
		const owner = await createOwner()
		const junk = Buffer.from(`${PROFILE_CSV}Junk,Junk,${'x'.repeat(2 * MB - 64)}\r\n`)
		const entries = Array.from({ length: 100 }, (_, i) => ({
			name: `d${i}/Profile.csv`,
			data: junk,
		}))
		// The real one is last in the archive but the shallowest.
		entries.push({ name: 'Profile.csv', data: Buffer.from(`${PROFILE_CSV}Ana,Lima,Designer\r\n`) })
		const zip = zipOf(entries)
		expect(zip.length).toBeLessThan(400 * 1024)

		// Warm: the first import of a process loads its modules and compiles its queries.
		const small = zipOf([{ name: 'Skills.csv', data: Buffer.from('Name\r\nPython\r\n') }])
		await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload('export.zip', small),
		})

		const { result, maxDelayMs, peakRssGrowthMb } = await watched(() =>
			callApi(preview, '/one/sites/resume/import/preview', {
				token: owner.token,
				rawBody: upload('export.zip', zip),
			}),
		)
		expect(result.status).toBe(200)
		const sections = (result.json.data as { sections: { profile: { fields: object } } }).sections
		expect(sections.profile.fields).toMatchObject({
			firstName: 'Ana',
			lastName: 'Lima',
			designation: 'Designer',
		})
		// Today's main: 200 MB inflated synchronously, the loop stalled for seconds. (Reading
		// the 200 KB multipart body costs a stall of its own, as for any upload of that size.)
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(1000)
		expect(peakRssGrowthMb, `RSS grew ${peakRssGrowthMb.toFixed(0)} MB`).toBeLessThan(40)
	})

	test('the chosen Profile.csv is itself a 2 MB line (the most one file may unpack, as in the bench): read as one string, not a character at a time', async () => {
		const owner = await createOwner()
		// No shallower real file: d0/Profile.csv, 2 MB with one 2 MB field, is the one read.
		const junk = Buffer.from(`First Name,Last Name\r\nJunk,${'x'.repeat(2 * MB - 64)}\r\n`)
		const zip = zipOf(
			Array.from({ length: 100 }, (_, i) => ({ name: `d${i}/Profile.csv`, data: junk })),
		)
		const small = zipOf([
			{ name: 'Profile.csv', data: Buffer.from(`${PROFILE_CSV}Ana,Lima,x\r\n`) },
		])
		await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload('export.zip', small),
		})
		const { result, peakRssGrowthMb, peakHeapGrowthMb } = await watched(() =>
			callApi(preview, '/one/sites/resume/import/preview', {
				token: owner.token,
				rawBody: upload('export.zip', zip),
			}),
		)
		expect(result.status).toBe(200)
		const { fields, notes } = (
			result.json.data as { sections: { profile: { fields: object; notes: string[] } } }
		).sections.profile
		expect(fields).toMatchObject({ firstName: 'Junk', lastName: 'x'.repeat(60) })
		expect(notes).toEqual(['The last name was cut to 60 characters.'])
		// A CSV field built a character at a time (field += char) made a chain of two million
		// strings for the 2 MB field: +60 MB of heap and 120 to 230 ms of CPU per upload, RSS
		// +200 MB over the bench's three uploads (docs/decisions/026). Sliced, it is one string.
		console.log(
			`2 MB Profile.csv preview: heap +${peakHeapGrowthMb.toFixed(1)} MB, RSS +${peakRssGrowthMb.toFixed(1)} MB`,
		)
		expect(peakHeapGrowthMb, `the heap grew ${peakHeapGrowthMb.toFixed(0)} MB`).toBeLessThan(20)
		expect(peakRssGrowthMb, `RSS grew ${peakRssGrowthMb.toFixed(0)} MB`).toBeLessThan(40)
	})

	test('unpacking that archive never holds the event loop for more than a few milliseconds', async () => {
		const junk = Buffer.from(`${PROFILE_CSV}Junk,Junk,${'x'.repeat(2 * MB - 64)}\r\n`)
		const entries = Array.from({ length: 300 }, (_, i) => ({
			name: `d${i}/Profile.csv`,
			data: junk,
		}))
		const zip = zipOf(entries)
		await unpackLinkedInExport(zipOf([{ name: 'Skills.csv', data: Buffer.from('Name\r\n') }]))
		const { result, maxDelayMs, peakRssGrowthMb } = await watched(() => unpackLinkedInExport(zip))
		expect(Object.keys(result)).toEqual(['profile'])
		expect(result.profile).toHaveLength(junk.length)
		// Today's main: 600 MB inflated synchronously (RSS +500 MB, the loop held for seconds). The
		// reader's turns take milliseconds; the bound is far from both, for a busy shared machine.
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(500)
		expect(peakRssGrowthMb, `RSS grew ${peakRssGrowthMb.toFixed(0)} MB`).toBeLessThan(40)
	})

	test('wanted files whose declared sizes pass the budget together are refused before unpacking', async () => {
		const owner = await createOwner()
		const big = (header: string) => strToU8(`${header}\r\n${'a,b\r\n'.repeat(380_000)}`) // 1.9 MB
		const zip = zipSync(
			{
				'Profile.csv': big('First Name,Last Name'),
				'Positions.csv': big('Company Name,Title'),
				'Education.csv': big('School Name,Degree Name'),
				'Skills.csv': big('Name,x'),
				'Certifications.csv': big('Name,Authority'),
			},
			{ level: 9 },
		)
		const { result, heapKeptMb } = await watched(() =>
			callApi(preview, '/one/sites/resume/import/preview', {
				token: owner.token,
				rawBody: upload('export.zip', zip),
			}),
		)
		expect(result.status).toBe(400)
		expect(result.json.message).toMatch(/unpack to more than 8 MB together/)
		expect(heapKeptMb).toBeLessThan(5)
	})
})

/** A ustar header of a regular file that declares `size` bytes (its data follows it). */
function tarHeader(name: string, size: number) {
	const block = createTar([{ name, data: Buffer.alloc(0) }], 0).subarray(0, 512)
	block.write(size.toString(8).padStart(11, '0') + '\u0000', 124, 12, 'latin1')
	block.fill(0x20, 148, 156)
	let sum = 0
	for (const byte of block) sum += byte
	block.write(sum.toString(8).padStart(6, '0') + '\u0000 ', 148, 8, 'latin1')
	return block
}

/**
 * A gzipped archive built from gzip members (gunzip reads them as one stream), so that a
 * member of hundreds of megabytes of zeros is compressed once, not once per copy.
 */
function gzipOf(parts: Array<Buffer | { zeros: number }>) {
	const zeros = new Map<number, Buffer>()
	return Buffer.concat(
		parts.map((part) => {
			if (Buffer.isBuffer(part)) return zlib.gzipSync(part)
			let member = zeros.get(part.zeros)
			if (!member) zeros.set(part.zeros, (member = zlib.gzipSync(Buffer.alloc(part.zeros))))
			return member
		}),
	)
}

describe('account archives (npm run import) unpack only what is read', () => {
	/** The tar blocks of a real export's document.json (an owner without images). */
	async function documentBlocks() {
		const owner = await createOwner({ name: 'Ana Lima' })
		const [document] = bundleToFiles((await exportAccount(owner.id, { passwordHash: false }))!)
		return { owner, blocks: createTar([document!]).subarray(0, -1024) } // without the end blocks
	}
	const END = Buffer.alloc(1024)
	/**
	 * Today's main holds the loop for seconds (the archive gunzipped at once); the reader's own
	 * turns take a millisecond or two. The bound sits between the two, far from both: a busy CI
	 * machine (two test files at once on two cores) stalls any process for a while.
	 */
	const STALL_MS = 1000
	/**
	 * Today's main grows RSS by the archive's inflated size and more (1.7 GB for 800 MB). The
	 * reader holds a few 64 KB chunks at a time, but V8 frees the chunks already read in
	 * batches, once some tens of megabytes of them are garbage.
	 */
	const PEAK_RSS_MB = 80

	async function refused(archive: Buffer) {
		const run = await watched(() =>
			readAccountArchive(archive).then(
				() => null,
				(e: unknown) => e,
			),
		)
		expect(run.result).toBeInstanceOf(TarError)
		return { ...run, error: run.result as TarError }
	}

	test('800 MB of files the document does not name (a 1 MB file) are passed over: nothing of them is held, the event loop stays free', async () => {
		const { owner, blocks } = await documentBlocks()
		const parts: Array<Buffer | { zeros: number }> = [blocks]
		for (let i = 0; i < 100; i++) parts.push(tarHeader(`notes/${i}.txt`, 8 * MB), { zeros: 8 * MB })
		parts.push(END)
		const archive = gzipOf(parts)
		expect(archive.length).toBeLessThan(1.5 * MB)
		await readAccountArchive(gzipOf([blocks, END])) // warm
		const { result, maxDelayMs, peakRssGrowthMb } = await watched(() => readAccountArchive(archive))
		expect(result.document.account.email).toBe(owner.email)
		expect(result.images.size).toBe(0)
		// Today's main: 800 MB gunzipped at once, then copied file by file (RSS +1.6 GB, the
		// loop held for seconds).
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(STALL_MS)
		expect(peakRssGrowthMb, `RSS grew ${peakRssGrowthMb.toFixed(0)} MB`).toBeLessThan(PEAK_RSS_MB)
	}, 60_000)

	test('a gzip bomb (a 900 MB file of zeros, 1 MB gzipped) is refused at its header, before its data is inflated', async () => {
		const { blocks } = await documentBlocks()
		const name = `images/${'a'.repeat(64)}.webp`
		const archive = gzipOf([
			blocks,
			tarHeader(name, 900 * MB),
			...Array(15).fill({ zeros: 60 * MB }),
			END,
		])
		expect(archive.length).toBeLessThan(1.5 * MB)
		const { error, maxDelayMs, peakRssGrowthMb } = await refused(archive)
		expect(error.reason).toBe('entryTooLarge')
		expect(error.message).toBe(
			`${name} would unpack to 900 MB, more than the 32 MB one file may hold`,
		)
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(STALL_MS)
		expect(peakRssGrowthMb, `RSS grew ${peakRssGrowthMb.toFixed(0)} MB`).toBeLessThan(PEAK_RSS_MB)
	}, 60_000)

	test('files each under the per-file limit that unpack past 1 GB together are refused once 1 GB is inflated, holding nothing', async () => {
		const { blocks } = await documentBlocks()
		const parts: Array<Buffer | { zeros: number }> = [blocks]
		for (let i = 0; i < 40; i++)
			parts.push(tarHeader(`notes/${i}.txt`, 30 * MB), { zeros: 30 * MB })
		const archive = gzipOf([...parts, END])
		const { error, maxDelayMs, peakRssGrowthMb } = await refused(archive)
		expect(error.reason).toBe('tooLarge')
		expect(error.message).toBe(
			'the archive unpacks to more than 1 GB, the most one import may unpack',
		)
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(STALL_MS)
		expect(peakRssGrowthMb, `RSS grew ${peakRssGrowthMb.toFixed(0)} MB`).toBeLessThan(PEAK_RSS_MB)
	}, 60_000)

	test('an archive of more files than the largest account holds is refused at the first one past the limit', async () => {
		const { blocks } = await documentBlocks()
		const count = ACCOUNT_ARCHIVE_BUDGET.maxEntries + 10_000
		const headers = Buffer.concat(Array.from({ length: count }, (_, i) => tarHeader(`x/${i}`, 0)))
		const archive = gzipOf([blocks, headers, END])
		const { error, maxDelayMs } = await refused(archive)
		expect(error.reason).toBe('tooManyEntries')
		expect(error.message).toBe(
			'the archive holds more than 30,003 files, the most one import may hold',
		)
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(STALL_MS)
	}, 60_000)
})

describe('generated files are made once per version', () => {
	test('og.png, qr.png and the vCard with junk query strings: drawn once, the event loop stays free, an edit draws them again', async () => {
		const owner = await createOwner({ name: 'Ana Lima' })
		const path = owner.path!
		const call = (loader: typeof og, file: string, query: string) =>
			callRoute(loader, `/${path}/${file}${query}`, { params: { pname: path } })
		const first = await call(og, 'og.png', '')
		expect(first.status).toBe(200)
		const png = Buffer.from(await first.arrayBuffer())
		const before = generatedCache().read()

		const { result, maxDelayMs } = await watched(async () => {
			const answers = await Promise.all(
				Array.from({ length: 20 }, (_, i) => call(og, 'og.png', `?cb=${i}&utm_source=x${i}`)),
			)
			return Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())))
		})
		for (const body of result) expect(body.equals(png)).toBe(true)
		// Today's main: 20 drawings of 40–50 ms of CPU each, one after the other.
		expect(maxDelayMs, `event loop stalled ${maxDelayMs.toFixed(0)} ms`).toBeLessThan(100)
		expect(generatedCache().read().makes).toBe(before.makes)

		for (const [loader, file] of [
			[qr, 'qr.png'],
			[vcard, 'contact.vcf'],
		] as const) {
			const bodies = []
			for (const query of ['', '?cb=1', '?cb=2&fbclid=z']) {
				const response = await call(loader, file, query)
				expect(response.status).toBe(200)
				bodies.push(Buffer.from(await response.arrayBuffer()).toString('base64'))
			}
			expect(new Set(bodies).size).toBe(1)
		}
		expect(generatedCache().read().makes).toBe(before.makes + 2) // one QR code, one vCard

		// An edit is a new version: the card and the vCard show it at once.
		const name = await callApi(updateName, '/one/sites/info/general/name/update', {
			token: owner.token,
			params: { field: 'name' },
			body: { firstName: 'Bea', lastName: 'Lima' },
		})
		expect(name.status).toBe(200)
		const edited = Buffer.from(await (await call(og, 'og.png', '?cb=99')).arrayBuffer())
		expect(edited.equals(png)).toBe(false)
		expect(await (await call(vcard, 'contact.vcf', '')).text()).toContain('FN:Bea Lima')
	})
})

describe('deep JSON is refused before anything walks it', () => {
	const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`

	test('a body nested 20,000 levels is a 400 in the envelope; 64 levels still pass the depth check', async () => {
		const owner = await createOwner()
		const send = (rawBody: string) =>
			callApi(updateName, '/one/sites/info/general/name/update', {
				token: owner.token,
				params: { field: 'name' },
				rawBody,
				headers: { 'Content-Type': 'application/json' },
			})
		const refused = await send(deep(20_000))
		expect(refused.status).toBe(400)
		expect(refused.json).toEqual({
			status: 400,
			message: 'The JSON nests deeper than 64 levels',
		})
		expect((await send(deep(65))).json.message).toBe('The JSON nests deeper than 64 levels')
		// 64 levels (the object and 63 arrays) are read, then refused by the schema as usual.
		const allowed = await send(deep(63))
		expect(allowed.status).toBe(400)
		expect(allowed.json.message).not.toMatch(/nests deeper/)
		// Brackets inside strings are text, not nesting.
		const text = await send(JSON.stringify({ firstName: '[[[[[[[[[[', lastName: '{{{{{{{{{{' }))
		expect(text.json.message).toBeUndefined()
		expect(text.status).toBe(200)
	})

	test('a JSON Resume file nested 20,000 levels is a 400 with a clear message, not a 500', async () => {
		const owner = await createOwner()
		const file = `{"basics":{"name":"A"},"work":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
		const response = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload('resume.json', file),
		})
		expect(response.status).toBe(400)
		expect(response.json.message).toBe(
			'This file nests deeper than 64 levels, so it cannot be a JSON Resume file.',
		)
	})
})

describe('insights memory and forged views are bounded', () => {
	const beacon = (body: Record<string, string>, address: string, userAgent: string) =>
		callApi(hit, '/one/insights/hit', {
			body,
			headers: { [REMOTE_ADDRESS_HEADER]: address, 'User-Agent': userAgent },
		})
	const quiet = { warn: () => {}, error: () => {} }
	const browser = (n: number) =>
		`Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${100 + (n % 50)}.0.${n} Safari/537.36`

	test('20,000 distinct referrers from 20,000 addresses: every tally stays within its byte cap, and the recorder holds at most 16 MB', async () => {
		// Owners that do not exist (400 of them, 50 sources each: no owner's daily cap of 50
		// sources is reached, so only the byte caps bound what is kept); a write skips them.
		const recorder = new InsightsRecorder({ intervalMs: 3_600_000, log: quiet })
		await recorder.view('nobody-warm', '/', null, { address: '192.0.2.1', userAgent: browser(0) })
		gc()
		const held = () => {
			const usage = process.memoryUsage()
			return usage.heapUsed + usage.arrayBuffers
		}
		const before = held()
		const most = { pending: 0, seen: 0, addresses: 0 }
		const started = Date.now()
		for (let n = 0; n < 20_000; n++) {
			const host = `site-${n}.${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(50)}.example`
			const source = sourceOf({
				referrer: `https://${host}/${'p'.repeat(1500)}?n=${n}`,
				ownHost: 'tagg.example',
			})
			expect(source).toBe(host) // the host name only, never the path or query
			// A view awaits only the day's salt, already read: no write can finish during the
			// flood, the worst case (everything counted stays in memory).
			await recorder.view(`nobody-${n % 400}`, '/', source, {
				address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
				userAgent: browser(n),
			})
			const bytes = recorder.bytes
			most.pending = Math.max(most.pending, bytes.pending)
			most.seen = Math.max(most.seen, bytes.seen)
			most.addresses = Math.max(most.addresses, bytes.addresses)
		}
		const elapsedMs = Date.now() - started
		gc()
		const heldMb = (held() - before) / MB
		const entries = recorder.entries
		await recorder.stop()

		// The documented caps (docs/decisions/026): 4 MB waiting (10 % over before hits are
		// dropped), 1 MB of the day's sources and pages, 2 MB of per-address tallies.
		expect(TALLY_BYTES).toEqual({ pending: 4 * MB, seen: MB, addresses: 2 * MB })
		expect(most.pending, 'bytes waiting').toBeLessThanOrEqual(4 * MB * 1.1)
		expect(most.seen, 'bytes of seen dimensions').toBeLessThanOrEqual(MB)
		expect(most.addresses, 'bytes of address tallies').toBeLessThanOrEqual(2 * MB)
		// Each kept source costs at least its ~200 characters, each address tally about 500
		// bytes: the caps keep a few thousand of the 20,000, the rest count as 'other' or go.
		expect(entries.seen, 'sources kept').toBeLessThan(5_000)
		expect(entries.addresses, 'addresses kept').toBeLessThan(5_000)
		// What the recorder really holds (heap and buffers), not what it estimates: without the
		// byte caps, the 20,000 sources, address tallies and visitor hashes take 40 MB and more.
		expect(heldMb, `the recorder holds ${heldMb.toFixed(1)} MB`).toBeLessThan(16)
		expect(elapsedMs).toBeLessThan(15_000)
	})

	test('one address with 300 user agents and 300 made-up sources: at most 3 visitors and 30 views', async () => {
		await insights().flush() // nothing left from another test
		const owner = await createOwner()
		const page = `/${owner.path}`
		for (let i = 0; i < 300; i++) {
			const response = await beacon(
				{
					t: 'view',
					p: page,
					r: `https://made-up-${i}.example/`,
					q: `?utm_source=${'s'.repeat(i)}`,
				},
				'198.51.100.23',
				browser(i),
			)
			expect(response.status).toBe(200)
		}
		await insights().flush()
		await insights().flush()
		const summary = await readSummary(owner.id, '7d')
		expect(summary.totals.views).toBe(MAX_VIEWS_PER_ADDRESS)
		expect(summary.totals.visitors).toBe(3)
		expect(summary.sources.reduce((sum, row) => sum + row.visitors, 0)).toBeLessThanOrEqual(3)
	})
})

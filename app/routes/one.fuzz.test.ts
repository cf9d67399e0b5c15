/**
 * Fuzzing every /one endpoint (and POST /refresh), table-driven from tests/api-endpoints.ts:
 * whatever arrives (malformed JSON, wrong types, missing fields, 100k-character strings, lone
 * surrogates, NUL characters, arrays instead of objects, garbage query strings, random bytes
 * posted as an image, bodies that are not multipart), the answer is never a 500 nor a crash: it
 * is a JSON `{ status, message }` with the HTTP status, a clear 4xx, or a 200 when the generated
 * input happens to be valid. Calls carry owner A's valid token (mostly), so the code behind the
 * session check runs too.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
	API_ENDPOINTS,
	callEndpoint,
	createApiFixture,
	endpointName,
	endpointTableProblems,
	exampleCall,
	type ApiEndpoint,
	type Call,
	type CallBody,
	type Fixture,
	type UploadPart,
} from '#tests/api-endpoints'

/** Random runs per endpoint (besides the fixed edge cases), to keep the whole file near a minute. */
const NUM_RUNS = 40

// ---------------------------------------------------------------- text

/** A deterministic, non-repeating text of `length` characters drawn from `alphabet`. */
function pseudoRandomText(seed: number, length: number, alphabet: readonly string[]) {
	let state = seed >>> 0 || 1
	const out: string[] = []
	for (let i = 0; i < length; i++) {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0
		out.push(alphabet[state % alphabet.length]!)
	}
	return out.join('').slice(0, length)
}

/**
 * The texts of {@link pseudoRandomText}, each made once: a 100k-character text costs far more
 * to make than to send, and the endpoints see the same variety (a few dozen seeds per shape).
 */
const madeTexts = new Map<string, string>()
function hugeTextOf(seed: number, length: number, alphabet: keyof typeof ALPHABETS) {
	const key = `${seed}:${length}:${alphabet}`
	let made = madeTexts.get(key)
	if (made === undefined) {
		made = pseudoRandomText(seed, length, ALPHABETS[alphabet])
		madeTexts.set(key, made)
	}
	return made
}

const ALPHABETS = {
	ascii: Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
	unicode: ['a', 'é', 'ß', 'Ω', '中', '😀', '\u202e', '\ufeff', '\n', ' ', '\ud800', '\udfff'],
	letter: ['a'],
} as const

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))
const oddChar = fc.oneof(
	fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
	loneSurrogate,
	fc.constantFrom(
		'\u0000',
		'\u202e',
		'\ufeff',
		'\u{1f600}',
		'e\u0301',
		'\r\n',
		'"',
		'\\',
		'%',
		'%zz',
		'&',
		'=',
		'#',
		'?',
		'/',
		'+',
		'<',
		"'",
	),
)
const unicodeText = fc.string({ unit: oddChar, maxLength: 30 })
const withNul = fc
	.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
	.map(([before, after]) => `${before}\u0000${after}`)
/** Long texts: mostly 100k characters, also lengths just past the usual limits. */
const hugeText = fc
	.record({
		seed: fc.integer({ min: 1, max: 32 }),
		length: fc.constantFrom(100_000, 100_000, 65, 201, 3_000, 20_001),
		alphabet: fc.constantFrom(...(Object.keys(ALPHABETS) as Array<keyof typeof ALPHABETS>)),
	})
	.map(({ seed, length, alphabet }) => hugeTextOf(seed, length, alphabet))

/** Strings that mean something somewhere: ids of both owners, dates, links, choice names. */
const meaningful = (fx: Fixture) =>
	fc.constantFrom(
		fx.a.id,
		fx.b.id,
		fx.a.portfolioId,
		fx.b.portfolioId,
		fx.a.imageId,
		fx.b.imageId,
		fx.a.path,
		fx.b.path,
		fx.a.email,
		'',
		' ',
		'Ongoing',
		'Jan 2020',
		'2020-02-30',
		'javascript:alert(1)',
		'https://example.com/x',
		'React',
		'Active',
		'Featured',
		'0',
		'-1',
		'1e309',
		'NaN',
		'true',
		'null',
		'__proto__',
		'constructor',
	)

const text = (fx: Fixture) =>
	fc.oneof(fc.string(), unicodeText, withNul, hugeText, hugeText, meaningful(fx))

/** Any JSON value, texts (the nasty ones above) most often. */
const nastyValue = (fx: Fixture) =>
	fc.oneof(
		{ weight: 4, arbitrary: text(fx) },
		{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
		{
			weight: 1,
			arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, 2 ** 53 + 2),
		},
		{ weight: 1, arbitrary: fc.double() },
		{ weight: 1, arbitrary: fc.array(text(fx), { maxLength: 4 }) },
		{ weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
		{
			weight: 1,
			arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
				maxKeys: 4,
			}),
		},
	)

// ---------------------------------------------------------------- bodies

type JsonPath = Array<string | number>

/** Every path into a JSON value (not the root itself). */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
	if (Array.isArray(value)) {
		return value.flatMap((item, index) => [
			[...prefix, index],
			...pathsOf(item, [...prefix, index]),
		])
	}
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, item]) => [
			[...prefix, key],
			...pathsOf(item, [...prefix, key]),
		])
	}
	return []
}

/** Every object key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
	if (Array.isArray(value)) return value.flatMap(keysOf)
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)])
	}
	return []
}

type Mutation = { at: number; change: { remove: true } | { value: unknown } }

/** The example with some of its fields removed or replaced (wrong types, odd strings...). */
function mutate(example: unknown, mutations: Mutation[]) {
	const copy: unknown = JSON.parse(JSON.stringify(example ?? {}))
	for (const { at, change } of mutations) {
		const paths = pathsOf(copy)
		const path = paths[at % Math.max(paths.length, 1)]
		if (!path) return 'value' in change ? change.value : copy
		let parent = copy as Record<string | number, unknown>
		for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
		const last = path[path.length - 1]!
		if ('value' in change) parent[last] = change.value
		else if (Array.isArray(parent)) parent.splice(Number(last), 1)
		else delete parent[last]
	}
	return copy
}

const CONTENT_TYPES = [
	undefined,
	'application/json',
	'text/plain',
	'application/x-www-form-urlencoded',
	'multipart/form-data',
	'multipart/form-data; boundary=xyz',
]

/** Raw text that is (mostly) not JSON, or JSON cut short, too deep or too large. */
const rawJsonish = (example: unknown) => {
	const valid = JSON.stringify(example ?? {})
	return fc.oneof(
		fc.string({ unit: oddChar, maxLength: 60 }),
		fc.nat().map((cut) => valid.slice(0, cut % Math.max(valid.length, 1))),
		fc
			.tuple(fc.nat(), oddChar)
			.map(([at, char]) => valid.slice(0, at % (valid.length + 1)) + char + valid.slice(at)),
		fc.constantFrom(
			'',
			' ',
			'null',
			'[]',
			'{}',
			'"text"',
			'42',
			'{"a":',
			'\u0000',
			'{"portfolioId":"\\u0000"}',
			'undefined',
			'NaN',
			'1e999',
			'{"__proto__":{"polluted":true}}',
			'{"constructor":{"prototype":{"polluted":true}}}',
			'['.repeat(100_000),
			`${'['.repeat(5_000)}${']'.repeat(5_000)}`,
			`{"x":"${'a'.repeat(300_000)}"}`,
		),
	)
}

const jsonBody = (fx: Fixture, example: unknown): fc.Arbitrary<CallBody> => {
	const keys = [...new Set(keysOf(example))]
	const mutation: fc.Arbitrary<Mutation> = fc.record({
		at: fc.nat(),
		change: fc.oneof(
			fc.constant({ remove: true as const }),
			nastyValue(fx).map((value) => ({ value })),
		),
	})
	return fc.oneof(
		{
			weight: 5,
			arbitrary: fc
				.array(mutation, { minLength: 1, maxLength: 3 })
				.map((mutations) => ({ json: mutate(example, mutations) })),
		},
		{
			weight: 2,
			arbitrary: fc
				.dictionary(
					keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string()) : fc.string(),
					nastyValue(fx),
					{ maxKeys: 6 },
				)
				.map((json) => ({ json })),
		},
		{ weight: 2, arbitrary: fc.jsonValue().map((json) => ({ json })) },
		{ weight: 1, arbitrary: fc.array(nastyValue(fx), { maxLength: 3 }).map((json) => ({ json })) },
		{
			weight: 3,
			arbitrary: fc
				.record({ raw: rawJsonish(example), contentType: fc.constantFrom(...CONTENT_TYPES) })
				.map(({ raw, contentType }) => ({ raw, contentType })),
		},
		{ weight: 1, arbitrary: fc.constant({ json: example ?? {} }) },
	)
}

// ---------------------------------------------------------------- uploads

const MAGIC = {
	png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
	jpeg: [0xff, 0xd8, 0xff, 0xe0],
	webp: [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
	avif: [0, 0, 0, 0x1c, ...Buffer.from('ftypavif'), 0, 0, 0, 0, ...Buffer.from('avifmif1')],
	gif: [...Buffer.from('GIF89a')],
	svg: [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')],
}

/** Bytes that are no image: random, or an image's magic bytes followed by random bytes. */
const garbageBytes = fc.oneof(
	fc.uint8Array({ maxLength: 2048 }),
	fc
		.tuple(fc.constantFrom(...Object.values(MAGIC)), fc.uint8Array({ maxLength: 1024 }))
		.map(([magic, rest]) => Buffer.concat([Buffer.from(magic), rest])),
)

const UPLOAD_TYPES = [
	'image/png',
	'image/jpeg',
	'image/webp',
	'image/svg+xml',
	'application/octet-stream',
	'text/plain',
	'',
]

type UploadInput = { body: CallBody; garbage: boolean }

/**
 * Multipart bodies: parts holding garbage bytes (under the right field name or not), text parts,
 * the valid picture cut short, hand-written multipart with a broken structure, and bodies that
 * are not multipart at all. `garbage` marks inputs that can only be refused.
 */
const uploadBody = (fx: Fixture, valid: UploadPart): fc.Arbitrary<UploadInput> => {
	const field = fc.oneof(
		{ weight: 4, arbitrary: fc.constant(valid.field) },
		{ weight: 1, arbitrary: fc.string({ unit: oddChar, maxLength: 12 }) },
	)
	const filePart = fc.record({
		field,
		data: garbageBytes.map((bytes) => Buffer.from(bytes)),
		filename: fc.oneof(fc.constant('photo.png'), fc.string({ unit: oddChar, maxLength: 20 })),
		type: fc.constantFrom(...UPLOAD_TYPES),
	})
	const textPart = fc.record({ field, value: fc.oneof(unicodeText, meaningful(fx)) })
	const boundary = 'fuzzboundary'
	const handWritten = fc
		.tuple(garbageBytes, fc.boolean(), fc.string({ unit: oddChar, maxLength: 12 }))
		.map(([bytes, closed, filename]) =>
			Buffer.concat([
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${valid.field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
				),
				bytes,
				Buffer.from(closed ? `\r\n--${boundary}--\r\n` : ''),
			]),
		)
	return fc.oneof(
		{
			weight: 5,
			arbitrary: fc
				.array(fc.oneof({ weight: 4, arbitrary: filePart }, { weight: 1, arbitrary: textPart }), {
					maxLength: 3,
				})
				.map((parts) => ({ body: { parts }, garbage: true })),
		},
		{
			weight: 2,
			arbitrary: handWritten.map((raw) => ({
				body: { raw, contentType: `multipart/form-data; boundary=${boundary}` },
				garbage: true,
			})),
		},
		{
			weight: 2,
			arbitrary: fc
				.record({
					raw: fc.oneof(fc.string({ unit: oddChar, maxLength: 60 }), garbageBytes),
					contentType: fc.constantFrom(
						undefined,
						'multipart/form-data',
						'multipart/form-data; boundary=',
						'multipart/form-data; boundary=xyz',
						'multipart/mixed; boundary=xyz',
						'application/json',
						'text/plain',
						'image/png',
					),
				})
				.map(({ raw, contentType }) => ({ body: { raw, contentType }, garbage: true })),
		},
		{
			// The real picture cut short: a decoder may or may not manage with what is left.
			weight: 1,
			arbitrary: fc.nat().map((cut) => ({
				body: { parts: [{ ...valid, data: valid.data.subarray(0, cut % valid.data.length) }] },
				garbage: false,
			})),
		},
		{
			weight: 1,
			arbitrary: fc.constant<UploadInput>({ body: { parts: [valid] }, garbage: false }),
		},
	)
}

// ---------------------------------------------------------------- the generated call

type FuzzCase = { call: Call; garbageUpload: boolean }

const GENERIC_QUERY_KEYS = [
	'customer_id',
	'customerId',
	'portfolioId',
	'productId',
	'imageId',
	'key',
]

function exampleUpload(endpoint: ApiEndpoint, valid: Call): UploadPart {
	const part = valid.body && 'parts' in valid.body ? valid.body.parts[0] : undefined
	if (!part || !('data' in part)) {
		throw new Error(`${endpointName(endpoint)}: a multipart endpoint needs an example file`)
	}
	return part
}

function fuzzCase(endpoint: ApiEndpoint, fx: Fixture): fc.Arbitrary<FuzzCase> {
	const valid = exampleCall(endpoint, fx, fx.a.token)
	const validQuery = (valid.query ?? {}) as Record<string, string>

	const queryKeys = [...new Set([...endpoint.queryKeys, ...GENERIC_QUERY_KEYS])]
	const queryValue = (key: string) =>
		key in validQuery
			? fc.oneof({ weight: 2, arbitrary: fc.constant(validQuery[key]!) }, text(fx))
			: text(fx)
	const query: fc.Arbitrary<Call['query']> = fc.oneof(
		{ weight: 3, arbitrary: fc.constant(validQuery) },
		{
			weight: 3,
			arbitrary: fc.record(Object.fromEntries(queryKeys.map((key) => [key, queryValue(key)])), {
				requiredKeys: [],
			}) as fc.Arbitrary<Record<string, string>>,
		},
		{ weight: 1, arbitrary: fc.string({ unit: oddChar, maxLength: 80 }) },
	)

	const paramNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
	const params: fc.Arbitrary<Record<string, string>> = paramNames.length
		? fc.oneof(
				{ weight: 4, arbitrary: fc.constant(valid.params ?? {}) },
				{
					weight: 1,
					arbitrary: fc.record(Object.fromEntries(paramNames.map((name) => [name, text(fx)]))),
				},
			)
		: fc.constant(valid.params ?? {})

	const auth: fc.Arbitrary<Pick<Call, 'token' | 'headers'>> = fc.oneof(
		{ weight: 8, arbitrary: fc.constant({ token: fx.a.token }) },
		{ weight: 1, arbitrary: fc.constant({}) },
		{
			weight: 1,
			arbitrary: fc
				.string({ unit: 'grapheme-ascii', maxLength: 60 })
				.map((authorization) => ({ headers: { Authorization: authorization } })),
		},
	)

	const body: fc.Arbitrary<{ body?: CallBody; garbageUpload: boolean }> =
		endpoint.method === 'GET'
			? fc.constant({ garbageUpload: false })
			: endpoint.payload === 'multipart'
				? uploadBody(fx, exampleUpload(endpoint, valid)).map(({ body, garbage }) => ({
						body,
						garbageUpload: garbage,
					}))
				: jsonBody(fx, valid.body && 'json' in valid.body ? valid.body.json : undefined).map(
						(body) => ({ body, garbageUpload: false }),
					)

	return fc.record({ params, query, auth, body }).map(({ params, query, auth, body }) => ({
		call: { params, query, ...auth, body: body.body },
		garbageUpload: body.garbageUpload,
	}))
}

// ---------------------------------------------------------------- fixed edge cases

const HUGE_ASCII = pseudoRandomText(7, 100_000, ALPHABETS.ascii)
const HUGE_UNICODE = pseudoRandomText(11, 100_000, ALPHABETS.unicode)
/** Each replaces, in turn, every query parameter of the example call. */
const EDGE_TEXTS = [HUGE_ASCII, HUGE_UNICODE, 'a\u0000b', '\ud800', '']
/** Each replaces, in turn, every leaf (text, number, boolean, null) of the example body. */
const EDGE_VALUES: unknown[] = [HUGE_ASCII, 'a\u0000b', '\ud800', null, 12345, ['x']]

/** Every path to a leaf (text, number, boolean, null) of a JSON value. */
function leafPathsOf(value: unknown): JsonPath[] {
	return pathsOf(value).filter((path) => {
		let at: unknown = value
		for (const step of path) at = (at as Record<string | number, unknown>)[step]
		return at === null || typeof at !== 'object'
	})
}

function replaceAt(value: unknown, path: JsonPath, replacement: unknown) {
	const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>
	let parent = copy
	for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
	parent[path[path.length - 1]!] = replacement
	return copy
}

/**
 * The valid call, then the valid call with one body field or one query parameter replaced by a
 * 100k-character text, a NUL, a lone surrogate, an empty text, or a value of another type; and
 * the body as a list, a text and null. fast-check runs these before its random inputs.
 */
function edgeCases(endpoint: ApiEndpoint, fx: Fixture): FuzzCase[] {
	const valid = exampleCall(endpoint, fx, fx.a.token)
	const cases: Call[] = [valid]
	const query = valid.query as Record<string, string> | undefined
	for (const key of Object.keys(query ?? {})) {
		for (const edge of EDGE_TEXTS) cases.push({ ...valid, query: { ...query, [key]: edge } })
	}
	if (valid.body && 'json' in valid.body) {
		const example = valid.body.json
		for (const path of leafPathsOf(example)) {
			for (const edge of EDGE_VALUES) {
				cases.push({ ...valid, body: { json: replaceAt(example, path, edge) } })
			}
		}
		for (const json of [[example], 'text', null]) cases.push({ ...valid, body: { json } })
	}
	return cases.map((call) => ({ call, garbageUpload: false }))
}

// ---------------------------------------------------------------- the property

/** A short description of a call for failure messages (inputs can be 100k characters long). */
function describeCall(call: Call) {
	return fc.stringify(call).slice(0, 1_500)
}

/**
 * The answer is a Response (returned or thrown, never another error), below 500, whose JSON body
 * is `{ status, ... }` with the HTTP status, and for a 4xx a non-empty `message`.
 */
async function expectCleanAnswer(endpoint: ApiEndpoint, { call, garbageUpload }: FuzzCase) {
	let response: Response
	try {
		response = await callEndpoint(endpoint, call)
	} catch (error) {
		// What the HTTP server would answer with a 500.
		throw new Error(
			`${endpointName(endpoint)} crashed: ${error instanceof Error ? error.message : String(error)}\n` +
				`call: ${describeCall(call)}`,
		)
	}
	if (endpoint.binary && response.status === 200) {
		// A valid call (the example) that answers the archive, not JSON.
		expect(response.headers.get('content-type')).toBe(endpoint.binary)
		await response.arrayBuffer()
		return
	}
	const text = await response.text()
	const fail = (problem: string) => {
		throw new Error(
			`${endpointName(endpoint)} ${problem}\nanswer: ${response.status} ${text.slice(0, 500)}\n` +
				`call: ${describeCall(call)}`,
		)
	}
	if (response.status >= 500) fail('failed with a server error')
	if (response.status < 200 || (response.status >= 300 && response.status < 400)) {
		fail('answered an unexpected status')
	}
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		fail('answered a body that is not JSON')
	}
	if (
		typeof json !== 'object' ||
		json === null ||
		(json as { status?: unknown }).status !== response.status
	) {
		fail('answered a JSON body whose status is not the HTTP status')
	}
	const message = (json as { message?: unknown }).message
	if (response.status >= 400 && (typeof message !== 'string' || message.trim() === '')) {
		fail('refused the call without a message')
	}
	if (garbageUpload && response.status < 400) fail('accepted garbage as an image')
}

let sharedFixture: Promise<Fixture> | undefined
/** Reads change nothing, so they share one fixture; every write gets a fresh one. */
function fixtureFor(endpoint: ApiEndpoint) {
	if (endpoint.method !== 'GET') return createApiFixture()
	sharedFixture ??= createApiFixture()
	return sharedFixture
}

async function fuzz(endpoint: ApiEndpoint) {
	const fx = await fixtureFor(endpoint)
	const details = await fc.check(
		fc.asyncProperty(fuzzCase(endpoint, fx), (input) => expectCleanAnswer(endpoint, input)),
		{ numRuns: NUM_RUNS, examples: edgeCases(endpoint, fx).map((input) => [input]) },
	)
	if (details.failed) {
		const error = details.errorInstance
		throw new Error(
			`${error instanceof Error ? error.message : String(error)}\n` +
				`(fast-check seed ${details.seed}, path ${details.counterexamplePath}, ` +
				`${details.numShrinks} shrinks)`,
		)
	}
}

describe('the endpoint table', () => {
	test('lists every /one route module and /refresh, each with its own loader or action', async () => {
		expect(await endpointTableProblems()).toEqual([])
	})
})

describe('fuzzing: never a 500, never a crash, always a clear 4xx for bad input', () => {
	test.each(API_ENDPOINTS.map((endpoint) => [endpointName(endpoint), endpoint] as const))(
		'%s',
		async (_, endpoint) => {
			await fuzz(endpoint)
		},
		60_000,
	)
})

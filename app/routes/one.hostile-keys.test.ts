/**
 * Keys that name the machinery of JavaScript objects (`__proto__`, `constructor`, `prototype`) in
 * JSON we are sent: a resume import's file and every /one JSON body answer 400 naming the key and
 * where it is, at any depth, and change nothing; never a 500, never a polluted prototype. Other
 * names an object inherits (`toString`, …) are ordinary fields of a file, listed as skipped.
 */
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	API_ENDPOINTS,
	callEndpointJson,
	createApiFixture,
	endpointName,
	exampleCall,
	type Fixture,
} from '#tests/api-endpoints'
import { createOwner, snapshotAccount } from '#tests/factories'
import { callApi } from '#tests/route'
import { replaceSkills } from '~/models/resume.server'
import { action as apply } from './one.sites.resume.import.apply'
import { action as preview } from './one.sites.resume.import.preview'

const HOSTILE = ['__proto__', 'constructor', 'prototype'] as const

/** Nothing may have reached Object.prototype, whatever a test sent. */
afterAll(() => {
	expect(({} as Record<string, unknown>).polluted).toBeUndefined()
	expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false)
})

function upload(name: string, data: string | Uint8Array) {
	const body = new FormData()
	const bytes = typeof data === 'string' ? strToU8(data) : data
	body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
	body.append('sections', 'profile,skills,workExp')
	body.append('mode', 'replace')
	return body
}

describe('a resume import whose JSON holds such a key', () => {
	// Written as text: a JavaScript object literal cannot hold an own `__proto__` key.
	const files = (key: string): Array<[string, string]> => [
		['the document', `{"${key}":{"polluted":true},"basics":{"name":"Ada Lovelace"}}`],
		['basics', `{"basics":{"name":"Ada Lovelace","${key}":{"polluted":true}}}`],
		['basics.location', `{"basics":{"name":"Ada","location":{"city":"London","${key}":"x"}}}`],
		['work.0', `{"work":[{"name":"Acme","${key}":{"polluted":true}}]}`],
		['skills.0.keywords.1', `{"skills":[{"name":"Figma","keywords":["a",{"${key}":1}]}]}`],
	]

	test.each(HOSTILE)(
		'“%s”: preview and apply answer 400 naming it and where it is',
		async (key) => {
			const owner = await createOwner()
			await replaceSkills(owner.id, [{ skillName: 'Figma', halves: 8 }])
			const before = await snapshotAccount(owner.id)
			for (const [where, text] of files(key)) {
				for (const handler of [preview, apply]) {
					const answer = await callApi(handler, '/one/sites/resume/import/x', {
						token: owner.token,
						rawBody: upload('resume.json', text),
					})
					expect([where, answer.status]).toEqual([where, 400])
					expect(answer.json.message).toBe(
						`This is not a valid JSON Resume file: ${where} holds the key “${key}”, which is not allowed.`,
					)
				}
			}
			expect(await snapshotAccount(owner.id)).toEqual(before)
		},
	)

	test('other names every object inherits are fields like any other: listed as skipped', async () => {
		const owner = await createOwner()
		const text = JSON.stringify({
			basics: {
				name: 'Ada Lovelace',
				toString: 'basics',
				hasOwnProperty: 'yes',
				profiles: [{ network: 'constructor', url: 'https://example.com/ada' }],
			},
			work: [{ name: 'Acme', position: 'Engineer', startDate: '2020-01', valueOf: 'work' }],
			toString: 'top',
		})
		const answer = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload('resume.json', text),
		})
		expect(answer.status, JSON.stringify(answer.json)).toBe(200)
		const data = answer.json.data as {
			sections: { links?: { items: Array<{ title: string; url: string }> } }
			skipped: Array<{ field: string; value: string; reason: string }>
		}
		expect(data.skipped.map((item) => item.field)).toEqual(
			expect.arrayContaining(['basics.toString', 'basics.hasOwnProperty', 'work[0].valueOf']),
		)
		expect(data.skipped).toContainEqual(
			expect.objectContaining({
				field: 'toString',
				reason: 'not a JSON Resume section Tagg knows',
			}),
		)
		// A network named like Object's constructor is a network Tagg does not know: a link.
		expect(data.sections.links?.items).toEqual([
			expect.objectContaining({ title: 'constructor', url: 'https://example.com/ada' }),
		])
	})

	test('a LinkedIn export with such columns lists them as columns Tagg does not read', async () => {
		const owner = await createOwner()
		const zip = zipSync({
			'Profile.csv': strToU8(
				'First Name,Last Name,Headline,constructor,__proto__,toString\r\nAda,Lovelace,Analyst,a,b,c\r\n',
			),
		})
		const answer = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload('linkedin.zip', zip),
		})
		expect(answer.status, JSON.stringify(answer.json)).toBe(200)
		const skipped = (answer.json.data as { skipped: Array<{ field: string; reason: string }> })
			.skipped
		for (const column of ['constructor', '__proto__', 'toString']) {
			expect(skipped).toContainEqual(
				expect.objectContaining({
					field: `Profile.csv.${column}`,
					reason: 'Tagg has no field for it',
				}),
			)
		}
	})
})

describe('every /one JSON body holding such a key', () => {
	let fx: Fixture
	beforeAll(async () => {
		fx = await createApiFixture()
	})

	const jsonEndpoints = API_ENDPOINTS.filter((endpoint) => endpoint.payload === 'json')

	test('the table has JSON endpoints to try', () => {
		expect(jsonEndpoints.length).toBeGreaterThan(30)
	})

	test.each(jsonEndpoints.map((endpoint) => [endpointName(endpoint), endpoint] as const))(
		'%s: 400 naming the key, at the top and deep inside, and nothing changes',
		async (_name, endpoint) => {
			const call = exampleCall(endpoint, fx, fx.a.token)
			const example = JSON.stringify(
				call.body && 'json' in call.body && call.body.json !== undefined ? call.body.json : {},
			)
			const rest = example === '{}' ? '}' : `,${example.slice(1)}`
			const before = await snapshotAccount(fx.a.id)
			for (const key of HOSTILE) {
				const bodies: Array<[string, string]> = [
					[`{"${key}":{"polluted":true}${rest}`, `the key “${key}” is not allowed`],
					[
						`{"deep":[{"inside":{"${key}":{"polluted":true}}}]${rest}`,
						`deep.0.inside: the key “${key}” is not allowed`,
					],
				]
				for (const [raw, message] of bodies) {
					const answer = await callEndpointJson(endpoint, {
						...call,
						body: { raw, contentType: 'application/json' },
					})
					// A sudo change refuses a session without a recent proof before it reads the body.
					if (answer.status === 403 && answer.json.code === 'sudo_required') continue
					expect([raw, answer.status, answer.json.message]).toEqual([raw, 400, message])
				}
			}
			expect(await snapshotAccount(fx.a.id)).toEqual(before)
		},
	)
})

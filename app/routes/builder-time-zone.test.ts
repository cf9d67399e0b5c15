/**
 * The owner's time zone, kept by the builder in a cookie so its server renders their times in it
 * (app/utils/time-zone.ts): only a zone the runtime knows is taken from it.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { makeRequest } from '#tests/route'
import { TIME_ZONE_COOKIE, validTimeZone } from '~/utils/time-zone'
import { requestTimeZone } from '~/utils/time-zone.server'
import { loader } from './builder'

describe('validTimeZone', () => {
	test.each([
		['Asia/Tokyo', 'Asia/Tokyo'],
		['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
		['Etc/GMT+5', 'Etc/GMT+5'],
		['UTC', 'UTC'],
	])('%s is a zone', (zone, expected) => {
		expect(validTimeZone(zone)).toBe(expected)
	})

	test.each([
		'',
		'Mars/Olympus_Mons',
		'../../etc/passwd',
		'Asia/Tokyo; Path=/',
		'Asia/Tokyo\u0000',
		`Asia/${'x'.repeat(80)}`,
		'<script>',
	])('%j is not', (zone) => {
		expect(validTimeZone(zone)).toBeNull()
	})
})

const request = (cookie?: string) =>
	makeRequest('/builder', { headers: cookie === undefined ? {} : { Cookie: cookie } })

test('the cookie names the zone, among other cookies; none or junk is none', () => {
	expect(requestTimeZone(request(`tagg_lang=fr; ${TIME_ZONE_COOKIE}=Asia%2FTokyo`))).toBe(
		'Asia/Tokyo',
	)
	expect(requestTimeZone(request())).toBeNull()
	expect(requestTimeZone(request(`${TIME_ZONE_COOKIE}=Nowhere%2FAtAll`))).toBeNull()
	expect(requestTimeZone(request(`${TIME_ZONE_COOKIE}=%E0%A4%A`))).toBeNull()
})

test('the builder’s layout tells its pages the zone the cookie keeps', async () => {
	const owner = await createOwner()
	const load = async (cookie?: string) => {
		const response = (await loader({
			request: makeRequest('/builder', {
				token: owner.token,
				headers: cookie ? { Cookie: cookie } : {},
			}),
			params: {},
			context: {},
		})) as unknown as { data: { timeZone: string | null } }
		return response.data.timeZone
	}
	expect(await load(`${TIME_ZONE_COOKIE}=America%2FNew_York`)).toBe('America/New_York')
	expect(await load()).toBeNull()
})

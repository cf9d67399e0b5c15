/**
 * The key every limit counts a client by (`addressKey`, through `clientAddress`): an IPv4
 * address as it is, an IPv6 address by its /64 whatever its spelling, an IPv4-mapped address as
 * the IPv4 address, anything else as given.
 */
import { describe, expect, test } from 'vitest'
import { addressKey, clientAddress, REMOTE_ADDRESS_HEADER } from './rate-limit.server'

describe('addressKey', () => {
	test('an IPv4 address is its own key', () => {
		expect(addressKey('192.0.2.7')).toBe('192.0.2.7')
		expect(addressKey(' 203.0.113.255 ')).toBe('203.0.113.255')
	})

	test.each([
		['2001:db8:1:2::1', '2001:db8:1:2::/64'],
		['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
		['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
		['2001:db8:1:2:0:0:0:1', '2001:db8:1:2::/64'],
		['2001:db8::1', '2001:db8:0:0::/64'],
		['2001:db8:0:0:1::', '2001:db8:0:0::/64'],
		['::1', '0:0:0:0::/64'],
		['::', '0:0:0:0::/64'],
		['fe80::1%eth0', 'fe80:0:0:0::/64'],
		['fe80::abcd%25en0', 'fe80:0:0:0::/64'],
		['[2001:db8:1:2::99]', '2001:db8:1:2::/64'],
		['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
	])('IPv6 %s counts as its /64 %s', (address, key) => {
		expect(addressKey(address)).toBe(key)
	})

	test('every address of one /64 is one client; the next /64 is another', () => {
		const keys = new Set(
			Array.from({ length: 30 }, (_, index) => addressKey(`2001:db8:47:1::${index + 1}`)),
		)
		expect([...keys]).toEqual(['2001:db8:47:1::/64'])
		expect(addressKey('2001:db8:47:2::1')).not.toBe(addressKey('2001:db8:47:1::1'))
	})

	test.each([
		['::ffff:192.0.2.1', '192.0.2.1'],
		['::FFFF:192.0.2.1', '192.0.2.1'],
		['::ffff:c000:201', '192.0.2.1'],
		['0:0:0:0:0:ffff:192.0.2.1', '192.0.2.1'],
		['0000:0000:0000:0000:0000:ffff:c000:0201', '192.0.2.1'],
		['[::ffff:127.0.0.1]', '127.0.0.1'],
	])('the IPv4-mapped %s counts as the IPv4 address %s', (address, key) => {
		expect(addressKey(address)).toBe(key)
	})

	test('what is no IP address is kept as given', () => {
		expect(addressKey('')).toBe('')
		expect(addressKey('unknown')).toBe('unknown')
		expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2')
		expect(addressKey('203.0.113.9-test')).toBe('203.0.113.9-test')
	})
})

describe('clientAddress', () => {
	const request = (address?: string) =>
		new Request('http://tagg.test/', {
			headers: address === undefined ? {} : { [REMOTE_ADDRESS_HEADER]: address },
		})

	test('reads the server’s header through addressKey; none is `unknown`', () => {
		expect(clientAddress(request('2001:db8:47:1::30'))).toBe('2001:db8:47:1::/64')
		expect(clientAddress(request('::ffff:198.51.100.4'))).toBe('198.51.100.4')
		expect(clientAddress(request('198.51.100.4'))).toBe('198.51.100.4')
		expect(clientAddress(request(''))).toBe('unknown')
		expect(clientAddress(request())).toBe('unknown')
	})
})

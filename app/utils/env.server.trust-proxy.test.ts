/**
 * TRUST_PROXY: the peers whose forwarding headers are believed, read as Express's `trust proxy`
 * reads them (default loopback; `false` none); a value Express would not read stops start-up
 * with a message naming the variable.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { describe, expect, test } from 'vitest'
import { parseEnv, parseTrustProxy } from './env.server'

const parse = (TRUST_PROXY?: string) =>
	parseEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-env-')), TRUST_PROXY })
		.TRUST_PROXY

describe('TRUST_PROXY', () => {
	test('loopback by default (unset or empty)', () => {
		expect(parse()).toEqual(['loopback'])
		expect(parse('')).toEqual(['loopback'])
	})

	test('`false` trusts no peer', () => {
		expect(parse('false')).toEqual([])
		expect(parse(' FALSE ')).toEqual([])
	})

	test('a comma list of addresses, CIDRs, netmasks and range names', () => {
		expect(
			parse('loopback, 10.0.0.5,10.1.0.0/16 , fd00::/8, Uniquelocal, 192.168.0.0/255.255.0.0'),
		).toEqual([
			'loopback',
			'10.0.0.5',
			'10.1.0.0/16',
			'fd00::/8',
			'uniquelocal',
			'192.168.0.0/255.255.0.0',
		])
		expect(parse('linklocal')).toEqual(['linklocal'])
		expect(parse('::1')).toEqual(['::1'])
	})

	test.each([
		'true',
		'1',
		'2',
		'loopback,',
		'localhost',
		'10.0.0.0/33',
		'10.0.0.0/0',
		'fd00::/129',
		'10.0.0.0/8/8',
		'10.0.0.0/255.0.255.0',
		'10.0.0.0/0.0.0.0',
		'10.0.0.256',
		'loopback false',
		'*',
	])('%j stops start-up naming TRUST_PROXY', (value) => {
		expect(parseTrustProxy(value)).toBeNull()
		expect(() => parse(value)).toThrow(
			/^Invalid environment variable TRUST_PROXY: expected 'false' or a comma list of proxy addresses and CIDRs/,
		)
	})

	test('what it accepts, Express accepts, and trusts exactly those peers', () => {
		const app = express()
		app.set('trust proxy', parse('loopback,10.1.0.0/16,fd00::/8'))
		const trusts = app.get('trust proxy fn') as (address: string, hop: number) => boolean
		expect(trusts('127.0.0.1', 0)).toBe(true)
		expect(trusts('::1', 0)).toBe(true)
		expect(trusts('10.1.2.3', 0)).toBe(true)
		expect(trusts('fd12::1', 0)).toBe(true)
		expect(trusts('10.2.0.1', 0)).toBe(false)
		expect(trusts('192.168.1.1', 0)).toBe(false)
		expect(trusts('203.0.113.9', 0)).toBe(false)
	})
})

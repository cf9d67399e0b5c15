import { describe, expect, test } from 'vitest'
import { counts, failures, type PlaywrightReport, type VitestReport } from './lib/test-report'

const vitest: VitestReport = {
	numPassedTests: 2,
	numFailedTests: 1,
	testResults: [
		{
			name: '/repo/tests/a.test.ts',
			status: 'failed',
			message: '',
			assertionResults: [
				{ fullName: 'forgot password is quick', status: 'passed', failureMessages: [] },
				{
					fullName: 'forgot password same time',
					status: 'failed',
					failureMessages: [
						'AssertionError: expected 61 to be less than 50\n\n    at a.test.ts:100:3',
					],
				},
			],
		},
		{
			name: '/repo/tests/b.test.ts',
			status: 'failed',
			message: 'Hook timed out in 60000ms',
			assertionResults: [],
		},
		{ name: '/repo/tests/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
	],
}

const playwright: PlaywrightReport = {
	stats: { expected: 3, unexpected: 1, flaky: 1 },
	suites: [
		{
			title: 'share.spec.ts',
			file: 'share.spec.ts',
			specs: [
				{
					title: 'a visitor shares',
					line: 42,
					ok: false,
					tests: [
						{ projectName: 'desktop', status: 'expected' },
						{ projectName: 'phone', status: 'unexpected' },
					],
				},
			],
			suites: [
				{
					title: 'with JavaScript off',
					specs: [
						{
							title: 'the vCard downloads',
							line: 90,
							ok: true,
							tests: [{ projectName: 'desktop', status: 'flaky' }],
						},
						{
							title: 'fine',
							line: 99,
							ok: true,
							tests: [{ projectName: 'phone', status: 'expected' }],
						},
					],
				},
			],
		},
	],
	errors: [{ message: 'Error: webServer exited early\nmore' }],
}

describe('the test report', () => {
	test('counts a flaky browser test as failed', () => {
		expect(counts(vitest, playwright)).toEqual({ passed: 5, failed: 3 })
		expect(counts(null, null)).toEqual({ passed: 0, failed: 0 })
	})

	test('names every failure, where it is and how it failed', () => {
		const found = failures(vitest, playwright, '/repo')
		expect(found).toHaveLength(5)
		expect(found[0]).toBe(
			'  vitest tests/a.test.ts › forgot password same time\n' +
				'      AssertionError: expected 61 to be less than 50\n' +
				'      at a.test.ts:100:3',
		)
		expect(found[1]).toBe(
			'  vitest tests/b.test.ts (the file itself)\n      Hook timed out in 60000ms',
		)
		expect(found[2]).toBe('  playwright share.spec.ts:42 › a visitor shares (phone: unexpected)')
		expect(found[3]).toBe('  playwright share.spec.ts:90 › the vCard downloads (desktop: flaky)')
		expect(found[4]).toBe(
			'  playwright, outside any test\n      Error: webServer exited early\n      more',
		)
	})

	test('a green run names nothing', () => {
		expect(failures({ testResults: [vitest.testResults![2]!] }, { suites: [] }, '/repo')).toEqual(
			[],
		)
	})
})

/**
 * Reads the JSON reports of vitest and Playwright that `npm test` asks for and tells what they
 * count and what failed, by name. A CI log often keeps only its last lines, so `npm test` prints
 * these names last, above its summary line.
 */

export type VitestReport = {
	numPassedTests?: number
	numFailedTests?: number
	testResults?: Array<{
		name?: string
		status?: string
		message?: string
		assertionResults?: Array<{ fullName?: string; status?: string; failureMessages?: string[] }>
	}>
}

type PlaywrightSuite = {
	title?: string
	file?: string
	suites?: PlaywrightSuite[]
	specs?: Array<{
		title?: string
		line?: number
		ok?: boolean
		tests?: Array<{ projectName?: string; status?: string }>
	}>
}

export type PlaywrightReport = {
	stats?: { expected?: number; unexpected?: number; flaky?: number }
	suites?: PlaywrightSuite[]
	errors?: Array<{ message?: string }>
}

/** Passed and failed tests of both; a flaky browser test (passed on a retry) counts as failed. */
export function counts(vitest: VitestReport | null, playwright: PlaywrightReport | null) {
	return {
		passed: (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0),
		failed:
			(vitest?.numFailedTests ?? 0) +
			(playwright?.stats?.unexpected ?? 0) +
			(playwright?.stats?.flaky ?? 0),
	}
}

/** The first lines of an error: enough to tell one failure from another. */
function firstLines(text: string | undefined, count = 8) {
	return (text ?? '')
		.split('\n')
		.filter((line) => line.trim())
		.slice(0, count)
		.map((line) => `      ${line.trim().slice(0, 200)}`)
		.join('\n')
}

/** One entry per failed test (or file that failed outside its tests), its name first. */
export function failures(
	vitest: VitestReport | null,
	playwright: PlaywrightReport | null,
	root: string,
): string[] {
	const found: string[] = []
	for (const file of vitest?.testResults ?? []) {
		const where = (file.name ?? '').replace(`${root}/`, '')
		const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
		for (const test of failed) {
			found.push(`  vitest ${where} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`)
		}
		// A file that fails outside any test (a hook, an import) has no failed test to name.
		if (file.status === 'failed' && failed.length === 0) {
			found.push(`  vitest ${where} (the file itself)\n${firstLines(file.message)}`)
		}
	}
	const walk = (suite: PlaywrightSuite, file: string) => {
		for (const spec of suite.specs ?? []) {
			const bad = (spec.tests ?? []).filter(
				(test) => test.status === 'unexpected' || test.status === 'flaky',
			)
			if (bad.length === 0) continue
			const how = bad.map((test) => `${test.projectName}: ${test.status}`).join(', ')
			found.push(`  playwright ${file}:${spec.line} › ${spec.title} (${how})`)
		}
		for (const child of suite.suites ?? []) walk(child, file)
	}
	for (const suite of playwright?.suites ?? []) walk(suite, suite.file ?? suite.title ?? '')
	for (const error of playwright?.errors ?? []) {
		found.push(`  playwright, outside any test\n${firstLines(error.message)}`)
	}
	return found
}

/**
 * `npm test`'s tool check, run against a fake machine: a PATH of our own holding stand-ins for
 * apt-get, npx and the tools, so what is installed (and how often) can be read back.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import {
	ensureSystemTools,
	isDebianLike,
	locate,
	TEST_TOOLS,
	type Machine,
	type SystemTool,
} from './lib/system-tools'

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function script(file: string, body: string) {
	fs.writeFileSync(file, `#!/bin/sh\n${body}\n`)
	fs.chmodSync(file, 0o755)
}

/**
 * A machine whose PATH is one empty folder. Its apt-get logs each call and, on `install`, puts
 * the programs of the packages named into that folder (as Debian's packages would), unless told
 * to fail.
 */
function fakeMachine(options: {
	isRoot?: boolean
	isDebian?: boolean
	aptFails?: boolean
	env?: Record<string, string | undefined>
}) {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-tools-'))
	dirs.push(root)
	const bin = path.join(root, 'bin')
	fs.mkdirSync(bin)
	const log = path.join(root, 'calls.log')
	fs.writeFileSync(log, '')
	const provides: Record<string, string[]> = {
		'chromium-headless-shell': ['chromium-headless-shell'],
		'poppler-utils': ['pdftotext', 'pdffonts', 'pdfinfo', 'pdftoppm'],
		postgresql: ['initdb', 'postgres'],
		pgbouncer: ['pgbouncer'],
		nginx: ['nginx'],
		'default-jre-headless': ['java'],
		caddy: ['caddy'],
	}
	const installs = Object.entries(provides)
		.map(
			([pkg, programs]) =>
				`case " $* " in *" ${pkg} "*) for p in ${programs.join(' ')}; do printf '#!/bin/sh\\n' > ${bin}/$p; /bin/chmod 755 ${bin}/$p; done;; esac`,
		)
		.join('\n')
	script(
		path.join(bin, 'apt-get'),
		`echo "apt-get $*" >> ${log}\n${options.aptFails ? 'exit 100' : ''}\nif [ "$1" = install ]; then\n${installs}\nfi`,
	)
	script(path.join(bin, 'npx'), `echo "npx $*" >> ${log}\nexit 1`)
	const printed: string[] = []
	const machine: Machine = {
		PATH: bin,
		env: options.env ?? {},
		isRoot: options.isRoot ?? true,
		isDebian: options.isDebian ?? true,
		log: (line) => printed.push(line),
		run: (command, args) =>
			spawnSync(command, args, { env: { ...process.env, PATH: bin } }).status ?? 1,
	}
	const calls = () => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)
	return { machine, bin, calls, printed }
}

// The real list, seeing only the fake PATH: no fixed folders (this machine's own /usr/sbin may hold
// nginx) and no Playwright browser.
const tools: SystemTool[] = TEST_TOOLS.map((tool) => ({
	...tool,
	dirs: [],
	...(tool.fallback && { fallback: { ...tool.fallback, find: () => null } }),
}))
const ALL_PACKAGES = [
	'chromium-headless-shell',
	'poppler-utils',
	'postgresql',
	'pgbouncer',
	'nginx',
	'default-jre-headless',
	'caddy',
]
const provide = (bin: string, programs: string[]) => {
	for (const program of programs) script(path.join(bin, program), '')
}
const ALL_BUT_POPPLER = [
	'chromium-headless-shell',
	'initdb',
	'postgres',
	'pgbouncer',
	'nginx',
	'java',
	'caddy',
]

describe('npm test finds or installs the system tools it uses', () => {
	test('on Debian as root the missing tools are installed with one apt-get update and one install', () => {
		const { machine, bin, calls } = fakeMachine({})
		const check = ensureSystemTools(tools, machine)
		expect(calls()).toEqual([
			'apt-get update -qq',
			`apt-get install -y -qq --no-install-recommends ${ALL_PACKAGES.join(' ')}`,
		])
		expect(check).toMatchObject({
			ok: true,
			installed: ALL_PACKAGES,
			missing: [],
			env: { CHROMIUM_PATH: path.join(bin, 'chromium-headless-shell') },
		})
	})

	test('with every tool there, nothing is installed (a second run installs nothing twice)', () => {
		const { machine, calls } = fakeMachine({})
		expect(ensureSystemTools(tools, machine).installed).toEqual(ALL_PACKAGES)
		const again = ensureSystemTools(tools, machine)
		expect(again).toMatchObject({ ok: true, installed: [], missing: [] })
		expect(calls().filter((call) => call.startsWith('apt-get update'))).toHaveLength(1)
	})

	test('only what is missing is installed', () => {
		const { machine, bin, calls } = fakeMachine({})
		provide(bin, ALL_BUT_POPPLER)
		expect(ensureSystemTools(tools, machine)).toMatchObject({
			ok: true,
			installed: ['poppler-utils'],
		})
		expect(calls()).toContain('apt-get install -y -qq --no-install-recommends poppler-utils')
	})

	test('CHROMIUM_PATH pointing at a browser counts as found', () => {
		const { machine, bin, calls } = fakeMachine({})
		const browser = path.join(path.dirname(bin), 'my-chrome')
		script(browser, '')
		provide(bin, ['pdftotext', 'pdffonts', 'pdfinfo', 'pdftoppm', ...ALL_BUT_POPPLER.slice(1)])
		machine.env = { CHROMIUM_PATH: browser }
		expect(ensureSystemTools(tools, machine)).toMatchObject({
			ok: true,
			installed: [],
			env: { CHROMIUM_PATH: browser },
		})
		expect(calls()).toEqual([])
	})

	test('where it cannot install, it names each missing tool with the command that installs it', () => {
		const { machine, calls } = fakeMachine({ isRoot: false })
		const check = ensureSystemTools(tools, machine)
		expect(check.ok).toBe(false)
		expect(check.missing).toEqual([
			expect.stringMatching(
				/^Missing Chromium \(chromium-headless-shell\), needed by .*`sudo apt-get install -y chromium-headless-shell`.*npx playwright install chromium/,
			),
			expect.stringMatching(
				/^Missing poppler \(pdftotext, pdffonts, pdfinfo, pdftoppm\), needed by .*`sudo apt-get install -y poppler-utils`/,
			),
			expect.stringMatching(
				/^Missing PostgreSQL \(initdb, postgres\).*`sudo apt-get install -y postgresql`/,
			),
			expect.stringMatching(
				/^Missing PgBouncer \(pgbouncer\).*`sudo apt-get install -y pgbouncer`/,
			),
			expect.stringMatching(/^Missing nginx \(nginx\).*`sudo apt-get install -y nginx`/),
			expect.stringMatching(
				/^Missing Java \(java\).*`sudo apt-get install -y default-jre-headless`/,
			),
			expect.stringMatching(/^Missing Caddy \(caddy\).*`sudo apt-get install -y caddy`/),
		])
		// Not root: apt-get is never tried; Playwright's download is (and fails here).
		expect(calls()).toEqual(['npx playwright install chromium'])
	})

	test('when apt-get fails, the run stops with the same lines', () => {
		const { machine } = fakeMachine({ aptFails: true })
		const check = ensureSystemTools(tools, machine)
		expect(check.ok).toBe(false)
		expect(check.missing).toHaveLength(7)
		expect(check.missing[1]).toContain('`apt-get install -y poppler-utils`')
	})

	test('off Debian the browser comes from Playwright and the message says how to get poppler', () => {
		const { machine, calls } = fakeMachine({ isDebian: false })
		const found = path.join(os.tmpdir(), 'never-there-chromium')
		const withPlaywright = tools.map((tool) =>
			tool.fallback ? { ...tool, fallback: { ...tool.fallback, find: () => found } } : tool,
		)
		script(path.join(machine.PATH, 'npx'), 'exit 0')
		const check = ensureSystemTools(withPlaywright, machine)
		expect(calls()).toEqual([])
		expect(check.env).toEqual({ CHROMIUM_PATH: found })
		expect(check.missing).toHaveLength(6)
		expect(check.missing[0]).toContain('brew install poppler')
	})

	test('PostgreSQL-style versioned folders are searched, newest first', () => {
		const { machine } = fakeMachine({})
		const base = path.join(path.dirname(machine.PATH), 'lib', 'postgresql')
		for (const version of ['9', '15', '17']) {
			fs.mkdirSync(path.join(base, version, 'bin'), { recursive: true })
			script(path.join(base, version, 'bin', 'initdb'), '')
		}
		const postgres: SystemTool = {
			name: 'PostgreSQL',
			usedFor: 'the pooler tests',
			programs: ['initdb'],
			dirs: [path.join(base, '*', 'bin')],
			debianPackages: ['postgresql'],
		}
		expect(ensureSystemTools([postgres], machine)).toMatchObject({ ok: true, installed: [] })
		expect(locate(postgres, machine)).toEqual({ initdb: path.join(base, '17', 'bin', 'initdb') })
	})

	test('Debian and Ubuntu (and their derivatives) are told apart from others', () => {
		expect(isDebianLike('ID=debian\nVERSION_ID="12"')).toBe(true)
		expect(isDebianLike('ID=ubuntu\nID_LIKE=debian')).toBe(true)
		expect(isDebianLike('ID=linuxmint\nID_LIKE="ubuntu debian"')).toBe(true)
		expect(isDebianLike('ID=fedora')).toBe(false)
		expect(isDebianLike('')).toBe(false)
	})
})

/**
 * The programs outside npm that `npm test` uses (a browser, poppler, and the servers the topology
 * tests start), found before any test runs, or installed when this machine lets us: on Debian or
 * Ubuntu as root through apt-get (one `apt-get update`, one `apt-get install` for everything
 * missing); elsewhere Playwright's own download for the browser. What is still missing stops the
 * run with one line per tool saying how to install it: nothing is skipped.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export type SystemTool = {
	/** What a person calls it: 'Chromium', 'poppler'. */
	name: string
	/** What the tests use it for, said in the message when it is missing. */
	usedFor: string
	/** Every program that must be found (on PATH or in `dirs`). */
	programs: string[]
	/** Folders searched besides PATH (globs of one `*`, e.g. PostgreSQL's versioned bin folder). */
	dirs?: string[]
	/** Debian's packages that install it. */
	debianPackages: string[]
	/** An environment variable naming the program directly (it wins when it points at a file). */
	envVariable?: string
	/** Another way to install it where apt-get cannot (a command run from the project). */
	fallback?: { command: string[]; find: () => string | null }
	/** How to install it elsewhere, said when everything else failed. */
	elsewhere?: string
	/** Only the browser tests use it: `npm test` installs it while the other tests run. */
	browserTestsOnly?: boolean
}

const playwrightChromium = () => {
	try {
		// Playwright's own browser, where `npx playwright install chromium` put it.
		const found = spawnSync(
			process.execPath,
			[
				'--input-type=module',
				'-e',
				"import { chromium } from '@playwright/test'; process.stdout.write(chromium.executablePath())",
			],
			{ encoding: 'utf8' },
		).stdout
		return found && fs.existsSync(found) ? found : null
	} catch {
		return null
	}
}

/** What `npm test` needs; a test that starts another program adds it here. */
export const TEST_TOOLS: SystemTool[] = [
	{
		name: 'Chromium',
		// The headless shell (Chromium's "old headless" mode, a package of its own on Debian, the
		// browser Playwright itself runs headless): a browser context and its first page cost it
		// a third of what the full browser's headless mode costs (docs/decisions/039-test-budget.md).
		usedFor: 'the browser tests',
		browserTestsOnly: true,
		programs: ['chromium-headless-shell'],
		debianPackages: ['chromium-headless-shell'],
		envVariable: 'CHROMIUM_PATH',
		fallback: { command: ['npx', 'playwright', 'install', 'chromium'], find: playwrightChromium },
		elsewhere: '`npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome',
	},
	{
		name: 'poppler',
		usedFor: 'the resume PDF tests (pdftotext, pdffonts, pdfinfo, pdftoppm)',
		programs: ['pdftotext', 'pdffonts', 'pdfinfo', 'pdftoppm'],
		debianPackages: ['poppler-utils'],
		elsewhere: '`brew install poppler` on macOS, `dnf install poppler-utils` on Fedora',
	},
	{
		name: 'PostgreSQL',
		usedFor: 'the pooler and rolling-restart tests (a server of its own behind PgBouncer)',
		programs: ['initdb', 'postgres'],
		dirs: ['/usr/lib/postgresql/*/bin'],
		debianPackages: ['postgresql'],
		elsewhere: '`brew install postgresql` on macOS, `dnf install postgresql-server` on Fedora',
	},
	{
		name: 'PgBouncer',
		usedFor: 'the pooler tests (transaction mode)',
		programs: ['pgbouncer'],
		dirs: ['/usr/sbin'],
		debianPackages: ['pgbouncer'],
		elsewhere: '`brew install pgbouncer` on macOS, `dnf install pgbouncer` on Fedora',
	},
	{
		name: 'nginx',
		usedFor: 'the rolling-restart test (round robin over two instances)',
		programs: ['nginx'],
		dirs: ['/usr/sbin'],
		debianPackages: ['nginx'],
		elsewhere: '`brew install nginx` on macOS, `dnf install nginx` on Fedora',
	},
	{
		name: 'Java',
		usedFor: 'the W3C Nu HTML Checker (vnu.jar, from npm) over every page kind',
		programs: ['java'],
		debianPackages: ['default-jre-headless'],
		envVariable: 'JAVA',
		elsewhere: '`brew install openjdk` on macOS, `dnf install java-17-openjdk-headless` on Fedora',
	},
	{
		name: 'Caddy',
		usedFor: 'the own-domain test (on-demand TLS asking Tagg which names may have a certificate)',
		programs: ['caddy'],
		dirs: ['/usr/bin'],
		debianPackages: ['caddy'],
		elsewhere: '`brew install caddy` on macOS, `dnf install caddy` on Fedora',
	},
]

export type Machine = {
	/** The PATH searched (the process's own by default). */
	PATH: string
	env: Record<string, string | undefined>
	isRoot: boolean
	/** Debian, Ubuntu or a derivative (from /etc/os-release). */
	isDebian: boolean
	log: (line: string) => void
	/** Runs a command with the machine's PATH; answers its exit status. */
	run: (command: string, args: string[]) => number
}

export function thisMachine(): Machine {
	const env = process.env
	const PATH = env.PATH ?? ''
	return {
		PATH,
		env,
		isRoot: process.getuid?.() === 0,
		isDebian: isDebianLike(readOsRelease()),
		log: (line) => console.log(line),
		run: (command, args) =>
			spawnSync(command, args, {
				// apt-get's progress (hundreds of lines) is left out; its errors are shown.
				stdio: ['ignore', command === 'apt-get' ? 'ignore' : 'inherit', 'inherit'],
				env: { ...env, PATH, DEBIAN_FRONTEND: 'noninteractive' },
			}).status ?? 1,
	}
}

function readOsRelease() {
	try {
		return fs.readFileSync('/etc/os-release', 'utf8')
	} catch {
		return ''
	}
}

export function isDebianLike(osRelease: string) {
	const value = (key: string) =>
		new RegExp(`^${key}=["']?([^"'\\n]*)`, 'm').exec(osRelease)?.[1]?.toLowerCase() ?? ''
	return `${value('ID')} ${value('ID_LIKE')}`
		.split(/\s+/)
		.some((id) => id === 'debian' || id === 'ubuntu')
}

function isExecutable(file: string) {
	try {
		fs.accessSync(file, fs.constants.X_OK)
		return fs.statSync(file).isFile()
	} catch {
		return false
	}
}

function expand(dir: string): string[] {
	const star = dir.indexOf('*')
	if (star === -1) return [dir]
	const parent = path.dirname(dir.slice(0, star + 1))
	const rest = dir.slice(parent.length + 1)
	const [pattern = '', ...tail] = rest.split('/')
	const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '.*')}$`)
	let names: string[] = []
	try {
		names = fs.readdirSync(parent).filter((name) => regex.test(name))
	} catch {
		return []
	}
	// The newest version first (PostgreSQL 17 before 15).
	names.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
	return names.map((name) => path.join(parent, name, ...tail))
}

/** Where a program is: a folder of `dirs` first, then PATH; null when nowhere. */
export function findProgram(program: string, tool: SystemTool, machine: Pick<Machine, 'PATH'>) {
	const dirs = [...(tool.dirs ?? []).flatMap(expand), ...machine.PATH.split(path.delimiter)]
	for (const dir of dirs) {
		if (!dir) continue
		const file = path.join(dir, program)
		if (isExecutable(file)) return file
	}
	return null
}

/** The tool's programs by name, or null when one of them is missing. */
export function locate(tool: SystemTool, machine: Pick<Machine, 'PATH' | 'env'>) {
	const named = tool.envVariable ? machine.env[tool.envVariable] : undefined
	if (named && isExecutable(named)) return { [tool.programs[0]!]: named }
	const found: Record<string, string> = {}
	for (const program of tool.programs) {
		const file = findProgram(program, tool, machine)
		if (!file) return null
		found[program] = file
	}
	return found
}

export type ToolCheck = {
	ok: boolean
	/** The environment the tests need to find what was located (CHROMIUM_PATH, ...). */
	env: Record<string, string>
	/** Debian packages installed by this check (empty when everything was there). */
	installed: string[]
	/** One line per tool still missing. */
	missing: string[]
}

/**
 * Finds every tool, installs the missing ones when it can, and says what is still missing. The
 * caller stops before running any test when `ok` is false.
 */
export function ensureSystemTools(
	tools: SystemTool[],
	machine: Machine = thisMachine(),
): ToolCheck {
	const env: Record<string, string> = {}
	const located = new Map(tools.map((tool) => [tool, locate(tool, machine)]))
	const absent = () => tools.filter((tool) => !located.get(tool))

	const installed: string[] = []
	if (absent().length > 0 && machine.isDebian && machine.isRoot) {
		const packages = [...new Set(absent().flatMap((tool) => tool.debianPackages))]
		machine.log(
			`Installing what the tests need and this machine lacks: ${packages.join(', ')} (apt-get)...`,
		)
		if (machine.run('apt-get', ['update', '-qq']) === 0) {
			const status = machine.run('apt-get', [
				'install',
				'-y',
				'-qq',
				'--no-install-recommends',
				...packages,
			])
			if (status === 0) installed.push(...packages)
		}
		for (const tool of absent()) located.set(tool, locate(tool, machine))
	}
	for (const tool of absent()) {
		if (!tool.fallback) continue
		machine.log(`Installing ${tool.name} with \`${tool.fallback.command.join(' ')}\`...`)
		const [command, ...args] = tool.fallback.command
		if (machine.run(command!, args) !== 0) continue
		const file = tool.fallback.find()
		if (file) located.set(tool, { [tool.programs[0]!]: file })
	}

	const missing = absent().map((tool) => {
		const apt = `${machine.isRoot ? '' : 'sudo '}apt-get install -y ${tool.debianPackages.join(' ')}`
		const how = machine.isDebian
			? `\`${apt}\`${tool.elsewhere ? ` (or ${tool.elsewhere})` : ''}`
			: (tool.elsewhere ?? `your package manager (Debian: \`${apt}\`)`)
		return `Missing ${tool.name} (${tool.programs.join(', ')}), needed by ${tool.usedFor}: install it with ${how}.`
	})
	for (const tool of tools) {
		const found = located.get(tool)
		if (found && tool.envVariable) env[tool.envVariable] = found[tool.programs[0]!]!
	}
	return { ok: missing.length === 0, env, installed, missing }
}

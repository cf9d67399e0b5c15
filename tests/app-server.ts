/**
 * Starts the real production server (`server/main.ts`) as a child process for tests that need
 * HTTP, several instances, or a database that goes away. Builds first when the build is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../server/embedded-db'
import { nodeArgsFor } from './test-build'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function ensureBuild() {
	const entry = path.resolve(ROOT, process.env.TAGG_BUILD_DIR ?? 'build', 'server', 'index.js')
	if (fs.existsSync(entry)) return
	const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: ROOT, stdio: 'ignore' })
	if (result.status !== 0) throw new Error('the build failed')
}

export type AppServer = {
	url: string
	process: ChildProcess
	/** Everything the server printed (its JSON logs and stderr). */
	output: () => string
	stop: () => Promise<void>
}

/** `env` overrides the test's environment; an `undefined` value removes the variable. */
export async function startAppServer(env: Record<string, string | undefined>): Promise<AppServer> {
	ensureBuild()
	const port = await freePort()
	const url = `http://localhost:${port}`
	const childEnv: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: 'production',
		LOG_LEVEL: 'silent',
		PORT: String(port),
		PUBLIC_SITE_URL: url,
		JWT_SECRET: process.env.JWT_SECRET ?? 'test-secret-that-is-long-enough-for-hs256-signing',
		// Tests stop servers often; the drain after SIGTERM is tested where it matters.
		SHUTDOWN_DRAIN_MS: '0',
		...env,
	}
	for (const [name, value] of Object.entries(childEnv))
		if (value === undefined) delete childEnv[name]
	const child = spawn(process.execPath, nodeArgsFor('main'), {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: childEnv,
	})
	let stderr = ''
	let output = ''
	child.stdout?.on('data', (chunk) => (output += chunk))
	child.stderr?.on('data', (chunk) => {
		stderr += chunk
		output += chunk
	})
	// A fresh embedded cluster (initdb) and several workers take a while on a busy machine.
	const deadline = Date.now() + 60_000
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null)
			throw new Error(`the server exited: ${stderr}`)
		try {
			if ((await fetch(`${url}/healthz`)).status < 600) break
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return {
		url,
		process: child,
		output: () => output,
		stop: () =>
			new Promise<void>((resolve) => {
				// Gone already (an exit code, or a signal: then exitCode stays null).
				if (child.exitCode !== null || child.signalCode !== null) return resolve()
				child.once('exit', () => resolve())
				child.kill('SIGTERM')
				// Past the server's own 5 s grace for open connections, and the writes after it.
				setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
			}),
	}
}

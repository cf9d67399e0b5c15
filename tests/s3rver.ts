/**
 * Starts a real S3-compatible server (s3rver) for tests: a child process bound to a free
 * 127.0.0.1 port, with its data in a fresh temporary directory and one bucket created at start.
 * s3rver accepts the keys S3RVER/S3RVER, needs path-style addressing and serves objects
 * anonymously at `${endpoint}/${bucket}/${key}`.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

export type S3rver = {
	/** e.g. http://127.0.0.1:41447 */
	endpoint: string
	bucket: string
	region: string
	credentials: { accessKeyId: string; secretAccessKey: string }
	forcePathStyle: true
	/** Stops the server and removes its data directory. */
	stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/** Starts s3rver with `bucket` (default `tagg-test`) and resolves once it answers HTTP. */
export async function startS3rver({
	bucket = 'tagg-test',
	timeoutMs = 15_000,
}: { bucket?: string; timeoutMs?: number } = {}): Promise<S3rver> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-s3rver-'))
	const bin = require.resolve('s3rver/bin/s3rver.js')
	// Port 0: the OS picks a free port and s3rver prints it ("S3rver listening on HOST:PORT"),
	// which avoids the race of probing for a free port and binding it later.
	// --openssl-legacy-provider: s3rver encrypts ListObjectsV2 continuation tokens with DES, which
	// OpenSSL 3 only has in its legacy provider; without it every paginated listing fails with 500.
	const child = spawn(
		process.execPath,
		[
			'--openssl-legacy-provider',
			bin,
			'-d',
			dir,
			'-a',
			'127.0.0.1',
			'-p',
			'0',
			'-s',
			'--configure-bucket',
			bucket,
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	)
	const killOnExit = () => child.kill('SIGKILL')
	process.once('exit', killOnExit)

	let stderr = ''
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))

	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	const stop = async () => {
		process.removeListener('exit', killOnExit)
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGTERM')
			const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
			await exited
			clearTimeout(timer)
		}
		fs.rmSync(dir, { recursive: true, force: true })
	}

	try {
		const port = await new Promise<number>((resolve, reject) => {
			let stdout = ''
			const timer = setTimeout(
				() => reject(new Error(`s3rver did not start within ${timeoutMs} ms\n${stderr}`)),
				timeoutMs,
			)
			child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
				stdout += chunk
				const match = /listening on [^\s:]+:(\d+)/.exec(stdout)
				if (match?.[1]) {
					clearTimeout(timer)
					resolve(Number(match[1]))
				}
			})
			child.once('exit', (code, signal) => {
				clearTimeout(timer)
				reject(new Error(`s3rver exited (${code ?? signal}) before listening\n${stderr}`))
			})
			child.once('error', (error) => {
				clearTimeout(timer)
				reject(error)
			})
		})
		const endpoint = `http://127.0.0.1:${port}`
		await waitUntilAnswers(endpoint, timeoutMs)
		return {
			endpoint,
			bucket,
			region: 'us-east-1',
			credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
			forcePathStyle: true,
			stop,
		}
	} catch (error) {
		await stop()
		throw error
	}
}

async function waitUntilAnswers(endpoint: string, timeoutMs: number) {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		try {
			// Any HTTP answer (even an S3 error document) means the server is up.
			const response = await fetch(endpoint, { signal: AbortSignal.timeout(1000) })
			await response.arrayBuffer()
			return
		} catch (error) {
			if (Date.now() > deadline)
				throw new Error(`s3rver at ${endpoint} does not answer`, { cause: error })
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
	}
}

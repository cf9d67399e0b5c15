/** Runs an npm script's entry file as a child process, the way an admin would. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeArgsFor, type BundledEntry } from './test-build'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function runScript(
	script: `${BundledEntry}.ts`,
	args: string[] = [],
	env: Record<string, string | undefined> = {},
) {
	return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[...nodeArgsFor(script.replace(/\.ts$/, '') as BundledEntry), ...args],
			{
				cwd: ROOT,
				env: {
					...process.env,
					NODE_ENV: 'development',
					DATABASE_URL: process.env.DATABASE_URL,
					DATA_DIR: process.env.DATA_DIR,
					...env,
				},
			},
		)
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (chunk) => (stdout += chunk))
		child.stderr.on('data', (chunk) => (stderr += chunk))
		child.on('error', reject)
		child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
	})
}

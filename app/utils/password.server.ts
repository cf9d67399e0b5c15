/**
 * Password hashing off the event loop: bcrypt runs in a pool of worker threads (one per core),
 * so a burst of sign-ins never stalls the requests, database connections or health checks of
 * this process. Jobs wait in a bounded queue; past it the caller gets
 * {@link PasswordHashingBusyError} (a 429 with Retry-After), never a hang.
 *
 * Passwords are compared in Unicode NFC, so "é" typed as e + U+0301 is the same password.
 * Hashes made before NFC was applied still work: a password that NFC changes is also tried as
 * typed. bcrypt reads at most 72 bytes, so a longer password (in UTF-8) is hashed through
 * SHA-256 first instead of being cut (no such password could be set before).
 */
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { normalisePassword } from './account-schemas'
import { msg } from '~/utils/i18n-macro'

export const BCRYPT_COST = 10

const BCRYPT_MAX_BYTES = 72

// Compared against when the email is unknown, so both failures take the same time (a bcrypt
// hash of a random text at BCRYPT_COST).
const DUMMY_HASH = '$2b$10$VYTiDVf7EpzOSlf1zCNpxeTW0OTccIrYHWjNGIl6s4qFyWscHM2T.'

/** What bcrypt is given for a password (already NFC): the text, or its SHA-256 past 72 bytes. */
function bcryptInput(password: string) {
	if (Buffer.byteLength(password) <= BCRYPT_MAX_BYTES) return password
	return `sha256:${crypto.createHash('sha256').update(password).digest('base64')}`
}

export async function hashPassword(password: string): Promise<string> {
	const hash = await pool().run({ op: 'hash', password: bcryptInput(normalisePassword(password)) })
	return String(hash)
}

/**
 * Whether `password` matches `hash`. Without a hash (an unknown email) a dummy hash is checked,
 * so the answer takes as long either way.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
	const stored = hash ?? DUMMY_HASH
	const nfc = normalisePassword(password)
	const ok = await pool().run({ op: 'compare', password: bcryptInput(nfc), hash: stored })
	if (ok || nfc === password || Buffer.byteLength(password) > BCRYPT_MAX_BYTES) {
		return Boolean(ok) && hash !== null
	}
	// A hash from before passwords were normalised holds the password exactly as typed.
	return Boolean(await pool().run({ op: 'compare', password, hash: stored })) && hash !== null
}

// ---------------------------------------------------------------- the pool

/** Too many passwords are waiting to be hashed: try again after `retryAfterSeconds`. */
export class PasswordHashingBusyError extends Error {
	constructor(public retryAfterSeconds: number) {
		super(msg`Too many sign-ins at once. Please try again in a few seconds.`.message)
	}
}

type Job = { op: 'hash'; password: string } | { op: 'compare'; password: string; hash: string }

type Pending = {
	job: Job
	resolve: (value: string | boolean) => void
	reject: (error: Error) => void
}

type Slot = { worker: Worker; job: Pending | null; started: number }

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const bcrypt = require(workerData.bcryptjs)
parentPort.on('message', (job) => {
	try {
		const result =
			job.op === 'hash'
				? bcrypt.hashSync(job.password, workerData.cost)
				: bcrypt.compareSync(job.password, job.hash)
		parentPort.postMessage({ result })
	} catch (error) {
		parentPort.postMessage({ error: String((error && error.message) || error) })
	}
})
`

export type HashPoolOptions = { size: number; maxQueue: number }

/** The pool's size (the cores) and queue bound: a burst of about 30 sign-ins per core waits. */
export function defaultPoolOptions(): HashPoolOptions {
	const size = Math.max(1, os.availableParallelism())
	return { size, maxQueue: Math.max(64, size * 32) }
}

export class HashPool {
	private slots: Slot[] = []
	private queue: Pending[] = []
	/** Running average of one job's time, for Retry-After. */
	private averageMs = 100
	private closed = false

	constructor(private options: HashPoolOptions = defaultPoolOptions()) {}

	/** Jobs waiting and running (for tests and the benchmark). */
	get load() {
		return { queued: this.queue.length, running: this.slots.filter((s) => s.job).length }
	}

	run(job: Job): Promise<string | boolean> {
		if (this.closed) return Promise.reject(new Error('the password pool is closed'))
		const free = this.slots.length < this.options.size || this.slots.some((slot) => !slot.job)
		if (!free && this.queue.length >= this.options.maxQueue) {
			const waves = Math.ceil((this.queue.length + 1) / this.options.size) + 1
			return Promise.reject(
				new PasswordHashingBusyError(Math.max(1, Math.ceil((waves * this.averageMs) / 1000))),
			)
		}
		return new Promise((resolve, reject) => {
			this.queue.push({ job, resolve, reject })
			this.pump()
		})
	}

	async close() {
		this.closed = true
		for (const pending of this.queue.splice(0)) pending.reject(new Error('the pool closed'))
		await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
		this.slots = []
	}

	private pump() {
		while (this.queue.length) {
			let slot = this.slots.find((candidate) => !candidate.job)
			if (!slot && this.slots.length < this.options.size) slot = this.spawn()
			if (!slot) return
			const pending = this.queue.shift()!
			slot.job = pending
			slot.started = performance.now()
			slot.worker.postMessage(pending.job)
		}
	}

	private spawn(): Slot {
		const worker = new Worker(WORKER_SOURCE, {
			eval: true,
			workerData: {
				bcryptjs: createRequire(import.meta.url).resolve('bcryptjs'),
				cost: BCRYPT_COST,
			},
		})
		// An idle pool never keeps the process alive.
		worker.unref()
		const slot: Slot = { worker, job: null, started: 0 }
		worker.on('message', (message: { result?: string | boolean; error?: string }) => {
			const pending = slot.job
			slot.job = null
			if (pending) {
				const took = performance.now() - slot.started
				this.averageMs = this.averageMs * 0.8 + took * 0.2
				if (message.error !== undefined) pending.reject(new Error(message.error))
				else pending.resolve(message.result!)
			}
			this.pump()
		})
		const lost = (error: Error) => {
			this.slots = this.slots.filter((candidate) => candidate !== slot)
			slot.job?.reject(error)
			slot.job = null
			if (!this.closed) this.pump()
		}
		worker.on('error', lost)
		worker.on('exit', (code) => lost(new Error(`a password worker exited (${code})`)))
		this.slots.push(slot)
		return slot
	}
}

declare global {
	var __taggHashPool: HashPool | undefined
}

/** The process's pool, started at its first use. */
export function pool(): HashPool {
	globalThis.__taggHashPool ??= new HashPool()
	return globalThis.__taggHashPool
}

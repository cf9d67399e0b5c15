/**
 * The page cache and the owner's scheduled links (the cache key's `schedule` part): a
 * link that starts or ends changes the cached page at that moment, with no write to move the page
 * version, and nothing else does (a hidden link's schedule, a moment inside one window). The app
 * is a stand-in that renders the owner's live links, so what is tested is the cache's key.
 */
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import type * as RemixNode from '@remix-run/node'
import { type ServerBuild } from '@remix-run/node'
import express from 'express'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createOwner } from '#tests/factories'
import { listLiveLinks, replaceLinks } from '~/models/link.server'
import { type LinkInput } from '~/utils/link-schemas'

const app = vi.hoisted(() => ({ renders: 0, ownerId: '' }))

vi.mock('@remix-run/node', async (importOriginal) => {
	const actual = await importOriginal<typeof RemixNode>()
	return {
		...actual,
		// The page as the profile's loader would show it: the owner's links live now.
		createRequestHandler: () => async () => {
			app.renders++
			const links = await listLiveLinks(app.ownerId)
			return new Response(`<main>${links.map((link) => link.title).join('|')}</main>`, {
				headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=0' },
			})
		},
	}
})

const T = Date.parse('2026-10-01T08:00:00Z')
const minute = 60 * 1000

const input = (title: string, extra: Partial<LinkInput> = {}): LinkInput => ({
	title,
	url: `https://${title.toLowerCase().replace(/\s/g, '-')}.example`,
	icon: null,
	active: true,
	highlight: false,
	startsAt: null,
	endsAt: null,
	...extra,
})

let server: http.Server
let base: string
let path: string

beforeAll(async () => {
	// The page cache as this file's mock makes it: a worker keeps the modules of the files it ran
	// before (vitest.config.ts, `isolate: false`), and one may have loaded the page cache with the
	// real request handler.
	vi.resetModules()
	const { createPageCache } = await import('./page-cache')
	const owner = await createOwner()
	app.ownerId = owner.id
	path = owner.path!
	await replaceLinks(owner.id, [
		input('Always'),
		input('Sale', {
			startsAt: new Date(T).toISOString(),
			endsAt: new Date(T + 60 * minute).toISOString(),
		}),
		input('Hidden', { active: false, startsAt: new Date(T + 15 * minute).toISOString() }),
	])
	const cache = createPageCache({
		build: {} as ServerBuild,
		mode: 'production',
		publicSiteUrl: 'http://tagg.test',
	})
	const site = express()
	site.use(cache.middleware)
	server = http.createServer(site)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	await new Promise((resolve) => server?.close(resolve))
})

afterEach(() => {
	vi.useRealTimers()
})

/** The page at the moment `ms` (only Date is faked: sockets and the database run on). */
async function pageAt(ms: number) {
	vi.useFakeTimers({ toFake: ['Date'] })
	vi.setSystemTime(ms)
	try {
		const response = await fetch(`${base}/${path}`)
		expect(response.status).toBe(200)
		return { body: await response.text(), etag: response.headers.get('etag') }
	} finally {
		vi.useRealTimers()
	}
}

describe('cached pages and scheduled links', () => {
	test('a start or an end replaces the cached page at that moment; nothing else does', async () => {
		const before = await pageAt(T - minute)
		expect(before.body).toBe('<main>Always</main>')
		expect(app.renders).toBe(1)
		expect((await pageAt(T - 1)).body).toBe('<main>Always</main>')
		expect(app.renders).toBe(1)

		// The sale starts: no write, yet the next request gets a new page (and ETag).
		const started = await pageAt(T)
		expect(started.body).toBe('<main>Always|Sale</main>')
		expect(started.etag).not.toBe(before.etag)
		expect(app.renders).toBe(2)
		// A hidden link's start is no change for visitors: the cached page stands.
		expect((await pageAt(T + 20 * minute)).body).toBe('<main>Always|Sale</main>')
		expect((await pageAt(T + 59 * minute)).body).toBe('<main>Always|Sale</main>')
		expect(app.renders).toBe(2)

		// The sale ends (the end is exclusive).
		expect((await pageAt(T + 60 * minute)).body).toBe('<main>Always</main>')
		expect(app.renders).toBe(3)
		expect((await pageAt(T + 600 * minute)).body).toBe('<main>Always</main>')
		expect(app.renders).toBe(3)
	})
})

/**
 * The /one API answers its messages in the request's language: `Accept-Language`
 * (or `?lang=`, or the switcher's cookie) picks it, through the real HTTP server (server/app.ts
 * sets the language of each request); with none, the messages are SPEC.md's English. Messages
 * with a value in them keep the value; a limit keeps its number.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startAppServer, type AppServer } from '#tests/app-server'
import { createOwner, uniqueEmail } from '#tests/factories'

let app: AppServer
let dataDir: string

beforeAll(async () => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-one-i18n-'))
	app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: dataDir })
}, 90_000)

afterAll(async () => {
	await app?.stop()
	if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

let addressCounter = 1
/** A client address of its own, so the login limits of one test never reach another. */
const newAddress = () => `10.36.${Math.floor(addressCounter / 250) % 250}.${addressCounter++ % 250}`

async function call(
	pathname: string,
	init: { body?: unknown; headers?: Record<string, string>; method?: string } = {},
) {
	const response = await fetch(`${app.url}${pathname}`, {
		method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
		headers: {
			'X-Forwarded-For': newAddress(),
			...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
			...init.headers,
		},
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
	})
	return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

const wrongLogin = { email: uniqueEmail('nobody'), password: 'not-the-password' }

describe('the API’s messages in the request’s language', () => {
	test('Invalid email or password: English with no language named, Spanish for Accept-Language: es', async () => {
		const english = await call('/one/auth/new/login', { body: wrongLogin })
		expect(english).toEqual({
			status: 401,
			json: { status: 401, message: 'Invalid email or password' },
		})
		const spanish = await call('/one/auth/new/login', {
			body: wrongLogin,
			headers: { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' },
		})
		expect(spanish.status).toBe(401)
		expect(spanish.json.message).toBe('Correo electrónico o contraseña incorrectos')
	})

	test('the server’s own messages: German and Arabic, English for a language Tagg does not speak', async () => {
		const owner = await createOwner()
		const missing = (headers: Record<string, string>) =>
			call('/one/sites/portfolio/data/update/status', {
				body: { portfolioId: 'no-such-item', active: true },
				headers: { Authorization: `Bearer ${owner.token}`, ...headers },
			})
		expect((await missing({})).json).toEqual({ status: 404, message: 'Portfolio not found' })
		expect((await missing({ 'Accept-Language': 'de-DE' })).json.message).toBe(
			'Projekt nicht gefunden',
		)
		expect((await missing({ 'Accept-Language': 'ar' })).json.message).toBe('لم يُعثر على المشروع')
		expect((await missing({ 'Accept-Language': 'ja' })).json.message).toBe('Portfolio not found')
		// The signed-out pages' switcher (its cookie) is followed too.
		expect((await missing({ Cookie: 'tagg_lang=fr' })).json.message).toBe('Projet introuvable')
	})

	test('a message with a value keeps it: the answer to a change of email', async () => {
		const owner = await createOwner()
		const newEmail = uniqueEmail('moved')
		const asked = await call('/one/account/email/update', {
			body: { email: newEmail, password: owner.password },
			headers: { Authorization: `Bearer ${owner.token}`, 'Accept-Language': 'pt-BR' },
		})
		expect(asked.status).toBe(200)
		expect(asked.json.message).toBe(
			`Enviamos um link para ${newEmail}. Seu e-mail muda quando você abri-lo.`,
		)
	})

	test('with no language named, an unknown endpoint answers SPEC.md’s English', async () => {
		expect((await call('/one/no/such/thing')).json).toEqual({
			status: 404,
			message: 'No such API endpoint',
		})
		expect(
			(await call('/one/no/such/thing', { headers: { 'Accept-Language': 'es' } })).json.message,
		).toBe('Este punto de acceso de la API no existe')
	})
})

/**
 * Sign-in and registration as the UI and the /one API both use them: throttling, credential
 * checks and the uniform failure answers live here once.
 */
import { type z } from 'zod'
import {
	createCustomer,
	EmailTakenError,
	getCustomerPath,
	verifyLogin,
} from '~/models/customer.server'
import {
	byteLength,
	INVALID_CREDENTIALS,
	PASSWORD_MAX_BYTES,
	type RegisterSchema,
} from './account-schemas'
import {
	clientAddress,
	loginRetryAfterMs,
	recordFailedLogin,
	recordSuccessfulLogin,
	TOO_MANY_ATTEMPTS,
} from './rate-limit.server'

export type LoginOutcome =
	| { ok: true; customerId: string; hasPath: boolean }
	| { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number }

export async function attemptLogin(
	request: Request,
	email: string,
	password: string,
): Promise<LoginOutcome> {
	// No account has such an email (registration caps it at 254 characters; PostgreSQL text holds
	// no NUL), and the throttling keys below would store it: refuse it before they are touched.
	if (email.length > 254 || email.includes('\0')) {
		return { ok: false, status: 401, message: INVALID_CREDENTIALS }
	}
	const address = clientAddress(request)
	const wait = await loginRetryAfterMs(email, address)
	if (wait > 0) {
		return {
			ok: false,
			status: 429,
			message: TOO_MANY_ATTEMPTS,
			retryAfterSeconds: Math.ceil(wait / 1000),
		}
	}
	// bcrypt only ever sees up to 72 bytes; longer input is refused rather than truncated.
	const customer =
		byteLength(password) <= PASSWORD_MAX_BYTES && email.length <= 254
			? await verifyLogin(email, password)
			: null
	if (!customer) {
		await recordFailedLogin(email, address)
		return { ok: false, status: 401, message: INVALID_CREDENTIALS }
	}
	await recordSuccessfulLogin(email, address)
	return { ok: true, customerId: customer.id, hasPath: Boolean(await getCustomerPath(customer.id)) }
}

export type RegisterOutcome =
	{ ok: true; customerId: string } | { ok: false; status: 409; message: string }

export async function attemptRegister(
	input: z.output<typeof RegisterSchema>,
): Promise<RegisterOutcome> {
	try {
		const customer = await createCustomer(input)
		return { ok: true, customerId: customer.id }
	} catch (error) {
		if (error instanceof EmailTakenError) return { ok: false, status: 409, message: error.message }
		throw error
	}
}

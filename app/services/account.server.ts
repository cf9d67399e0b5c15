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
import { INVALID_CREDENTIALS, passwordMayMatch, type RegisterSchema } from '~/utils/account-schemas'
import { PasswordHashingBusyError } from '~/utils/password.server'
import { wakeMailer } from './mailer.server'
import {
	cancelLoginAttempt,
	clientAddress,
	recordSuccessfulLogin,
	reserveLoginAttempt,
	TOO_MANY_ATTEMPTS,
} from './rate-limit.server'

export type LoginOutcome =
	| { ok: true; customerId: string; hasPath: boolean }
	| { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number }

/** Every password worker is busy and the queue is full: 429 with Retry-After. */
function busy(error: PasswordHashingBusyError) {
	return {
		ok: false as const,
		status: 429 as const,
		message: error.message,
		retryAfterSeconds: error.retryAfterSeconds,
	}
}

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
	// The attempt is counted before the password is checked: a burst of concurrent guesses gets
	// no more checks than the limit allows.
	const reservation = await reserveLoginAttempt(email, address)
	if (!reservation.ok) {
		return {
			ok: false,
			status: 429,
			message: TOO_MANY_ATTEMPTS,
			retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000),
		}
	}
	// No password longer than the rule was ever set: such input is not even hashed.
	let customer
	try {
		customer = passwordMayMatch(password) ? await verifyLogin(email, password) : null
	} catch (error) {
		await cancelLoginAttempt(email, address)
		if (error instanceof PasswordHashingBusyError) return busy(error)
		throw error
	}
	// A failed attempt keeps its reserved place.
	if (!customer) return { ok: false, status: 401, message: INVALID_CREDENTIALS }
	await recordSuccessfulLogin(email, address)
	return { ok: true, customerId: customer.id, hasPath: Boolean(await getCustomerPath(customer.id)) }
}

export type RegisterOutcome =
	| { ok: true; customerId: string }
	| { ok: false; status: 409 | 429; message: string; retryAfterSeconds?: number }

export async function attemptRegister(
	input: z.output<typeof RegisterSchema>,
): Promise<RegisterOutcome> {
	try {
		// The address is not verified yet: its link is queued with the account.
		const customer = await createCustomer(input)
		wakeMailer()
		return { ok: true, customerId: customer.id }
	} catch (error) {
		if (error instanceof EmailTakenError) return { ok: false, status: 409, message: error.message }
		if (error instanceof PasswordHashingBusyError) return busy(error)
		throw error
	}
}

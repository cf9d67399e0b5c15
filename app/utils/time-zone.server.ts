import { parse } from 'cookie'
import { TIME_ZONE_COOKIE, validTimeZone } from './time-zone'

/** The owner's zone as the builder's cookie keeps it (app/utils/time-zone.ts), or null. */
export function requestTimeZone(request: Request): string | null {
	return validTimeZone(parse(request.headers.get('cookie') ?? '')[TIME_ZONE_COOKIE])
}

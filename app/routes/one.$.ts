import { apiError } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'

/**
 * Any /one path no endpoint answers: a JSON 404 in the API's envelope, whatever the method
 * (instead of the site's HTML 404 page).
 */
const notFound = () => apiError(404, msg`No such API endpoint`)

export const loader = notFound
export const action = notFound

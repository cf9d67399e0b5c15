// Written by `npm run i18n`: the catalogs a browser may render, in one language.
import { type Messages } from '@lingui/core'
import { messages as publicMessages } from './public'
import { messages as authMessages } from './auth'
import { messages as builderProfileMessages } from './builder-profile'
import { messages as builderPortfolioMessages } from './builder-portfolio'
import { messages as builderAccountMessages } from './builder-account'
import { messages as commonMessages } from './common'

export const messages: Messages = { ...publicMessages, ...authMessages, ...builderProfileMessages, ...builderPortfolioMessages, ...builderAccountMessages, ...commonMessages }

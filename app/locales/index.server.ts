// Written by `npm run i18n`: every catalog of every language, for the server.
import { type Messages } from '@lingui/core'
import { type Locale } from '~/utils/locales'
import { messages as en_publicMessages } from './en/public'
import { messages as en_authMessages } from './en/auth'
import { messages as en_builderProfileMessages } from './en/builder-profile'
import { messages as en_builderPortfolioMessages } from './en/builder-portfolio'
import { messages as en_builderAccountMessages } from './en/builder-account'
import { messages as en_commonMessages } from './en/common'
import { messages as en_serverMessages } from './en/server'
import { messages as es_publicMessages } from './es/public'
import { messages as es_authMessages } from './es/auth'
import { messages as es_builderProfileMessages } from './es/builder-profile'
import { messages as es_builderPortfolioMessages } from './es/builder-portfolio'
import { messages as es_builderAccountMessages } from './es/builder-account'
import { messages as es_commonMessages } from './es/common'
import { messages as es_serverMessages } from './es/server'
import { messages as fr_publicMessages } from './fr/public'
import { messages as fr_authMessages } from './fr/auth'
import { messages as fr_builderProfileMessages } from './fr/builder-profile'
import { messages as fr_builderPortfolioMessages } from './fr/builder-portfolio'
import { messages as fr_builderAccountMessages } from './fr/builder-account'
import { messages as fr_commonMessages } from './fr/common'
import { messages as fr_serverMessages } from './fr/server'
import { messages as de_publicMessages } from './de/public'
import { messages as de_authMessages } from './de/auth'
import { messages as de_builderProfileMessages } from './de/builder-profile'
import { messages as de_builderPortfolioMessages } from './de/builder-portfolio'
import { messages as de_builderAccountMessages } from './de/builder-account'
import { messages as de_commonMessages } from './de/common'
import { messages as de_serverMessages } from './de/server'
import { messages as ptBR_publicMessages } from './pt-BR/public'
import { messages as ptBR_authMessages } from './pt-BR/auth'
import { messages as ptBR_builderProfileMessages } from './pt-BR/builder-profile'
import { messages as ptBR_builderPortfolioMessages } from './pt-BR/builder-portfolio'
import { messages as ptBR_builderAccountMessages } from './pt-BR/builder-account'
import { messages as ptBR_commonMessages } from './pt-BR/common'
import { messages as ptBR_serverMessages } from './pt-BR/server'
import { messages as ar_publicMessages } from './ar/public'
import { messages as ar_authMessages } from './ar/auth'
import { messages as ar_builderProfileMessages } from './ar/builder-profile'
import { messages as ar_builderPortfolioMessages } from './ar/builder-portfolio'
import { messages as ar_builderAccountMessages } from './ar/builder-account'
import { messages as ar_commonMessages } from './ar/common'
import { messages as ar_serverMessages } from './ar/server'

export const MESSAGES: Record<Locale, Messages> = {
	"en": { ...en_publicMessages, ...en_authMessages, ...en_builderProfileMessages, ...en_builderPortfolioMessages, ...en_builderAccountMessages, ...en_commonMessages, ...en_serverMessages },
	"es": { ...es_publicMessages, ...es_authMessages, ...es_builderProfileMessages, ...es_builderPortfolioMessages, ...es_builderAccountMessages, ...es_commonMessages, ...es_serverMessages },
	"fr": { ...fr_publicMessages, ...fr_authMessages, ...fr_builderProfileMessages, ...fr_builderPortfolioMessages, ...fr_builderAccountMessages, ...fr_commonMessages, ...fr_serverMessages },
	"de": { ...de_publicMessages, ...de_authMessages, ...de_builderProfileMessages, ...de_builderPortfolioMessages, ...de_builderAccountMessages, ...de_commonMessages, ...de_serverMessages },
	"pt-BR": { ...ptBR_publicMessages, ...ptBR_authMessages, ...ptBR_builderProfileMessages, ...ptBR_builderPortfolioMessages, ...ptBR_builderAccountMessages, ...ptBR_commonMessages, ...ptBR_serverMessages },
	"ar": { ...ar_publicMessages, ...ar_authMessages, ...ar_builderProfileMessages, ...ar_builderPortfolioMessages, ...ar_builderAccountMessages, ...ar_commonMessages, ...ar_serverMessages },
}

import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { type MetaFunction } from '@remix-run/node'
import { SitePage } from '~/components/site-page'
import { metaI18n } from '~/utils/i18n'

export default function ContactPage() {
	const { t } = useLingui()
	return <SitePage title={t`Contact us`} className="gap-10" />
}

export const meta: MetaFunction = ({ matches }) => {
	const i18n = metaI18n(matches)
	return [
		{ title: i18n._(msg`Contact | Tagg`) },
		{ name: 'description', content: i18n._(msg`Contact the people behind Tagg.`) },
	]
}

import { type MetaFunction } from '@remix-run/node'
import { SitePage } from '~/components/site-page'

export default function ContactPage() {
	return <SitePage title="Contact us" className="gap-10" />
}

export const meta: MetaFunction = () => [
	{ title: 'Contact | Tagg' },
	{ name: 'description', content: 'Contact the people behind Tagg.' },
]

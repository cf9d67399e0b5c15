import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { Logo } from '~/components/logo'

export default function ContactPage() {
	return (
		<main className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-10 px-6 py-10">
			<Link to="/" aria-label="Tagg home" className="self-start">
				<Logo />
			</Link>
			<h1 className="text-3xl font-bold tracking-tight">Contact us</h1>
		</main>
	)
}

export const meta: MetaFunction = () => [
	{ title: 'Contact | Tagg' },
	{ name: 'description', content: 'Contact the people behind Tagg.' },
]

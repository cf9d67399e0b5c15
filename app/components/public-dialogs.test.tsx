/**
 * The Share and Find Me modals of a visitor's page run with no catalog: the page gives them
 * their messages in its language (public-sheets.tsx `DialogMessages`). Every message they may
 * show must be among those, or the modal would show a message id.
 */
import fs from 'node:fs'
import path from 'node:path'
import { I18nProvider } from '@lingui/react'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18nFor } from '~/utils/i18n'
import '~/utils/i18n.server'
import { LOCALES } from '~/utils/locales'
import { DIALOG_MESSAGES, DIALOG_MESSAGES_ID, DialogMessages } from './public-sheets'

const ROOT = path.resolve(__dirname, '../..')

/** What the modals render: their own files and the shared components they use. */
const DIALOG_FILES = [
	'app/components/share-modal.tsx',
	'app/components/find-me-modal.tsx',
	'app/components/find-me.tsx',
	'app/components/social-icons.tsx',
	'app/components/public-sheets.tsx',
	'app/components/modal.tsx',
	'app/components/toaster.tsx',
]

/** Modal's confirmation before a draft is thrown away: Share and Find Me have no draft. */
const NEVER_IN_THESE_MODALS = new Set([
	'Discard your changes?',
	'What you changed in this editor has not been saved.',
	'Keep editing',
	'Discard changes',
])

/** The English messages of the PO files that come from `files`, with their ids. */
function messagesOf(files: string[]) {
	const found: Array<{ id: string; message: string; file: string }> = []
	const dir = path.join(ROOT, 'app/locales/en')
	for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.po'))) {
		for (const block of fs.readFileSync(path.join(dir, name), 'utf8').split(/\n\n+/)) {
			if (block.includes('#~')) continue
			const origins = [...block.matchAll(/^#: (\S+)/gm)].map((match) => match[1]!)
			const file = origins.find((origin) => files.includes(origin))
			const id = /^msgid "((?:[^"\\]|\\.)*)"/m.exec(block)?.[1]
			if (!file || !id) continue
			const message = JSON.parse(`"${id}"`) as string
			const context = /^msgctxt "((?:[^"\\]|\\.)*)"/m.exec(block)?.[1]
			found.push({
				id: generateMessageId(message, context ? (JSON.parse(`"${context}"`) as string) : ''),
				message,
				file,
			})
		}
	}
	return found
}

describe("the visitor's modals' messages", () => {
	test('every message the Share and Find Me modals may show is given by the page', () => {
		const given = new Set(DIALOG_MESSAGES.map((descriptor) => descriptor.id))
		const missing = messagesOf(DIALOG_FILES)
			.filter(({ id, message }) => !given.has(id) && !NEVER_IN_THESE_MODALS.has(message))
			.map(({ message, file }) => `${file}: ${message}`)
		expect(missing).toEqual([])
	})

	test.each(LOCALES)('the page gives them in its language (%s)', (locale) => {
		const i18n = i18nFor(locale)
		const html = renderToStaticMarkup(
			<I18nProvider i18n={i18n}>
				<DialogMessages />
			</I18nProvider>,
		)
		const json = new RegExp(
			`<script type="application/json" id="${DIALOG_MESSAGES_ID}">(.*)</script>`,
		)
		const messages = JSON.parse(json.exec(html)![1]!) as Record<string, unknown>
		for (const { id } of DIALOG_MESSAGES) {
			expect(messages[id!], id).toEqual(i18n.messages[id!])
		}
	})
})

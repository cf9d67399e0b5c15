/**
 * `msg` for code that runs outside Vite as well (the mailer, the models, the CLI scripts run by
 * `node --import tsx`, where Lingui's Babel macros cannot run: docs/decisions/032-i18n-lingui.md).
 *
 * It returns the same message descriptor Lingui's `msg` macro would: the id is the hash of the
 * English text (and context), so the catalogs, compiled from `lingui extract`, translate it.
 * `lingui.config.ts` lists this module as a macro package, so extraction finds its messages.
 *
 * A message here has no `${…}` inside: placeholders are written as ICU (`{count}`) and their
 * values given where the message is translated (`i18n._(descriptor, { count })`). A template
 * with expressions throws, so a mistake shows at the first import.
 */
import { type MessageDescriptor } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

export type Descriptor = MessageDescriptor & { message: string }

type DescriptorInput = { message: string; context?: string; comment?: string }

/** Every descriptor made at run time, by id (the catalog tests read it). */
export const runtimeMessages = new Map<string, Descriptor>()

export function msg(
	strings: TemplateStringsArray | DescriptorInput,
	...values: never[]
): Descriptor {
	if (values.length > 0) {
		throw new Error(
			'msg from ~/utils/i18n-macro takes no ${…}: write ICU placeholders ({name}) and pass values when translating',
		)
	}
	const input: DescriptorInput =
		'raw' in strings ? { message: (strings as TemplateStringsArray)[0] ?? '' } : strings
	const id = generateMessageId(input.message, input.context)
	const descriptor: Descriptor = {
		id,
		message: input.message,
		...(input.context ? { context: input.context } : {}),
	}
	runtimeMessages.set(id, descriptor)
	return descriptor
}

/** The same as `msg` (Lingui's two names for one macro). */
export const defineMessage = msg

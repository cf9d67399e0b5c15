/**
 * CSV as RFC 4180 writes it (and as LinkedIn's data export does): fields separated by commas,
 * records by CRLF (a lone LF or CR is accepted too), a field in double quotes may hold commas,
 * line breaks and doubled quotes (""). A UTF-8 byte order mark at the start is dropped.
 *
 * The writer is `csv-stringify`'s. The reader is our own: `csv-parse` either refuses a quote
 * inside an unquoted field (`5" screen`, which LinkedIn writes) or, relaxed, also takes text after
 * a closing quote (`"a"b`), which is a damaged file; it cannot accept the one and refuse the other
 * (docs/decisions/044-format-libraries.md).
 */
import { stringify } from 'csv-stringify/sync'
import { msg, type Descriptor } from '~/utils/i18n-macro'

const CSV_ERRORS = {
	afterQuote: msg`Line {line}: text after a closing quote`,
	unclosed: msg`Line {line}: a quoted field never ends`,
}

/**
 * A file that is not CSV: `message` in English ('Line 3: a quoted field never ends'), and
 * `translatable` the same for a page to show in its language (`translate(i18n, translatable)`).
 */
export class CsvError extends Error {
	readonly translatable: Descriptor & { values: { line: number } }
	constructor(descriptor: Descriptor, line: number) {
		super(descriptor.message.replace('{line}', String(line)))
		this.translatable = { ...descriptor, values: { line } }
	}
}

const COMMA = 44
const QUOTE = 34
const CR = 13
const LF = 10

/** Every record of `text` as a list of fields; blank lines between records are skipped. */
export function parseCsv(text: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let field = ''
	const endRecord = () => {
		record.push(field)
		// A line with nothing on it is no record (RFC 4180 has none; editors leave them).
		if (record.length > 1 || record[0] !== '') records.push(record)
		record = []
		field = ''
	}
	// Each field is cut out of `text` whole (a slice, not a character at a time): a field of
	// megabytes costs one string, not a chain of millions.
	const length = text.length
	let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
	while (i < length) {
		if (text.charCodeAt(i) === QUOTE) {
			// A quoted field: up to the quote that is not doubled; "" inside stands for ".
			const parts: string[] = []
			let from = ++i
			for (;;) {
				const close = text.indexOf('"', i)
				if (close < 0) throw new CsvError(CSV_ERRORS.unclosed, records.length + 1)
				if (text.charCodeAt(close + 1) === QUOTE) {
					parts.push(text.slice(from, close + 1))
					i = from = close + 2
					continue
				}
				parts.push(text.slice(from, close))
				i = close + 1
				break
			}
			field = parts.length === 1 ? parts[0]! : parts.join('')
			const next = text.charCodeAt(i)
			if (i < length && next !== COMMA && next !== CR && next !== LF) {
				throw new CsvError(CSV_ERRORS.afterQuote, records.length + 1)
			}
		} else {
			let end = i
			for (; end < length; end++) {
				const char = text.charCodeAt(end)
				if (char === COMMA || char === CR || char === LF) break
			}
			field = text.slice(i, end)
			i = end
		}
		if (i >= length) break
		const char = text.charCodeAt(i)
		if (char === COMMA) {
			record.push(field)
			field = ''
			i++
		} else {
			endRecord()
			i += char === CR && text.charCodeAt(i + 1) === LF ? 2 : 1
		}
	}
	if (field !== '' || record.length) endRecord()
	return records
}

/**
 * The records after the header row as objects keyed by the header's names (trimmed); missing
 * trailing fields read as ''.
 */
export function parseCsvObjects(text: string): Array<Record<string, string>> {
	const [header, ...rows] = parseCsv(text)
	if (!header) return []
	const names = header.map((name) => name.trim())
	return rows.map((row) => Object.fromEntries(names.map((name, index) => [name, row[index] ?? ''])))
}

/**
 * A CSV file's text as it is downloaded: after a UTF-8 byte order mark, without which Excel and
 * LibreOffice's default import read the file in the machine's code page and garble every name
 * outside Latin-1 (`Ù…Ø­Ù…Ø¯` for `محمد`). Our own reader drops it again ({@link parseCsv}).
 */
export const CSV_FILE_START = '\uFEFF'

/**
 * `records` as RFC 4180 CSV (CRLF between records, quotes where needed), written by
 * `csv-stringify`. A text that a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return) gets a leading apostrophe, so opening a downloaded file never runs
 * anything from a visitor; numbers are written as they are.
 */
export function toCsv(records: ReadonlyArray<ReadonlyArray<string | number>>): string {
	return stringify(records as Array<Array<string | number>>, {
		record_delimiter: '\r\n',
		// A line break of either kind inside a field is quoted, not only the record's CRLF.
		quoted_match: /[\r\n]/,
		cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
	})
}

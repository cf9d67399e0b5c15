/**
 * CSV as RFC 4180 writes it (and as LinkedIn's data export does): fields separated by commas,
 * records by CRLF (a lone LF or CR is accepted too), a field in double quotes may hold commas,
 * line breaks and doubled quotes (""). A UTF-8 byte order mark at the start is dropped.
 */

export class CsvError extends Error {}

/** Every record of `text` as a list of fields; blank lines between records are skipped. */
export function parseCsv(text: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let field = ''
	let quoted = false
	let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
	const endRecord = () => {
		record.push(field)
		// A line with nothing on it is no record (RFC 4180 has none; editors leave them).
		if (record.length > 1 || record[0] !== '') records.push(record)
		record = []
		field = ''
	}
	while (i < text.length) {
		const char = text[i]!
		if (quoted) {
			if (char === '"') {
				if (text[i + 1] === '"') {
					field += '"'
					i += 2
					continue
				}
				quoted = false
				i++
				const next = text[i]
				if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
					throw new CsvError(`Line ${records.length + 1}: text after a closing quote`)
				}
				continue
			}
			field += char
			i++
			continue
		}
		if (char === '"' && field === '') {
			quoted = true
			i++
		} else if (char === ',') {
			record.push(field)
			field = ''
			i++
		} else if (char === '\r' || char === '\n') {
			endRecord()
			i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
		} else {
			field += char
			i++
		}
	}
	if (quoted) throw new CsvError(`Line ${records.length + 1}: a quoted field never ends`)
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
 * `records` as RFC 4180 CSV (CRLF between records, quotes where needed). A field that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) gets
 * a leading apostrophe, so opening a downloaded file never runs anything from a visitor.
 */
export function toCsv(records: ReadonlyArray<ReadonlyArray<string | number>>): string {
	return records
		.map((record) =>
			record
				.map((value) => {
					let field = String(value)
					if (typeof value === 'string' && /^[=+\-@\t\r]/.test(field)) field = `'${field}`
					return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field
				})
				.join(','),
		)
		.join('\r\n')
		.concat('\r\n')
}

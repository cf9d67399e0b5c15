/** Files the server reads at run time from app/assets (fonts), wherever the code runs from. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder `relative` (for example `app/assets/fonts`) that holds `probe`: looked for from this
 * module upwards (in app/utils under tsx, or bundled into build/server), else under the cwd.
 */
export function assetDir(relative: string, probe: string) {
	let dir = path.dirname(fileURLToPath(import.meta.url))
	for (;;) {
		const candidate = path.join(dir, relative)
		if (fs.existsSync(path.join(candidate, probe))) return candidate
		const parent = path.dirname(dir)
		if (parent === dir) return path.resolve(relative)
		dir = parent
	}
}

// The script of the public pages, as built (vite.config.ts, publicEntryPlugin).
declare module 'virtual:public-entry' {
	const entry: { imports: string[]; preload: string[] } | null
	export default entry
}

/** Each language's client catalogs, as the files to preload (vite.config.ts). */
declare module 'virtual:locale-chunks' {
	const chunks: Partial<Record<string, string[]>>
	export default chunks
}

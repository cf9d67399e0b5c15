// The script of the public pages, as built (vite.config.ts, publicEntryPlugin).
declare module 'virtual:public-entry' {
	const entry: { imports: string[]; preload: string[] } | null
	export default entry
}

// react-dom 18's Web Streams renderer, importable in Node (app/entry.server.tsx says why it is
// used there); @types/react-dom types it under 'react-dom/server' only.
declare module 'react-dom/server.browser' {
	export { renderToReadableStream, type RenderToReadableStreamOptions } from 'react-dom/server'
}

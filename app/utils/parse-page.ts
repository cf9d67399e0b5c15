/**
 * A page of this site that a visitor's page script fetched for a part of it (the contact form,
 * the next cards), parsed into an inert fragment: the content of a `<template>`, whose `<style>`
 * elements are never processed. A document parsed by DOMParser checks its `<style>` elements
 * against this page's policy, which admits only this page's own by hash (style-src-elem,
 * docs/decisions/036-first-screen.md): each of the other page's would be reported as a violation,
 * though never applied. Nothing in either runs (scripts) or loads (images).
 */
export function parsePage(html: string): DocumentFragment {
	const template = document.createElement('template')
	template.innerHTML = html
	return template.content
}

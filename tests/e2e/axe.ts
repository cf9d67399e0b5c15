/**
 * Accessibility check for end-to-end tests: runs axe-core inside the page and fails on any
 * violation of impact serious or critical. (`@axe-core/playwright` needs Node 22; plain axe-core
 * injected into the page works on Node 20.)
 */
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const AXE_SOURCE = require.resolve('axe-core')

type Impact = 'minor' | 'moderate' | 'serious' | 'critical'

type Violation = {
	id: string
	impact: Impact | null
	help: string
	helpUrl: string
	nodes: Array<{ target: string[]; html: string; failureSummary: string }>
}

declare global {
	interface Window {
		axe?: {
			run: (
				context: Document | Element,
				options: Record<string, unknown>,
			) => Promise<{ violations: Violation[] }>
		}
	}
}

function describe(violations: Violation[]) {
	return violations
		.map(
			(violation) =>
				`[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${violation.nodes
					.map(
						(node) =>
							`    ${node.target.join(' ')}\n      ${node.failureSummary.replace(/\n/g, '\n      ')}`,
					)
					.join('\n')}`,
		)
		.join('\n')
}

/**
 * Runs axe on the whole page as it is now (open dialogs included) and fails on any serious or
 * critical violation, listing each rule, its elements and how to fix them. `only` limits the scan
 * to some rules: for a page state that differs from one already scanned whole only in its colours.
 */
export async function expectNoSeriousA11yViolations(page: Page, only?: string[]) {
	if (!(await page.evaluate(() => Boolean(window.axe)))) {
		await page.addScriptTag({ path: AXE_SOURCE })
	}
	// Colours mid-transition (a toast fading in or out) are not the page's: let the finite
	// animations and transitions end first (a spinner's endless one never does).
	await page.evaluate(() =>
		Promise.all(
			document
				.getAnimations()
				.filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
				.map((animation) => animation.finished.catch(() => {})),
		),
	)
	const violations = await page.evaluate(async (rules) => {
		const result = await window.axe!.run(document, {
			resultTypes: ['violations'],
			...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
		})
		return result.violations.map((violation) => ({
			id: violation.id,
			impact: violation.impact,
			help: violation.help,
			helpUrl: violation.helpUrl,
			nodes: violation.nodes.map((node) => ({
				target: node.target.map(String),
				html: node.html,
				failureSummary: node.failureSummary,
			})),
		}))
	}, only)
	const serious = violations.filter(
		(violation) => violation.impact === 'serious' || violation.impact === 'critical',
	)
	expect(
		serious,
		`axe found serious accessibility problems on ${page.url()}:\n${describe(serious)}`,
	).toEqual([])
	return violations
}

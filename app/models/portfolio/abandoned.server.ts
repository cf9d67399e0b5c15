/**
 * Projects made by 'Add New' and left with nothing saved ("pristine"): removed when their owner
 * leaves them, whichever way they leave (the builder's own links, a closed tab, a reload elsewhere,
 * no JavaScript at all), and never while a page still has them open.
 */
import { prisma } from '~/utils/db.server'
import { deletePortfolio } from '../portfolio.server'

/** Whether one of the owner's items is pristine (made by 'Add New', nothing saved yet). */
export async function isPortfolioPristine(customerId: string, portfolioId: string) {
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { pristine: true },
	})
	return item?.pristine ?? false
}

/** Items left pristine longer than this are removed when the owner's list is read. */
export const PRISTINE_GRACE_MS = 60 * 60 * 1000

/**
 * Removes one of the owner's items if it is still pristine (made by 'Add New', no field saved):
 * the owner left it. True when it was removed.
 */
export async function discardPristinePortfolio(customerId: string, portfolioId: string) {
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId, pristine: true },
		select: { id: true },
	})
	return item ? deletePortfolio(customerId, portfolioId, { onlyPristine: true }) : false
}

/**
 * Removes the owner's pristine items older than {@link PRISTINE_GRACE_MS}: those left with no
 * script to say so (no JavaScript, a crash). Newer ones may be open in another tab. Items whose
 * page was left more than {@link LEFT_GRACE_MS} ago go too ({@link removeLeftPortfolios}).
 */
export async function sweepPristinePortfolios(customerId: string) {
	const stale = await prisma().portfolio.findMany({
		where: {
			customerId,
			pristine: true,
			createdAt: { lt: new Date(Date.now() - PRISTINE_GRACE_MS) },
		},
		select: { id: true },
	})
	for (const item of stale) await deletePortfolio(customerId, item.id, { onlyPristine: true })
	return stale.length + (await removeLeftPortfolios(customerId))
}

/**
 * How long a pristine item's page may stay left before the item is removed: time for a reload
 * of the page, or another tab with the same project open, to say the owner is still there.
 */
export const LEFT_GRACE_MS = 8_000

/**
 * A builder page of one of the owner's items is open (`view`: a random id per page load). For a
 * pristine item it becomes the page that has the item, and the item is no longer left. Answers
 * whether the item is still pristine; null when the owner has no such item.
 */
export async function markPortfolioOpen(customerId: string, portfolioId: string, view: string) {
	await prisma().$executeRaw`
		UPDATE "Portfolio" SET "openView" = ${view}, "leftAt" = NULL
		WHERE "id" = ${portfolioId} AND "customerId" = ${customerId} AND "pristine"`
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { pristine: true },
	})
	return item ? item.pristine : null
}

/**
 * The page `view` of one of the owner's items was left (in the builder, or the tab closed,
 * reloaded or taken elsewhere). A pristine item is then left, unless a later page has it open
 * (another tab, the reloaded page): {@link removeLeftPortfolios} removes it once
 * {@link LEFT_GRACE_MS} have passed with no page opening it again. Answers as
 * {@link markPortfolioOpen}.
 */
export async function markPortfolioLeft(customerId: string, portfolioId: string, view: string) {
	await prisma().$executeRaw`
		UPDATE "Portfolio" SET "leftAt" = ${new Date()}
		WHERE "id" = ${portfolioId} AND "customerId" = ${customerId} AND "pristine"
			AND ("openView" IS NULL OR "openView" = ${view})`
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { pristine: true },
	})
	return item ? item.pristine : null
}

/**
 * Removes the owner's pristine items left more than {@link LEFT_GRACE_MS} ago and not opened
 * since. Answers how many went. An item saved to meanwhile is not pristine and stays.
 */
export async function removeLeftPortfolios(customerId: string) {
	const before = new Date(Date.now() - LEFT_GRACE_MS)
	const left = await prisma().portfolio.findMany({
		where: { customerId, pristine: true, leftAt: { lt: before } },
		select: { id: true },
	})
	let removed = 0
	for (const item of left) {
		if (await deletePortfolio(customerId, item.id, { onlyPristine: true, leftBefore: before })) {
			removed++
		}
	}
	return removed
}

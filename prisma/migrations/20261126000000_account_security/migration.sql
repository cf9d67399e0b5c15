-- Account security (docs/decisions/025-account-security.md): a verified address, and links that
-- verify an address or cancel a change of email.

ALTER TABLE "Customer" ADD COLUMN "emailVerifiedAt" TIMESTAMP(3);
-- Owners who signed up before addresses were verified keep receiving their notices.
UPDATE "Customer" SET "emailVerifiedAt" = "createdAt";

CREATE TABLE "AccountLinkToken" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountLinkToken_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "AccountLinkToken_purpose_check" CHECK ("purpose" IN ('verify-email', 'cancel-email-change'))
);
CREATE UNIQUE INDEX "AccountLinkToken_tokenHash_key" ON "AccountLinkToken"("tokenHash");
CREATE INDEX "AccountLinkToken_customerId_idx" ON "AccountLinkToken"("customerId");
ALTER TABLE "AccountLinkToken" ADD CONSTRAINT "AccountLinkToken_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

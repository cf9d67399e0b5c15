-- Contact exchange (issue 40, ARCHITECTURE.md "Contact exchange"). Widen only: a new table and a
-- column with a default that the previous release never reads, so it keeps working while a
-- rolling deploy replaces it (docs/deploying.md).

-- Whether visitors may leave their details on the owner's page. Open unless the owner closes it.
ALTER TABLE "Profile" ADD COLUMN "contactFormEnabled" BOOLEAN NOT NULL DEFAULT true;

-- A visitor's details, the owner's data: deleted with the account, kept CONTACTS_RETENTION_DAYS.
-- The rules the form and the API check (app/utils/contact-schemas.ts) are constraints here too,
-- so no writer can store a contact with no way to answer it or without its consent.
CREATE TABLE "Contact" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "company" TEXT,
    "message" TEXT,
    "consentText" TEXT NOT NULL,
    "consentAt" TIMESTAMP(3) NOT NULL,
    "read" BOOLEAN NOT NULL DEFAULT false,
    "noticeId" TEXT,
    "notifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Contact_name_check" CHECK (char_length("name") BETWEEN 1 AND 100),
    CONSTRAINT "Contact_reachable_check" CHECK ("email" IS NOT NULL OR "phone" IS NOT NULL),
    CONSTRAINT "Contact_email_check" CHECK ("email" IS NULL OR char_length("email") BETWEEN 3 AND 254),
    CONSTRAINT "Contact_phone_check" CHECK ("phone" IS NULL OR char_length("phone") BETWEEN 7 AND 32),
    CONSTRAINT "Contact_company_check" CHECK ("company" IS NULL OR char_length("company") <= 100),
    CONSTRAINT "Contact_message_check" CHECK ("message" IS NULL OR char_length("message") <= 1000),
    CONSTRAINT "Contact_consent_check" CHECK (char_length("consentText") BETWEEN 1 AND 2000)
);

ALTER TABLE "Contact" ADD CONSTRAINT "Contact_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The owner's list, newest first (its cursor is the last row's createdAt and id).
CREATE INDEX "Contact_customerId_createdAt_id_idx" ON "Contact"("customerId", "createdAt" DESC, "id" DESC);

-- Retention: contacts older than CONTACTS_RETENTION_DAYS are deleted, the oldest first.
CREATE INDEX "Contact_createdAt_idx" ON "Contact"("createdAt");

-- Sudo mode (docs/decisions/040-sudo-mode.md): the last proof of presence (a password or a
-- current second factor) given by one session, keyed by its refresh-token family. A stolen
-- token carries no such proof; ending the session ends what it proved.
CREATE TABLE "SudoGrant" (
    "sessionId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SudoGrant_pkey" PRIMARY KEY ("sessionId")
);

CREATE INDEX "SudoGrant_customerId_idx" ON "SudoGrant"("customerId");

ALTER TABLE "SudoGrant" ADD CONSTRAINT "SudoGrant_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Passkeys and two-factor codes (issue 38, docs/decisions/033-sign-in-factors.md). Widen only: new
-- tables the previous release never reads, so it keeps working while a rolling deploy replaces it.
-- Every row belongs to an owner and goes with the account (ON DELETE CASCADE).

-- Authenticator codes (TOTP): the sealed secret in use and when it was confirmed (the second
-- factor is on), the last accepted time step (no code works twice), and a secret being set up.
CREATE TABLE "TotpFactor" (
    "customerId" TEXT NOT NULL,
    "secret" TEXT,
    "enabledAt" TIMESTAMP(3),
    "lastStep" INTEGER NOT NULL DEFAULT 0,
    "pendingSecret" TEXT,
    "pendingAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TotpFactor_pkey" PRIMARY KEY ("customerId"),
    -- On means a confirmed secret: both, or neither.
    CONSTRAINT "TotpFactor_enabled_check" CHECK (("secret" IS NULL) = ("enabledAt" IS NULL)),
    CONSTRAINT "TotpFactor_pending_check" CHECK (("pendingSecret" IS NULL) = ("pendingAt" IS NULL)),
    CONSTRAINT "TotpFactor_lastStep_check" CHECK ("lastStep" >= 0)
);
ALTER TABLE "TotpFactor" ADD CONSTRAINT "TotpFactor_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Recovery codes: SHA-256 only; a code is deleted when used.
CREATE TABLE "RecoveryCode" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "RecoveryCode_codeHash_check" CHECK ("codeHash" ~ '^[0-9a-f]{64}$')
);
CREATE UNIQUE INDEX "RecoveryCode_customerId_codeHash_key" ON "RecoveryCode"("customerId", "codeHash");
ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Passkeys (WebAuthn discoverable credentials).
CREATE TABLE "Passkey" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "credentialId" TEXT NOT NULL,
    "publicKey" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "name" TEXT NOT NULL,
    "backedUp" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "Passkey_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Passkey_name_check" CHECK (char_length("name") BETWEEN 1 AND 60),
    CONSTRAINT "Passkey_counter_check" CHECK ("counter" >= 0),
    CONSTRAINT "Passkey_credentialId_check" CHECK (
        char_length("credentialId") BETWEEN 1 AND 1400 AND "credentialId" ~ '^[A-Za-z0-9_-]+$'
    )
);
CREATE UNIQUE INDEX "Passkey_credentialId_key" ON "Passkey"("credentialId");
CREATE INDEX "Passkey_customerId_idx" ON "Passkey"("customerId");
ALTER TABLE "Passkey" ADD CONSTRAINT "Passkey_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- WebAuthn challenges: single use, short-lived, for one purpose; a registration's is the owner's.
CREATE TABLE "WebAuthnChallenge" (
    "id" TEXT NOT NULL,
    "challengeHash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "customerId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebAuthnChallenge_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "WebAuthnChallenge_purpose_check" CHECK (
        ("purpose" = 'register' AND "customerId" IS NOT NULL) OR "purpose" = 'login'
    )
);
CREATE UNIQUE INDEX "WebAuthnChallenge_challengeHash_key" ON "WebAuthnChallenge"("challengeHash");
CREATE INDEX "WebAuthnChallenge_customerId_idx" ON "WebAuthnChallenge"("customerId");
CREATE INDEX "WebAuthnChallenge_expiresAt_idx" ON "WebAuthnChallenge"("expiresAt");
ALTER TABLE "WebAuthnChallenge" ADD CONSTRAINT "WebAuthnChallenge_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The second step of a login or a reset (the API's `mfa_token`): a reset's holds the link it
-- continues and the new password's hash, applied only when the step succeeds.
CREATE TABLE "SecondStepToken" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "resetTokenHash" TEXT,
    "passwordHash" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SecondStepToken_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "SecondStepToken_purpose_check" CHECK (
        ("purpose" = 'login' AND "resetTokenHash" IS NULL AND "passwordHash" IS NULL)
        OR ("purpose" = 'reset' AND "resetTokenHash" IS NOT NULL AND "passwordHash" IS NOT NULL)
    )
);
CREATE UNIQUE INDEX "SecondStepToken_tokenHash_key" ON "SecondStepToken"("tokenHash");
CREATE INDEX "SecondStepToken_customerId_idx" ON "SecondStepToken"("customerId");
CREATE INDEX "SecondStepToken_expiresAt_idx" ON "SecondStepToken"("expiresAt");
ALTER TABLE "SecondStepToken" ADD CONSTRAINT "SecondStepToken_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

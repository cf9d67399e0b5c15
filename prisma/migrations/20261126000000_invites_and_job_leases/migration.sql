-- Widen only: a new table that the previous release never reads, so it keeps working while a
-- rolling deploy replaces it.
-- CreateTable
CREATE TABLE "SignupInvite" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignupInvite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SignupInvite_tokenHash_key" ON "SignupInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "SignupInvite_email_idx" ON "SignupInvite"("email");

-- CreateTable
CREATE TABLE "JobLease" (
    "name" TEXT NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "holder" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobLease_pkey" PRIMARY KEY ("name")
);

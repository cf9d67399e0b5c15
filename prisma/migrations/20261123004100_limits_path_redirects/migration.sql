-- Renamed addresses: an owner's previous path redirects (301) to their current one and stays
-- reserved for them for 30 days, unless they release it sooner.

-- CreateTable
CREATE TABLE "PathRedirect" (
    "pathKey" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PathRedirect_pkey" PRIMARY KEY ("pathKey")
);

-- CreateIndex
CREATE INDEX "PathRedirect_customerId_idx" ON "PathRedirect"("customerId");

-- CreateIndex
CREATE INDEX "PathRedirect_expiresAt_idx" ON "PathRedirect"("expiresAt");

-- AddForeignKey
ALTER TABLE "PathRedirect" ADD CONSTRAINT "PathRedirect_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

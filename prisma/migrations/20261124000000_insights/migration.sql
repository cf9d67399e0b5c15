-- Insights (docs/decisions/022-insights.md): daily rollups per owner, metric and dimension; the
-- day's salt (shared by every instance, deleted when the day is over); today's visitor hashes,
-- only to count each visitor once a day (deleted with the salt). No raw events.
CREATE TABLE "InsightsDay" (
	"day" DATE NOT NULL,
	"customerId" TEXT NOT NULL,
	"metric" TEXT NOT NULL,
	"dimension" TEXT NOT NULL DEFAULT '',
	"count" INTEGER NOT NULL DEFAULT 0,
	CONSTRAINT "InsightsDay_pkey" PRIMARY KEY ("customerId", "day", "metric", "dimension"),
	CONSTRAINT "InsightsDay_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "InsightsDay_day_idx" ON "InsightsDay"("day");

CREATE TABLE "InsightsSalt" (
	"day" DATE NOT NULL,
	"salt" BYTEA NOT NULL,
	CONSTRAINT "InsightsSalt_pkey" PRIMARY KEY ("day")
);

CREATE TABLE "InsightsVisitor" (
	"day" DATE NOT NULL,
	"customerId" TEXT NOT NULL,
	"scope" TEXT NOT NULL,
	"hash" BYTEA NOT NULL,
	CONSTRAINT "InsightsVisitor_pkey" PRIMARY KEY ("day", "customerId", "scope", "hash"),
	CONSTRAINT "InsightsVisitor_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

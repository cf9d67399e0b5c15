-- Writes that race (docs/decisions/008-writes-serialised-per-owner.md): positions unique per owner
-- (per item for images), at most one featured image per item, and the page-version trigger
-- touching the owner's profile row once per transaction instead of once per changed row.
-- Existing data is repaired first (renumbered 0..n-1 in its current order, extra featured flags
-- dropped), then the constraints are added, in this one transaction.

-- 1. The page-version trigger: the first change of a transaction moves the profile's updatedAt;
--    the rest find the row already written by this transaction ("xmin") and leave it alone.
CREATE OR REPLACE FUNCTION "tagg_touch_profile"() RETURNS trigger AS $$
BEGIN
	UPDATE "Profile" SET "updatedAt" = clock_timestamp()
	WHERE "customerId" = CASE WHEN TG_OP = 'DELETE' THEN OLD."customerId" ELSE NEW."customerId" END
		AND "xmin" <> pg_current_xact_id()::xid;
	IF TG_OP = 'UPDATE' AND OLD."customerId" IS DISTINCT FROM NEW."customerId" THEN
		UPDATE "Profile" SET "updatedAt" = clock_timestamp()
		WHERE "customerId" = OLD."customerId" AND "xmin" <> pg_current_xact_id()::xid;
	END IF;
	RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION "tagg_touch_profile_of_customer"() RETURNS trigger AS $$
BEGIN
	UPDATE "Profile" SET "updatedAt" = clock_timestamp()
	WHERE "customerId" = NEW."id" AND "xmin" <> pg_current_xact_id()::xid;
	RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- 2. Positions 0..n-1 in their current order (ties: oldest first, then by id). App instances
--    still running the old code wait (their writes cannot slip a duplicate in between the repair
--    and the constraints); readers do not.
LOCK TABLE "Portfolio", "PortfolioImage", "WorkExperience", "Education", "Skill", "Certificate",
	"Achievement" IN SHARE ROW EXCLUSIVE MODE;

UPDATE "Portfolio" AS t SET "position" = r.rn
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "customerId" ORDER BY "position", "createdAt", "id") - 1 AS rn
	FROM "Portfolio"
) AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

UPDATE "PortfolioImage" AS t SET "position" = r.rn
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "portfolioId" ORDER BY "position", "createdAt", "id") - 1 AS rn
	FROM "PortfolioImage"
) AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

UPDATE "WorkExperience" AS t SET "position" = r.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "customerId" ORDER BY "position", "id") - 1 AS rn FROM "WorkExperience") AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

UPDATE "Education" AS t SET "position" = r.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "customerId" ORDER BY "position", "id") - 1 AS rn FROM "Education") AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

UPDATE "Skill" AS t SET "position" = r.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "customerId" ORDER BY "position", "id") - 1 AS rn FROM "Skill") AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

UPDATE "Certificate" AS t SET "position" = r.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "customerId" ORDER BY "position", "id") - 1 AS rn FROM "Certificate") AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

UPDATE "Achievement" AS t SET "position" = r.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "customerId" ORDER BY "position", "id") - 1 AS rn FROM "Achievement") AS r
WHERE t."id" = r."id" AND t."position" <> r.rn;

-- 3. One featured image per item: the one the item's cover shows today (the first active
--    featured image, else the first featured one) keeps the flag.
UPDATE "PortfolioImage" AS t SET "featured" = false
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "portfolioId" ORDER BY "active" DESC, "position", "id") AS rn
	FROM "PortfolioImage" WHERE "featured"
) AS r
WHERE t."id" = r."id" AND r.rn > 1;

-- 4. The constraints. Unique positions are checked at commit (DEFERRABLE INITIALLY DEFERRED), so a
--    reorder may swap two rows in one transaction; their indexes replace the plain ones.
DROP INDEX "Portfolio_customerId_position_idx";
ALTER TABLE "Portfolio" ADD CONSTRAINT "Portfolio_customerId_position_key"
	UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

DROP INDEX "PortfolioImage_portfolioId_position_idx";
ALTER TABLE "PortfolioImage" ADD CONSTRAINT "PortfolioImage_portfolioId_position_key"
	UNIQUE ("portfolioId", "position") DEFERRABLE INITIALLY DEFERRED;

DROP INDEX "WorkExperience_customerId_position_idx";
ALTER TABLE "WorkExperience" ADD CONSTRAINT "WorkExperience_customerId_position_key"
	UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

DROP INDEX "Education_customerId_position_idx";
ALTER TABLE "Education" ADD CONSTRAINT "Education_customerId_position_key"
	UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

DROP INDEX "Skill_customerId_position_idx";
ALTER TABLE "Skill" ADD CONSTRAINT "Skill_customerId_position_key"
	UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

DROP INDEX "Certificate_customerId_position_idx";
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_customerId_position_key"
	UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

DROP INDEX "Achievement_customerId_position_idx";
ALTER TABLE "Achievement" ADD CONSTRAINT "Achievement_customerId_position_key"
	UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

ALTER TABLE "Portfolio" ADD CONSTRAINT "Portfolio_position_check" CHECK ("position" >= 0);
ALTER TABLE "PortfolioImage" ADD CONSTRAINT "PortfolioImage_position_check" CHECK ("position" >= 0);

CREATE UNIQUE INDEX "PortfolioImage_one_featured_per_portfolio_key" ON "PortfolioImage" ("portfolioId")
	WHERE "featured";

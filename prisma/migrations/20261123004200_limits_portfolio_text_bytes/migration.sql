-- The size of each portfolio item's text, kept by the database on every write, so a page of a
-- list can stop at its byte budget after reading only the sizes (not the items).

-- AlterTable
ALTER TABLE "Portfolio" ADD COLUMN "textBytes" INTEGER NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION "tagg_portfolio_text_bytes"() RETURNS trigger AS $$
BEGIN
	NEW."textBytes" := octet_length(NEW::text);
	RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Portfolio_text_bytes" BEFORE INSERT OR UPDATE ON "Portfolio"
	FOR EACH ROW EXECUTE FUNCTION "tagg_portfolio_text_bytes"();

-- Backfill (the trigger computes it).
UPDATE "Portfolio" SET "textBytes" = 0;

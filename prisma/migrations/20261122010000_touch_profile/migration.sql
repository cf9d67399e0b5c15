-- Every change to what a public page shows moves its profile's "updatedAt", so one indexed read
-- tells whether a rendered page is still current (ETags, the page cache, sitemap lastmod).

CREATE OR REPLACE FUNCTION "tagg_touch_profile"() RETURNS trigger AS $$
BEGIN
	UPDATE "Profile" SET "updatedAt" = clock_timestamp()
	WHERE "customerId" = CASE WHEN TG_OP = 'DELETE' THEN OLD."customerId" ELSE NEW."customerId" END;
	IF TG_OP = 'UPDATE' AND OLD."customerId" IS DISTINCT FROM NEW."customerId" THEN
		UPDATE "Profile" SET "updatedAt" = clock_timestamp() WHERE "customerId" = OLD."customerId";
	END IF;
	RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION "tagg_touch_profile_of_customer"() RETURNS trigger AS $$
BEGIN
	UPDATE "Profile" SET "updatedAt" = clock_timestamp() WHERE "customerId" = NEW."id";
	RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "WorkExperience_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "WorkExperience"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "Education_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "Education"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "Skill_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "Skill"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "Certificate_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "Certificate"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "Achievement_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "Achievement"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "Portfolio_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "Portfolio"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "PortfolioImage_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "PortfolioImage"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();
CREATE TRIGGER "Customer_touch_profile" AFTER UPDATE OF "disabled", "email" ON "Customer"
	FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile_of_customer"();

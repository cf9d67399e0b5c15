-- A pending claim no longer holds a domain's name (docs/decisions/034-own-domains.md): several
-- owners may claim one name, each with a token of their own, and the first whose TXT record is
-- found gets it. The name stays unique among the domains that serve pages (verified or failing);
-- claims are found by name through a plain index. An earlier release's code, running beside this
-- one during a deploy, only sees a second pending claim where it refused one before.
DROP INDEX "Domain_name_key";
CREATE UNIQUE INDEX "Domain_name_held_key" ON "Domain"("name") WHERE "status" <> 'pending';
CREATE INDEX "Domain_name_idx" ON "Domain"("name");

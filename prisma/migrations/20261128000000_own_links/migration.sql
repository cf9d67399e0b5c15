-- An owner's own links (issue 37, ARCHITECTURE.md "Links of your own"). Widen only: a new table
-- the previous release never reads, so it keeps working while a rolling deploy replaces it.
-- The rules the API checks (app/utils/link-schemas.ts) are also constraints here, so no writer
-- (an old instance, a script, a hand-made fix) can store a link a visitor's page could not show
-- safely: a `javascript:` or `data:` address, an empty title, an end before the start.
CREATE TABLE "Link" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "icon" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "highlight" BOOLEAN NOT NULL DEFAULT false,
    "startsAt" TIMESTAMPTZ(3),
    "endsAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Link_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Link_position_check" CHECK ("position" >= 0 AND "position" < 50),
    CONSTRAINT "Link_title_check" CHECK (char_length("title") BETWEEN 1 AND 80),
    CONSTRAINT "Link_url_check" CHECK (
        octet_length("url") <= 2048 AND "url" ~* '^(https?://[^/?#[:space:]]|mailto:[^[:space:]]|tel:[^[:space:]])'
    ),
    CONSTRAINT "Link_icon_check" CHECK ("icon" IS NULL OR "icon" ~ '^[a-z0-9]{1,40}$'),
    CONSTRAINT "Link_schedule_check" CHECK (
        "startsAt" IS NULL OR "endsAt" IS NULL OR "endsAt" > "startsAt"
    )
);

ALTER TABLE "Link" ADD CONSTRAINT "Link_customerId_fkey"
    FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Display order, 0..n-1 per owner: the index every read of an owner's links uses. Checked at
-- commit (as the resume lists' positions: docs/decisions/011-serialised-per-owner.md).
ALTER TABLE "Link" ADD CONSTRAINT "Link_customerId_position_key"
    UNIQUE ("customerId", "position") DEFERRABLE INITIALLY DEFERRED;

-- At most one highlighted link per owner.
CREATE UNIQUE INDEX "Link_one_highlight_per_customer_key" ON "Link" ("customerId") WHERE "highlight";

-- What visitors see changes with the links: their page's version moves
-- (prisma/migrations/*_touch_profile; once per transaction, so a whole-list save moves it once).
CREATE TRIGGER "Link_touch_profile" AFTER INSERT OR UPDATE OR DELETE ON "Link"
    FOR EACH ROW EXECUTE FUNCTION "tagg_touch_profile"();

-- Instants the same on a database whose own time zone is not UTC (docs/decisions/037-utc-sessions.md).
-- From this release the app's sessions run in UTC (app/utils/pg-client.server.ts). Before it they
-- ran in the database's zone, and Prisma's driver adapter sent every instant as a wall-clock time
-- with no zone, so the `timestamptz` columns were stored off by that zone's offset. This
-- migration runs in a session as the app's were (the runner and `prisma migrate deploy` send no
-- zone): `current_setting('TimeZone')` is the zone those values were read in. On a UTC database
-- every statement here leaves the data as it is.

-- 1. The page-version triggers write UTC whatever the session's zone (an operator's psql session
--    included): "updatedAt" is a column without a zone that Prisma reads as UTC.
CREATE OR REPLACE FUNCTION "tagg_touch_profile"() RETURNS trigger AS $$
BEGIN
	UPDATE "Profile" SET "updatedAt" = clock_timestamp() AT TIME ZONE 'UTC'
	WHERE "customerId" = CASE WHEN TG_OP = 'DELETE' THEN OLD."customerId" ELSE NEW."customerId" END
		AND "xmin" <> pg_current_xact_id()::xid;
	IF TG_OP = 'UPDATE' AND OLD."customerId" IS DISTINCT FROM NEW."customerId" THEN
		UPDATE "Profile" SET "updatedAt" = clock_timestamp() AT TIME ZONE 'UTC'
		WHERE "customerId" = OLD."customerId" AND "xmin" <> pg_current_xact_id()::xid;
	END IF;
	RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION "tagg_touch_profile_of_customer"() RETURNS trigger AS $$
BEGIN
	UPDATE "Profile" SET "updatedAt" = clock_timestamp() AT TIME ZONE 'UTC'
	WHERE "customerId" = NEW."id" AND "xmin" <> pg_current_xact_id()::xid;
	RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- 2. The instants stored off: the wall-clock time they were written as, read again as UTC. A
--    link's schedule changes what its owner's pages show, so their versions move (the trigger).
UPDATE "Link" SET
	"startsAt" = ("startsAt" AT TIME ZONE current_setting('TimeZone')) AT TIME ZONE 'UTC',
	"endsAt" = ("endsAt" AT TIME ZONE current_setting('TimeZone')) AT TIME ZONE 'UTC'
WHERE current_setting('TimeZone') <> 'UTC' AND ("startsAt" IS NOT NULL OR "endsAt" IS NOT NULL);

UPDATE "Domain" SET
	"verifiedAt" = ("verifiedAt" AT TIME ZONE current_setting('TimeZone')) AT TIME ZONE 'UTC',
	"lastCheckedAt" = ("lastCheckedAt" AT TIME ZONE current_setting('TimeZone')) AT TIME ZONE 'UTC',
	"failingSince" = ("failingSince" AT TIME ZONE current_setting('TimeZone')) AT TIME ZONE 'UTC'
WHERE current_setting('TimeZone') <> 'UTC'
	AND ("verifiedAt" IS NOT NULL OR "lastCheckedAt" IS NOT NULL OR "failingSince" IS NOT NULL);

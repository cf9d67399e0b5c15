-- The language the owner's browser asked for when they signed up: their emails are in it until
-- they choose one in Settings (app/models/outbox.server.ts messageLocale). Owners who signed up
-- before keep null: their page language, as before.
ALTER TABLE "Customer" ADD COLUMN "signupLanguage" TEXT;

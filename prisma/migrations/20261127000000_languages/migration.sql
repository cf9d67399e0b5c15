-- Widen only: two columns with defaults that the previous release never reads, so it keeps
-- working while a rolling deploy replaces it (docs/deploying.md).
-- The language of the owner's public pages (profile, portfolio, projects, resume page, PDF,
-- link card, vCard labels); app/utils/locales.ts lists the languages.
ALTER TABLE "Profile" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_language_check"
    CHECK ("language" IN ('en', 'es', 'fr', 'de', 'pt-BR', 'ar'));

-- The language of the builder and the signed-out pages the owner chose in Settings; NULL: the
-- browser's (Accept-Language).
ALTER TABLE "Customer" ADD COLUMN "language" TEXT;
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_language_check"
    CHECK ("language" IS NULL OR "language" IN ('en', 'es', 'fr', 'de', 'pt-BR', 'ar'));

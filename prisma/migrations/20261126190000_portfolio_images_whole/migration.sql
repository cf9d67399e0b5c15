-- Portfolio images kept whole (issue 33): caption, alt text and focal point per image, a flag for
-- images stored whole with a large rendition (older ones were cropped to 16:9 at upload), the
-- project's 'Visit project' link, and the new-project lifecycle flags. Widening only: every
-- column is new, with a default that keeps existing rows as they were.

-- AlterTable
ALTER TABLE "Portfolio" ADD COLUMN "link" TEXT NOT NULL DEFAULT '',
ADD COLUMN "pristine" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "autoActive" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "PortfolioImage" ADD COLUMN "whole" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "caption" TEXT NOT NULL DEFAULT '',
ADD COLUMN "alt" TEXT NOT NULL DEFAULT '',
ADD COLUMN "focalX" INTEGER NOT NULL DEFAULT 50,
ADD COLUMN "focalY" INTEGER NOT NULL DEFAULT 50;

ALTER TABLE "PortfolioImage" ADD CONSTRAINT "PortfolioImage_focal_range"
	CHECK ("focalX" BETWEEN 0 AND 100 AND "focalY" BETWEEN 0 AND 100);

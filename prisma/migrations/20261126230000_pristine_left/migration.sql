-- A new project left untouched is removed when its owner leaves it (issue 33): the builder page
-- that has it open last, and when that page was left. Widening only: both columns are new and
-- empty.

-- AlterTable
ALTER TABLE "Portfolio" ADD COLUMN "openView" TEXT,
ADD COLUMN "leftAt" TIMESTAMP(3);

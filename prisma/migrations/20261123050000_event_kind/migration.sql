-- CreateEnum
CREATE TYPE "EventKind" AS ENUM ('EvictionScheduled', 'EvictionExecuted', 'EvictionCancelled');

-- AlterTable: nullable first, so that the rows already there can be given their kind.
ALTER TABLE "events" ADD COLUMN     "kind" "EventKind";

-- Events written before this column existed said what happened only in their message, in the
-- taint eviction controller's words. This is the last place that reads them.
UPDATE "events" SET "kind" = CASE
    WHEN "message" LIKE 'Scheduling deletion%' THEN 'EvictionScheduled'::"EventKind"
    WHEN "message" LIKE 'Marking for deletion%' THEN 'EvictionExecuted'::"EventKind"
    ELSE 'EvictionCancelled'::"EventKind"
  END;

ALTER TABLE "events" ALTER COLUMN "kind" SET NOT NULL;

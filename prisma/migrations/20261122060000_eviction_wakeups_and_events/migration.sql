-- AlterTable
ALTER TABLE "evictions" ADD COLUMN     "wakeups" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "involved_kind" TEXT NOT NULL,
    "involved_namespace" TEXT,
    "involved_name" TEXT NOT NULL,
    "eviction_id" BIGINT,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "events_at_idx" ON "events"("at");

-- CreateIndex
CREATE INDEX "events_involved_kind_involved_namespace_involved_name_idx" ON "events"("involved_kind", "involved_namespace", "involved_name");


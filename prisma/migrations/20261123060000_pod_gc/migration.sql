-- AlterEnum
ALTER TYPE "EventKind" ADD VALUE 'PodGarbageCollected';

-- CreateIndex
CREATE INDEX "tombstones_kind_key_idx" ON "tombstones"("kind", "key");


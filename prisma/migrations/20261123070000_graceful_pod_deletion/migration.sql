-- AlterTable: a graceful deletion's deadline and grace period (metadata.deletionTimestamp and
-- deletionGracePeriodSeconds), in the schema's order.
ALTER TABLE "pods" ADD COLUMN     "deletion_timestamp" TIMESTAMPTZ(3);
ALTER TABLE "pods" ADD COLUMN     "deletion_grace_period_seconds" BIGINT;

-- AlterTable
ALTER TABLE "evictions" ADD COLUMN     "pod_removed_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "pods_deletion_timestamp_idx" ON "pods"("deletion_timestamp");

-- AlterTable
ALTER TABLE "clusters" ADD COLUMN     "tombstones_pruned_through" BIGINT NOT NULL DEFAULT 0;


-- AlterTable
ALTER TABLE "evictions" ALTER COLUMN "toleration_seconds" SET DATA TYPE BIGINT;


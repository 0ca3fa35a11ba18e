-- AlterTable
ALTER TABLE "pods" ADD COLUMN     "deletion_by_taintgate" BOOLEAN NOT NULL DEFAULT false;


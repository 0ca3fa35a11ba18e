-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "clusters" TEXT[] DEFAULT ARRAY['*']::TEXT[];


-- CreateEnum
CREATE TYPE "ClusterMode" AS ENUM ('managed', 'mirror');

-- AlterEnum
ALTER TYPE "EventKind" ADD VALUE 'EvictionPredicted';

-- AlterEnum
ALTER TYPE "EvictionStatus" ADD VALUE 'Predicted';

-- AlterTable
ALTER TABLE "clusters" ADD COLUMN     "mode" "ClusterMode" NOT NULL DEFAULT 'managed',
ADD COLUMN     "source" JSONB,
ADD COLUMN     "source_credentials" TEXT;


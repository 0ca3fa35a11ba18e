-- CreateEnum
CREATE TYPE "SweepPhase" AS ENUM ('Pending', 'Running', 'Succeeded', 'Failed');

-- CreateTable
CREATE TABLE "removal_sweeps" (
    "id" UUID NOT NULL,
    "cluster_id" INTEGER NOT NULL,
    "phase" "SweepPhase" NOT NULL DEFAULT 'Pending',
    "nodes" TEXT[],
    "done" INTEGER NOT NULL DEFAULT 0,
    "results" JSONB,
    "error" TEXT,
    "revision" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "removal_sweeps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "removal_sweeps_cluster_id_created_at_idx" ON "removal_sweeps"("cluster_id", "created_at");

-- AddForeignKey
ALTER TABLE "removal_sweeps" ADD CONSTRAINT "removal_sweeps_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;


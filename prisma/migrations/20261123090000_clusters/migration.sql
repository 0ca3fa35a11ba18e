-- Many clusters: every row belongs to a cluster. What the database held becomes the cluster
-- named `default` (id 1), at the revision it had, before cluster_revision goes.

-- CreateTable
CREATE TABLE "clusters" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "revision" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clusters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "clusters_name_key" ON "clusters"("name");

-- The existing cluster, at its revision; the id sequence then goes on from 2.
INSERT INTO "clusters" ("id", "name", "revision") SELECT 1, 'default', COALESCE((SELECT "revision" FROM "cluster_revision" WHERE "id" = 1), 0);
SELECT setval(pg_get_serial_sequence('clusters', 'id'), 1);

-- DropForeignKey
ALTER TABLE "taints" DROP CONSTRAINT "taints_node_name_fkey";

-- DropForeignKey
ALTER TABLE "awaited_no_execute_taints" DROP CONSTRAINT "awaited_no_execute_taints_node_name_fkey";

-- DropIndex
DROP INDEX "nodes_uid_key";

-- DropIndex
DROP INDEX "nodes_revision_idx";

-- DropIndex
DROP INDEX "taints_node_name_key_effect_key";

-- DropIndex
DROP INDEX "pods_uid_key";

-- DropIndex
DROP INDEX "pods_node_name_idx";

-- DropIndex
DROP INDEX "pods_phase_idx";

-- DropIndex
DROP INDEX "pods_revision_idx";

-- DropIndex
DROP INDEX "tombstones_revision_idx";

-- DropIndex
DROP INDEX "tombstones_kind_key_idx";

-- DropIndex
DROP INDEX "evictions_pod_namespace_pod_name_idx";

-- DropIndex
DROP INDEX "evictions_node_name_idx";

-- DropIndex
DROP INDEX "audit_events_kind_name_idx";

-- DropIndex
DROP INDEX "events_involved_kind_involved_namespace_involved_name_idx";

-- AlterTable
ALTER TABLE "nodes" DROP CONSTRAINT "nodes_pkey",
ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "nodes_pkey" PRIMARY KEY ("cluster_id", "name");

-- AlterTable
ALTER TABLE "taints" ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "awaited_no_execute_taints" DROP CONSTRAINT "awaited_no_execute_taints_pkey",
ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "awaited_no_execute_taints_pkey" PRIMARY KEY ("cluster_id", "node_name");

-- AlterTable
ALTER TABLE "zone_taintings" DROP CONSTRAINT "zone_taintings_pkey",
ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "zone_taintings_pkey" PRIMARY KEY ("cluster_id", "zone");

-- AlterTable
ALTER TABLE "pods" DROP CONSTRAINT "pods_pkey",
ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1,
ADD CONSTRAINT "pods_pkey" PRIMARY KEY ("cluster_id", "namespace", "name");

-- AlterTable
ALTER TABLE "tombstones" ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "evictions" ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "cluster_id" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE INDEX "nodes_cluster_id_revision_idx" ON "nodes"("cluster_id", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "nodes_cluster_id_uid_key" ON "nodes"("cluster_id", "uid");

-- CreateIndex
CREATE UNIQUE INDEX "taints_cluster_id_node_name_key_effect_key" ON "taints"("cluster_id", "node_name", "key", "effect");

-- CreateIndex
CREATE INDEX "pods_cluster_id_node_name_idx" ON "pods"("cluster_id", "node_name");

-- CreateIndex
CREATE INDEX "pods_cluster_id_revision_idx" ON "pods"("cluster_id", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "pods_cluster_id_uid_key" ON "pods"("cluster_id", "uid");

-- CreateIndex
CREATE INDEX "tombstones_cluster_id_revision_idx" ON "tombstones"("cluster_id", "revision");

-- CreateIndex
CREATE INDEX "tombstones_cluster_id_kind_key_idx" ON "tombstones"("cluster_id", "kind", "key");

-- CreateIndex
CREATE INDEX "evictions_cluster_id_pod_namespace_pod_name_idx" ON "evictions"("cluster_id", "pod_namespace", "pod_name");

-- CreateIndex
CREATE INDEX "evictions_cluster_id_node_name_idx" ON "evictions"("cluster_id", "node_name");

-- CreateIndex
CREATE INDEX "audit_events_cluster_id_kind_name_idx" ON "audit_events"("cluster_id", "kind", "name");

-- CreateIndex
CREATE INDEX "events_cluster_id_id_idx" ON "events"("cluster_id", "id");

-- CreateIndex
CREATE INDEX "events_cluster_id_involved_kind_involved_namespace_involved_idx" ON "events"("cluster_id", "involved_kind", "involved_namespace", "involved_name");

-- AddForeignKey
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "taints" ADD CONSTRAINT "taints_cluster_id_node_name_fkey" FOREIGN KEY ("cluster_id", "node_name") REFERENCES "nodes"("cluster_id", "name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "awaited_no_execute_taints" ADD CONSTRAINT "awaited_no_execute_taints_cluster_id_node_name_fkey" FOREIGN KEY ("cluster_id", "node_name") REFERENCES "nodes"("cluster_id", "name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "zone_taintings" ADD CONSTRAINT "zone_taintings_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pods" ADD CONSTRAINT "pods_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tombstones" ADD CONSTRAINT "tombstones_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evictions" ADD CONSTRAINT "evictions_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing rows were filled in with the default cluster; new ones always name theirs.
ALTER TABLE "nodes" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "taints" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "awaited_no_execute_taints" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "zone_taintings" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "pods" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "tombstones" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "evictions" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "audit_events" ALTER COLUMN "cluster_id" DROP DEFAULT;
ALTER TABLE "events" ALTER COLUMN "cluster_id" DROP DEFAULT;

-- DropTable
DROP TABLE "cluster_revision";

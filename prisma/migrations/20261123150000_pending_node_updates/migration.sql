-- CreateTable
CREATE TABLE "pending_node_updates" (
    "node_name" TEXT NOT NULL,
    "revision" BIGINT NOT NULL,
    "cluster_id" INTEGER NOT NULL,

    CONSTRAINT "pending_node_updates_pkey" PRIMARY KEY ("cluster_id","node_name")
);

-- CreateIndex
CREATE INDEX "pending_node_updates_cluster_id_revision_idx" ON "pending_node_updates"("cluster_id", "revision");

-- AddForeignKey
ALTER TABLE "pending_node_updates" ADD CONSTRAINT "pending_node_updates_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;


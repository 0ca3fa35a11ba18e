-- CreateIndex
CREATE INDEX "evictions_cluster_id_pod_uid_idx" ON "evictions"("cluster_id", "pod_uid");


-- CreateTable
CREATE TABLE "cluster_syncs" (
    "cluster_id" INTEGER NOT NULL,
    "holder" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "state" TEXT NOT NULL DEFAULT 'Pending',
    "resource_versions" JSONB NOT NULL DEFAULT '{}',
    "server" TEXT,
    "synced_at" TIMESTAMPTZ(3),
    "last_event_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cluster_syncs_pkey" PRIMARY KEY ("cluster_id")
);

-- AddForeignKey
ALTER TABLE "cluster_syncs" ADD CONSTRAINT "cluster_syncs_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;


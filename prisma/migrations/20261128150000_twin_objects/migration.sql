-- CreateTable
CREATE TABLE "twin_objects" (
    "kind" TEXT NOT NULL,
    "namespace" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "uid" UUID NOT NULL,
    "object" JSON NOT NULL,
    "revision" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "cluster_id" INTEGER NOT NULL,

    CONSTRAINT "twin_objects_pkey" PRIMARY KEY ("cluster_id","kind","namespace","name")
);

-- CreateIndex
CREATE INDEX "twin_objects_cluster_id_revision_idx" ON "twin_objects"("cluster_id", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "twin_objects_cluster_id_uid_key" ON "twin_objects"("cluster_id", "uid");

-- AddForeignKey
ALTER TABLE "twin_objects" ADD CONSTRAINT "twin_objects_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- CreateTable
CREATE TABLE "scheduling_events" (
    "id" BIGINT NOT NULL DEFAULT nextval('events_id_seq'::regclass),
    "at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "message" TEXT NOT NULL,
    "pod_namespace" TEXT NOT NULL,
    "pod_name" TEXT NOT NULL,
    "pod_uid" UUID NOT NULL,
    "pod_resource_version" BIGINT NOT NULL,
    "cluster_id" INTEGER NOT NULL,

    CONSTRAINT "scheduling_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduling_event_turns" (
    "cluster_id" INTEGER NOT NULL,
    "revision" BIGINT NOT NULL,
    "turn" BIGINT NOT NULL,

    CONSTRAINT "scheduling_event_turns_pkey" PRIMARY KEY ("cluster_id")
);

-- CreateIndex
CREATE INDEX "scheduling_events_cluster_id_id_idx" ON "scheduling_events"("cluster_id", "id");

-- CreateIndex
CREATE INDEX "scheduling_events_cluster_id_pod_namespace_pod_name_id_idx" ON "scheduling_events"("cluster_id", "pod_namespace", "pod_name", "id");

-- CreateIndex
CREATE INDEX "scheduling_events_last_at_idx" ON "scheduling_events"("last_at");

-- AddForeignKey
ALTER TABLE "scheduling_events" ADD CONSTRAINT "scheduling_events_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduling_event_turns" ADD CONSTRAINT "scheduling_event_turns_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "OutboxEventKind" AS ENUM ('TaintAdded', 'TaintRemoved', 'ImportFinished');

-- CreateEnum
CREATE TYPE "WebhookFormat" AS ENUM ('json', 'slack');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "kind" "OutboxEventKind" NOT NULL,
    "node_name" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "revision" BIGINT NOT NULL,
    "cluster_id" INTEGER NOT NULL,

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" BIGSERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "format" "WebhookFormat" NOT NULL,
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cluster_id" INTEGER,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "webhook_id" BIGINT NOT NULL,
    "origin" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "response_status" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_cursors" (
    "cluster_id" INTEGER NOT NULL,
    "last_event_id" BIGINT NOT NULL,

    CONSTRAINT "webhook_cursors_pkey" PRIMARY KEY ("cluster_id")
);

-- CreateIndex
CREATE INDEX "outbox_events_cluster_id_id_idx" ON "outbox_events"("cluster_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_seq_key" ON "webhook_deliveries"("seq");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_seq_idx" ON "webhook_deliveries"("webhook_id", "seq");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_origin_key" ON "webhook_deliveries"("webhook_id", "origin");

-- AddForeignKey
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_cursors" ADD CONSTRAINT "webhook_cursors_cluster_id_fkey" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The dispatcher's cursors start at each cluster's newest event: a webhook is told what happens after it is registered, not the history before.
INSERT INTO "webhook_cursors" ("cluster_id", "last_event_id") SELECT "cluster_id", max("id") FROM "events" GROUP BY "cluster_id";

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "TaintEffect" AS ENUM ('NoSchedule', 'PreferNoSchedule', 'NoExecute');

-- CreateEnum
CREATE TYPE "QOSClass" AS ENUM ('Guaranteed', 'Burstable', 'BestEffort');

-- CreateEnum
CREATE TYPE "EvictionStatus" AS ENUM ('Scheduled', 'Cancelled', 'Executed');

-- CreateTable
CREATE TABLE "cluster_revision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "revision" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "cluster_revision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "nodes" (
    "name" TEXT NOT NULL,
    "uid" UUID NOT NULL,
    "labels" JSONB NOT NULL DEFAULT '{}',
    "unschedulable" BOOLEAN NOT NULL DEFAULT false,
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "allocatable" JSONB NOT NULL DEFAULT '{}',
    "extra" JSONB NOT NULL DEFAULT '{}',
    "revision" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "nodes_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "taints" (
    "id" BIGSERIAL NOT NULL,
    "node_name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL DEFAULT '',
    "effect" "TaintEffect" NOT NULL,
    "time_added" TIMESTAMPTZ(3) NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "taints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pods" (
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "uid" UUID NOT NULL,
    "labels" JSONB NOT NULL DEFAULT '{}',
    "tolerations" JSONB NOT NULL DEFAULT '[]',
    "node_name" TEXT,
    "node_selector" JSONB NOT NULL DEFAULT '{}',
    "affinity" JSONB,
    "requests" JSONB NOT NULL DEFAULT '{}',
    "owner_kind" TEXT,
    "qos_class" "QOSClass" NOT NULL,
    "phase" TEXT NOT NULL DEFAULT 'Pending',
    "extra" JSONB NOT NULL DEFAULT '{}',
    "revision" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pods_pkey" PRIMARY KEY ("namespace","name")
);

-- CreateTable
CREATE TABLE "tombstones" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "revision" BIGINT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tombstones_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evictions" (
    "id" BIGSERIAL NOT NULL,
    "pod_namespace" TEXT NOT NULL,
    "pod_name" TEXT NOT NULL,
    "pod_uid" UUID NOT NULL,
    "node_name" TEXT NOT NULL,
    "taint_key" TEXT NOT NULL,
    "taint_value" TEXT NOT NULL DEFAULT '',
    "taint_effect" "TaintEffect" NOT NULL,
    "status" "EvictionStatus" NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "scheduled_for" TIMESTAMPTZ(3) NOT NULL,
    "toleration_seconds" INTEGER,
    "fired_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evictions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "namespace" TEXT,
    "name" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "revision" BIGINT NOT NULL,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "nodes_uid_key" ON "nodes"("uid");

-- CreateIndex
CREATE INDEX "nodes_revision_idx" ON "nodes"("revision");

-- CreateIndex
CREATE UNIQUE INDEX "taints_node_name_key_effect_key" ON "taints"("node_name", "key", "effect");

-- CreateIndex
CREATE UNIQUE INDEX "pods_uid_key" ON "pods"("uid");

-- CreateIndex
CREATE INDEX "pods_node_name_idx" ON "pods"("node_name");

-- CreateIndex
CREATE INDEX "pods_phase_idx" ON "pods"("phase");

-- CreateIndex
CREATE INDEX "pods_revision_idx" ON "pods"("revision");

-- CreateIndex
CREATE INDEX "tombstones_revision_idx" ON "tombstones"("revision");

-- CreateIndex
CREATE INDEX "evictions_status_scheduled_for_idx" ON "evictions"("status", "scheduled_for");

-- CreateIndex
CREATE INDEX "evictions_pod_namespace_pod_name_idx" ON "evictions"("pod_namespace", "pod_name");

-- CreateIndex
CREATE INDEX "evictions_node_name_idx" ON "evictions"("node_name");

-- CreateIndex
CREATE INDEX "audit_events_kind_name_idx" ON "audit_events"("kind", "name");

-- CreateIndex
CREATE INDEX "audit_events_at_idx" ON "audit_events"("at");

-- AddForeignKey
ALTER TABLE "taints" ADD CONSTRAINT "taints_node_name_fkey" FOREIGN KEY ("node_name") REFERENCES "nodes"("name") ON DELETE CASCADE ON UPDATE CASCADE;


-- The one row every write increments (see model ClusterRevision).
INSERT INTO "cluster_revision" ("id", "revision") VALUES (1, 0);

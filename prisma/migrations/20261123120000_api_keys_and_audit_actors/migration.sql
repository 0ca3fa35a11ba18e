-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "actor" TEXT NOT NULL DEFAULT 'system',
ADD COLUMN     "actor_key_id" BIGINT,
ADD COLUMN     "after" JSONB,
ADD COLUMN     "before" JSONB,
ADD COLUMN     "client_address" TEXT,
ADD COLUMN     "request_id" TEXT,
ALTER COLUMN "revision" DROP NOT NULL,
ALTER COLUMN "cluster_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "api_keys" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_name_key" ON "api_keys"("name");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_idx" ON "audit_events"("actor", "id");


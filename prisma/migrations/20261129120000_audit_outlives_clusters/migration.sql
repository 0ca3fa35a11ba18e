-- DropForeignKey
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_cluster_id_fkey";

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "cluster_name" TEXT;

-- CreateIndex
CREATE INDEX "audit_events_cluster_name_kind_name_idx" ON "audit_events"("cluster_name", "kind", "name");

-- The rows written before: their cluster's name, while it is there to read.
UPDATE "audit_events" a SET "cluster_name" = c."name" FROM "clusters" c WHERE c."id" = a."cluster_id";

-- Append-only: no row is changed, and none deleted but by retention, which says so in its own
-- transaction (SELECT set_config('taintgate.audit_retention', 'on', true)). Schema.prisma cannot say
-- this; `prisma-migration-sql --check` shows the function and trigger as the migrations' own.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('taintgate.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused (retention alone removes rows)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();

CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();

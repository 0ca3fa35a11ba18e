-- The append-only trigger of audit_events is no longer the migrations' (schema.prisma cannot say it,
-- and the migrations must build exactly what it describes): the migration runner installs it after
-- the migrations, on every start (prisma/database-rules.sql).
DROP TRIGGER IF EXISTS "audit_events_append_only" ON "audit_events";
DROP TRIGGER IF EXISTS "audit_events_no_truncate" ON "audit_events";
DROP FUNCTION IF EXISTS "audit_events_append_only"();

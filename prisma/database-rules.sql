-- What the database enforces beyond its tables, which schema.prisma cannot describe (so the
-- migrations, held to it by prisma-migration-sql --check, do not carry it either). The migration
-- runner applies this file after the migrations, on every start, in one implicit transaction:
-- each statement is idempotent.
--
-- audit_events is append-only: no row is changed, and none deleted but by retention, which says so
-- in its own transaction (SELECT set_config('taintgate.audit_retention', 'on', true)).
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('taintgate.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused (retention alone removes rows)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
DROP TRIGGER IF EXISTS audit_events_append_only ON audit_events;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
DROP TRIGGER IF EXISTS audit_events_no_truncate ON audit_events;
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

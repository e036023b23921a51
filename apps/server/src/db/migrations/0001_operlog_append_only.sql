-- The operation log is append-only: no API edits or deletes it. Updates are
-- refused by the database itself; deletes only for rows past the retention age
-- (the retention job), never for recent rows. See issue 2 / issue 6.
CREATE OR REPLACE FUNCTION oper_logs_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'oper_logs is append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' AND OLD.created_at > now() - interval '1 day' THEN
    RAISE EXCEPTION 'oper_logs rows younger than one day cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER oper_logs_append_only BEFORE UPDATE OR DELETE ON oper_logs FOR EACH ROW EXECUTE FUNCTION oper_logs_guard();
--> statement-breakpoint
CREATE TRIGGER oper_logs_no_truncate BEFORE TRUNCATE ON oper_logs FOR EACH STATEMENT EXECUTE FUNCTION oper_logs_guard();

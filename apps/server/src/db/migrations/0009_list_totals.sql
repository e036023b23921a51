-- List totals without reading the table (issue 9).
--
-- 1. A keyword on number and name is counted as |number| + |name \ number|:
--    the name prefix index carries the number, so both terms are index-only.
DROP INDEX "students_cam_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "students_cam_name_prefix_idx" ON "students" USING btree ("cam_id", "name" text_pattern_ops) INCLUDE ("student_no");--> statement-breakpoint
DROP INDEX "teachers_cam_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "teachers_cam_name_prefix_idx" ON "teachers" USING btree ("cam_id", "name" text_pattern_ops) INCLUDE ("staff_no");--> statement-breakpoint
-- 2. The total of a whole list (no keyword, no filter) is a kept count per
--    campus and table, moved by statement triggers in the writing transaction:
--    exact, and one row read instead of every index entry of the campus. Rows
--    never move between campuses (the trigger below refuses it), so inserts
--    and deletes are all that change a count.
-- 3. `version` moves with every insert and delete and every change of a
--    column the list's keyword searches (the update trigger's arguments, kept
--    equal to the specs' keywordColumns by campus-row-counts.test.ts): a
--    keyword total counted at version v is still exact while v holds.
-- Versions come from one sequence, so a version never repeats, not even for a
-- row deleted (TRUNCATE) and counted anew.
CREATE SEQUENCE "campus_row_versions";--> statement-breakpoint
CREATE TABLE "campus_row_counts" (
  "cam_id" integer NOT NULL REFERENCES "campuses" ("id"),
  "table_name" varchar(64) NOT NULL,
  "n" bigint NOT NULL CHECK ("n" >= 0),
  "version" bigint NOT NULL DEFAULT nextval('campus_row_versions'),
  PRIMARY KEY ("cam_id", "table_name")
);--> statement-breakpoint
CREATE FUNCTION "campus_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campus_row_counts AS c (cam_id, table_name, n)
    SELECT cam_id, TG_TABLE_NAME, count(*) FROM new_rows GROUP BY cam_id ORDER BY cam_id
    ON CONFLICT (cam_id, table_name) DO UPDATE SET n = c.n + excluded.n, version = nextval('campus_row_versions');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "campus_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campus_row_counts AS c SET n = c.n - d.k, version = nextval('campus_row_versions')
    FROM (SELECT cam_id, count(*) AS k FROM old_rows GROUP BY cam_id) AS d
    WHERE c.cam_id = d.cam_id AND c.table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Static SQL (planned once per table, not per statement as EXECUTE would be): every update runs it.
CREATE FUNCTION "campus_rows_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campus_row_counts AS c SET version = nextval('campus_row_versions')
   WHERE c.table_name = TG_TABLE_NAME AND c.cam_id IN (
     SELECT after.cam_id FROM new_rows AS after JOIN old_rows AS before ON before.id = after.id
      WHERE EXISTS (SELECT 1 FROM unnest(TG_ARGV) AS col
                     WHERE to_jsonb(after.*) -> col IS DISTINCT FROM to_jsonb(before.*) -> col));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "campus_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campus_row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "campus_row_stays"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a row of % cannot move to another campus', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
DO $$
DECLARE
  t text;
  searched jsonb := '{"students": ["student_no", "name"], "teachers": ["staff_no", "name"], "managers": ["staff_no", "name"],
                      "rooms": ["code", "name"], "terms": ["name", "academic_year"], "courses": ["code", "name"]}';
BEGIN
  FOR t IN SELECT jsonb_object_keys(searched) LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE MODE', t);
    EXECUTE format('INSERT INTO campus_row_counts (cam_id, table_name, n) SELECT cam_id, %L, count(*) FROM %I GROUP BY cam_id', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_inserted()', t || '_counted_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_deleted()', t || '_counted_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated(%s)',
      t || '_counted_upd', t, (SELECT string_agg(quote_literal(c), ', ') FROM jsonb_array_elements_text(searched -> t) AS c));
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_truncated()', t || '_counted_trunc', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OF cam_id ON %I FOR EACH ROW WHEN (OLD.cam_id IS DISTINCT FROM NEW.cam_id) EXECUTE FUNCTION campus_row_stays()', t || '_stays', t);
  END LOOP;
END $$;

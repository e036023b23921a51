-- Contains-search (issue 24, decision 018): a keyword matches anywhere in number, name or phone. Each
-- searchable row keeps the 1- and 2-character grams of those columns (lower-cased) in a generated column
-- with a GIN index; a keyword's grams (cc_keyword_grams) find the rows that may contain it, and LIKE on
-- the columns keeps only those that do. Grams of any length work for a 2-character Chinese name, which
-- trigram indexes (pg_trgm) cannot narrow. The prefix indexes of the old prefix search go.
CREATE OR REPLACE FUNCTION cc_search_grams(VARIADIC parts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(l, i, n)), '{}')
  FROM unnest(parts) AS u(part), lower(coalesce(part, '')) AS l, generate_series(1, char_length(l)) AS i, (VALUES (1), (2)) AS v(n)
  WHERE i + n - 1 <= char_length(l)
$$;--> statement-breakpoint
-- The grams a row must hold to contain the keyword: its one character, or its distinct 2-character grams.
CREATE OR REPLACE FUNCTION cc_keyword_grams(keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN char_length(k) <= 1 THEN ARRAY[k]
              ELSE ARRAY(SELECT DISTINCT substr(k, i, 2) FROM generate_series(1, char_length(k) - 1) AS i) END
  FROM lower(keyword) AS k
$$;--> statement-breakpoint
DROP INDEX "courses_cam_name_prefix_idx";--> statement-breakpoint
DROP INDEX "managers_cam_name_prefix_idx";--> statement-breakpoint
DROP INDEX "students_cam_no_prefix_idx";--> statement-breakpoint
DROP INDEX "students_cam_name_prefix_idx";--> statement-breakpoint
DROP INDEX "teachers_cam_no_prefix_idx";--> statement-breakpoint
DROP INDEX "teachers_cam_name_prefix_idx";--> statement-breakpoint
DROP INDEX "students_cam_created_cover_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (cc_search_grams(student_no, name, phone)) STORED;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (cc_search_grams(staff_no, name, phone)) STORED;--> statement-breakpoint
CREATE INDEX "students_search_grams_idx" ON "students" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "teachers_search_grams_idx" ON "teachers" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "students_cam_created_cover_idx" ON "students" USING btree ("cam_id","created_at","id","student_no","name","phone");--> statement-breakpoint
-- The keyword now searches phone too: a change of it moves the kept count's version (migration 0011).
DROP TRIGGER "students_counted_upd" ON "students";--> statement-breakpoint
CREATE TRIGGER "students_counted_upd" AFTER UPDATE ON "students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('student_no', 'name', 'phone', 'created_at');--> statement-breakpoint
DROP TRIGGER "teachers_counted_upd" ON "teachers";--> statement-breakpoint
CREATE TRIGGER "teachers_counted_upd" AFTER UPDATE ON "teachers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('staff_no', 'name', 'phone', 'created_at');--> statement-breakpoint
DROP TRIGGER "managers_counted_upd" ON "managers";--> statement-breakpoint
CREATE TRIGGER "managers_counted_upd" AFTER UPDATE ON "managers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('staff_no', 'name', 'phone', 'created_at');

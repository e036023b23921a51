-- A change of a list's default-order column moves the kept count's version
-- too (decision 009): a page boundary seen at a version then still marks the
-- same rows before it. The order columns: see each spec's defaultOrder
-- (campus-row-counts.test.ts keeps the two equal). Rooms order by code, which
-- the keyword already searches.
DROP TRIGGER "students_counted_upd" ON "students";--> statement-breakpoint
CREATE TRIGGER "students_counted_upd" AFTER UPDATE ON "students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('student_no', 'name', 'created_at');--> statement-breakpoint
DROP TRIGGER "teachers_counted_upd" ON "teachers";--> statement-breakpoint
CREATE TRIGGER "teachers_counted_upd" AFTER UPDATE ON "teachers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('staff_no', 'name', 'created_at');--> statement-breakpoint
DROP TRIGGER "managers_counted_upd" ON "managers";--> statement-breakpoint
CREATE TRIGGER "managers_counted_upd" AFTER UPDATE ON "managers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('staff_no', 'name', 'created_at');--> statement-breakpoint
DROP TRIGGER "terms_counted_upd" ON "terms";--> statement-breakpoint
CREATE TRIGGER "terms_counted_upd" AFTER UPDATE ON "terms" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('name', 'academic_year', 'start_date');--> statement-breakpoint
DROP TRIGGER "courses_counted_upd" ON "courses";--> statement-breakpoint
CREATE TRIGGER "courses_counted_upd" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campus_rows_updated('code', 'name', 'created_at');

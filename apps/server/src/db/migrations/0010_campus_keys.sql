-- Campus-scoped keys lead with cam_id (issue 9). A distributed PostgreSQL
-- (Citus) shards the campus tables by cam_id: every primary key and unique
-- index must contain it, and a foreign key between two of them must carry it
-- (docs/deploy.md). Ids stay global serials; only the keys change.
--
-- 1. The app only ever links rows of one campus, so every reference already
--    satisfies the composite keys. Refuse the upgrade, naming the rows, if a
--    database says otherwise: nothing is changed or dropped to make it fit.
DO $$
DECLARE
  found text;
BEGIN
  SELECT string_agg(format('%s: %s', ref, n), ', ') INTO found FROM (
    SELECT 'courses.term_id' AS ref, count(*) AS n FROM courses x JOIN terms p ON p.id = x.term_id WHERE p.cam_id <> x.cam_id
    UNION ALL SELECT 'courses.teacher_id', count(*) FROM courses x JOIN teachers p ON p.id = x.teacher_id WHERE p.cam_id <> x.cam_id
    UNION ALL SELECT 'enrolments.course_id', count(*) FROM enrolments x JOIN courses p ON p.id = x.course_id WHERE p.cam_id <> x.cam_id
    UNION ALL SELECT 'enrolments.student_id', count(*) FROM enrolments x JOIN students p ON p.id = x.student_id WHERE p.cam_id <> x.cam_id
    UNION ALL SELECT 'schedule_entries.course_id', count(*) FROM schedule_entries x JOIN courses p ON p.id = x.course_id WHERE p.cam_id <> x.cam_id
    UNION ALL SELECT 'schedule_entries.room_id', count(*) FROM schedule_entries x JOIN rooms p ON p.id = x.room_id WHERE p.cam_id <> x.cam_id
    UNION ALL SELECT 'schedule_entries.teacher_id', count(*) FROM schedule_entries x JOIN teachers p ON p.id = x.teacher_id WHERE p.cam_id <> x.cam_id
  ) AS c WHERE n > 0;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'campus keys: rows refer to a row of another campus (%)', found
      USING ERRCODE = 'foreign_key_violation',
            HINT = 'Correct or remove those rows, then start the server again; the upgrade changed nothing.';
  END IF;
END $$;--> statement-breakpoint
-- 2. The foreign keys between campus tables hang on the primary keys: drop them first.
ALTER TABLE "courses" DROP CONSTRAINT "courses_term_id_terms_id_fk";--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_teacher_id_teachers_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_course_id_courses_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "schedule_entries" DROP CONSTRAINT "schedule_entries_course_id_courses_id_fk";--> statement-breakpoint
ALTER TABLE "schedule_entries" DROP CONSTRAINT "schedule_entries_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "schedule_entries" DROP CONSTRAINT "schedule_entries_teacher_id_teachers_id_fk";--> statement-breakpoint
-- 3. Primary keys (cam_id, id) under their old names.
ALTER TABLE "terms" DROP CONSTRAINT "terms_pkey", ADD CONSTRAINT "terms_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_pkey", ADD CONSTRAINT "students_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "teachers" DROP CONSTRAINT "teachers_pkey", ADD CONSTRAINT "teachers_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "managers" DROP CONSTRAINT "managers_pkey", ADD CONSTRAINT "managers_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_pkey", ADD CONSTRAINT "rooms_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_pkey", ADD CONSTRAINT "courses_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_pkey", ADD CONSTRAINT "enrolments_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
ALTER TABLE "schedule_entries" DROP CONSTRAINT "schedule_entries_pkey", ADD CONSTRAINT "schedule_entries_pkey" PRIMARY KEY ("cam_id", "id");--> statement-breakpoint
-- 4. The one unique index without cam_id; same name (it also serves the course key below).
DROP INDEX "enrolments_course_student_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_course_student_uq" ON "enrolments" USING btree ("cam_id", "course_id", "student_id");--> statement-breakpoint
-- 5. Indexes behind the foreign keys' checks. courses (cam_id, term_id) is served by
--    courses_cam_term_code_uq, so courses_term_idx goes; the schedule's course index gains cam_id.
--    managers had none for its user and department keys.
DROP INDEX "courses_term_idx";--> statement-breakpoint
DROP INDEX "schedule_course_idx";--> statement-breakpoint
CREATE INDEX "schedule_cam_course_idx" ON "schedule_entries" USING btree ("cam_id", "course_id");--> statement-breakpoint
CREATE INDEX "managers_user_idx" ON "managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "managers_dept_idx" ON "managers" USING btree ("dept_id");--> statement-breakpoint
-- 6. The foreign keys again, composite: a row can only point into its own campus.
ALTER TABLE "courses" ADD CONSTRAINT "courses_cam_term_fk" FOREIGN KEY ("cam_id", "term_id") REFERENCES "public"."terms" ("cam_id", "id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cam_teacher_fk" FOREIGN KEY ("cam_id", "teacher_id") REFERENCES "public"."teachers" ("cam_id", "id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_cam_course_fk" FOREIGN KEY ("cam_id", "course_id") REFERENCES "public"."courses" ("cam_id", "id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_cam_student_fk" FOREIGN KEY ("cam_id", "student_id") REFERENCES "public"."students" ("cam_id", "id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_cam_course_fk" FOREIGN KEY ("cam_id", "course_id") REFERENCES "public"."courses" ("cam_id", "id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_cam_room_fk" FOREIGN KEY ("cam_id", "room_id") REFERENCES "public"."rooms" ("cam_id", "id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_cam_teacher_fk" FOREIGN KEY ("cam_id", "teacher_id") REFERENCES "public"."teachers" ("cam_id", "id") ON DELETE no action ON UPDATE no action;

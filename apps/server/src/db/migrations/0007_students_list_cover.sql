DROP INDEX "students_cam_created_idx";--> statement-breakpoint
CREATE INDEX "students_cam_created_cover_idx" ON "students" USING btree ("cam_id","created_at","id","student_no","name");
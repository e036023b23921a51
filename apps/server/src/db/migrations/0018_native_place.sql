ALTER TABLE "students" ADD COLUMN "region_code" varchar(6);--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "region_code" varchar(6);--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "address" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "students_cam_region_idx" ON "students" USING btree ("cam_id","region_code");--> statement-breakpoint
CREATE INDEX "teachers_cam_region_idx" ON "teachers" USING btree ("cam_id","region_code");
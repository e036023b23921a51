CREATE TABLE "timetable_activities" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"external_id" integer,
	"group_id" varchar(40),
	"subject_id" varchar(40),
	"teacher_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"student_set_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" smallint NOT NULL,
	"size" integer,
	"room_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"course_id" integer,
	"locked" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_activities_pkey" PRIMARY KEY("cam_id","id"),
	CONSTRAINT "timetable_activities_duration_ck" CHECK ("timetable_activities"."duration" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "timetable_constraints" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_constraints_pkey" PRIMARY KEY("cam_id","id")
);
--> statement-breakpoint
CREATE TABLE "timetable_plans" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"days" jsonb NOT NULL,
	"periods" jsonb NOT NULL,
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activity_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"student_sets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_plans_pkey" PRIMARY KEY("cam_id","id")
);
--> statement-breakpoint
CREATE TABLE "timetable_runs" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"seed" integer NOT NULL,
	"time_limit_s" integer NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"best_placed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"hard_violations" integer DEFAULT 0 NOT NULL,
	"soft_score" numeric(14, 3) DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"edited" boolean DEFAULT false NOT NULL,
	"error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "timetable_runs_pkey" PRIMARY KEY("cam_id","id"),
	CONSTRAINT "timetable_runs_status_ck" CHECK ("timetable_runs"."status" in ('running', 'solved', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "timetable_activities" ADD CONSTRAINT "timetable_activities_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_activities" ADD CONSTRAINT "timetable_activities_cam_plan_fk" FOREIGN KEY ("cam_id","plan_id") REFERENCES "public"."timetable_plans"("cam_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_constraints" ADD CONSTRAINT "timetable_constraints_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_constraints" ADD CONSTRAINT "timetable_constraints_cam_plan_fk" FOREIGN KEY ("cam_id","plan_id") REFERENCES "public"."timetable_plans"("cam_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plans" ADD CONSTRAINT "timetable_plans_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_plans" ADD CONSTRAINT "timetable_plans_cam_term_fk" FOREIGN KEY ("cam_id","term_id") REFERENCES "public"."terms"("cam_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_cam_plan_fk" FOREIGN KEY ("cam_id","plan_id") REFERENCES "public"."timetable_plans"("cam_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timetable_activities_cam_plan_idx" ON "timetable_activities" USING btree ("cam_id","plan_id");--> statement-breakpoint
CREATE INDEX "timetable_constraints_cam_plan_idx" ON "timetable_constraints" USING btree ("cam_id","plan_id");--> statement-breakpoint
CREATE INDEX "timetable_plans_cam_term_idx" ON "timetable_plans" USING btree ("cam_id","term_id");--> statement-breakpoint
CREATE INDEX "timetable_runs_cam_plan_idx" ON "timetable_runs" USING btree ("cam_id","plan_id","id");--> statement-breakpoint
CREATE INDEX "schedule_cam_plan_idx" ON "schedule_entries" USING btree ("cam_id","plan_id") WHERE "schedule_entries"."plan_id" is not null;
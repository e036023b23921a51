CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"due_at" timestamp with time zone,
	"status" varchar(16) NOT NULL,
	"instance" varchar(128) NOT NULL,
	"user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"message_key" varchar(64),
	"message_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" varchar(2000) DEFAULT '' NOT NULL,
	CONSTRAINT "job_runs_status_ck" CHECK ("job_runs"."status" in ('running', 'ok', 'failed')),
	CONSTRAINT "job_runs_trigger_ck" CHECK ("job_runs"."trigger" in ('schedule', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"cron" varchar(100) NOT NULL,
	"timezone" varchar(64) DEFAULT 'Asia/Shanghai' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_status" varchar(16),
	"last_duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key"),
	CONSTRAINT "jobs_last_status_ck" CHECK ("jobs"."last_status" in ('ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "monitor_instances" (
	"id" varchar(128) PRIMARY KEY NOT NULL,
	"host" varchar(255) NOT NULL,
	"pid" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_due_uq" ON "job_runs" USING btree ("job_id","due_at") WHERE "job_runs"."due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_one_running_uq" ON "job_runs" USING btree ("job_id") WHERE "job_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "job_runs_job_time_idx" ON "job_runs" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "monitor_instances_updated_idx" ON "monitor_instances" USING btree ("updated_at");
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cam_id" integer,
	"type" varchar(16) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"sub_title" varchar(200) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"content" varchar(5000) DEFAULT '' NOT NULL,
	"message_type" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"text_key" varchar(64),
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" varchar(128),
	"notice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_type_ck" CHECK ("messages"."type" in ('message', 'notice', 'todo')),
	CONSTRAINT "messages_status_ck" CHECK ("messages"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer,
	"title" varchar(200) NOT NULL,
	"content" varchar(5000) DEFAULT '' NOT NULL,
	"publisher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_status_time_idx" ON "messages" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "messages_notice_idx" ON "messages" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_open_todo_uq" ON "messages" USING btree ("user_id","subject") WHERE "messages"."status" = 0 and "messages"."subject" is not null;--> statement-breakpoint
CREATE INDEX "notices_time_idx" ON "notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notices_cam_time_idx" ON "notices" USING btree ("cam_id","created_at");
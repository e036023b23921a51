CREATE TABLE "classes" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"head_teacher_id" integer,
	"room_id" integer,
	"capacity" integer,
	"school_year" varchar(16) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_pkey" PRIMARY KEY("cam_id","id"),
	CONSTRAINT "classes_capacity_ck" CHECK ("classes"."capacity" is null or "classes"."capacity" > 0),
	CONSTRAINT "classes_status_ck" CHECK ("classes"."status" in ('active', 'graduated'))
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_pkey" PRIMARY KEY("cam_id","id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial NOT NULL,
	"cam_id" integer NOT NULL,
	"user_id" integer,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"head_teachers" varchar(8) NOT NULL,
	"class_count" integer NOT NULL,
	"graduated_count" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "promotions_pkey" PRIMARY KEY("cam_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_rejects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_rejects_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "oper_logs" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "oper_logs" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" jsonb DEFAULT '{"kind":"campus"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_cam_grade_fk" FOREIGN KEY ("cam_id","grade_id") REFERENCES "public"."grades"("cam_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_cam_head_fk" FOREIGN KEY ("cam_id","head_teacher_id") REFERENCES "public"."teachers"("cam_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_cam_room_fk" FOREIGN KEY ("cam_id","room_id") REFERENCES "public"."rooms"("cam_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rejects" ADD CONSTRAINT "import_rejects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_cam_grade_name_uq" ON "classes" USING btree ("cam_id","grade_id","name") WHERE "classes"."status" = 'active';--> statement-breakpoint
CREATE INDEX "classes_cam_grade_idx" ON "classes" USING btree ("cam_id","grade_id");--> statement-breakpoint
CREATE INDEX "classes_cam_head_idx" ON "classes" USING btree ("cam_id","head_teacher_id");--> statement-breakpoint
CREATE INDEX "classes_cam_room_idx" ON "classes" USING btree ("cam_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_cam_name_uq" ON "grades" USING btree ("cam_id","name");--> statement-breakpoint
CREATE INDEX "grades_cam_order_idx" ON "grades" USING btree ("cam_id","sort_order");--> statement-breakpoint
CREATE INDEX "promotions_cam_created_idx" ON "promotions" USING btree ("cam_id","created_at");--> statement-breakpoint
CREATE INDEX "promotions_user_idx" ON "promotions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "import_rejects_user_idx" ON "import_rejects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "import_rejects_created_idx" ON "import_rejects" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_cam_class_fk" FOREIGN KEY ("cam_id","class_id") REFERENCES "public"."classes"("cam_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_cam_class_idx" ON "students" USING btree ("cam_id","class_id");
CREATE TABLE "campuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"timezone" varchar(64) DEFAULT 'Asia/Shanghai' NOT NULL,
	"day_start_min" smallint DEFAULT 480 NOT NULL,
	"day_end_min" smallint DEFAULT 1260 NOT NULL,
	"slot_step_min" smallint DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campuses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"teacher_id" integer NOT NULL,
	"capacity" integer NOT NULL,
	"credits" numeric(4, 1) DEFAULT 0 NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"enrolled_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_capacity_ck" CHECK ("courses"."capacity" > 0),
	CONSTRAINT "courses_enrolled_ck" CHECK ("courses"."enrolled_count" >= 0 and "courses"."enrolled_count" <= "courses"."capacity")
);
--> statement-breakpoint
CREATE TABLE "depts" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"leader" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(128) NOT NULL,
	"user_id" integer,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"staff_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(128) DEFAULT '' NOT NULL,
	"position" varchar(64) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"status" varchar(16) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(64) NOT NULL,
	"path" varchar(256) NOT NULL,
	"locale" varchar(128) NOT NULL,
	"icon" varchar(64) DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"perms" text[] DEFAULT '{}'::text[] NOT NULL,
	"requires_auth" boolean DEFAULT true NOT NULL,
	"hide_in_menu" boolean DEFAULT false NOT NULL,
	"hide_children_in_menu" boolean DEFAULT false NOT NULL,
	"active_menu" varchar(64) DEFAULT '' NOT NULL,
	"ignore_cache" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "oper_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"cam_id" integer,
	"module" varchar(64) NOT NULL,
	"action" varchar(64) NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(512) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint NOT NULL,
	"code" integer NOT NULL,
	"msg" varchar(500) DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(128) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128) DEFAULT '' NOT NULL,
	"module" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perms_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "role_perms" (
	"role_id" integer NOT NULL,
	"perm_id" integer NOT NULL,
	CONSTRAINT "role_perms_role_id_perm_id_pk" PRIMARY KEY("role_id","perm_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"is_builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_capacity_ck" CHECK ("rooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "schedule_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_min" smallint NOT NULL,
	"end_min" smallint NOT NULL,
	"room_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"week_start" smallint NOT NULL,
	"week_end" smallint NOT NULL,
	"week_pattern" varchar(8) DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_weekday_ck" CHECK ("schedule_entries"."weekday" between 1 and 7),
	CONSTRAINT "schedule_time_ck" CHECK ("schedule_entries"."start_min" >= 0 and "schedule_entries"."start_min" < "schedule_entries"."end_min" and "schedule_entries"."end_min" <= 1440),
	CONSTRAINT "schedule_weeks_ck" CHECK ("schedule_entries"."week_start" >= 1 and "schedule_entries"."week_start" <= "schedule_entries"."week_end"),
	CONSTRAINT "schedule_pattern_ck" CHECK ("schedule_entries"."week_pattern" in ('all', 'odd', 'even'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(32),
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"student_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"birth_date" date,
	"grade" varchar(32) DEFAULT '' NOT NULL,
	"class_name" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(128) DEFAULT '' NOT NULL,
	"guardian_name" varchar(64) DEFAULT '' NOT NULL,
	"guardian_phone" varchar(32) DEFAULT '' NOT NULL,
	"guardian_relation" varchar(32) DEFAULT '' NOT NULL,
	"status" varchar(16) NOT NULL,
	"enrol_date" date,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"staff_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(128) DEFAULT '' NOT NULL,
	"subject" varchar(64) DEFAULT '' NOT NULL,
	"title" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(16) NOT NULL,
	"hire_date" date,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"academic_year" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_dates_ck" CHECK ("terms"."start_date" <= "terms"."end_date")
);
--> statement-breakpoint
CREATE TABLE "user_campuses" (
	"user_id" integer NOT NULL,
	"cam_id" integer NOT NULL,
	CONSTRAINT "user_campuses_user_id_cam_id_pk" PRIMARY KEY("user_id","cam_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"nickname" varchar(64) NOT NULL,
	"phone" varchar(32),
	"email" varchar(128) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"password_hash" text NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"headimgurl" varchar(512) DEFAULT '' NOT NULL,
	"job" varchar(64) DEFAULT '' NOT NULL,
	"job_name" varchar(64) DEFAULT '' NOT NULL,
	"organization" varchar(64) DEFAULT '' NOT NULL,
	"organization_name" varchar(128) DEFAULT '' NOT NULL,
	"location" varchar(64) DEFAULT '' NOT NULL,
	"location_name" varchar(128) DEFAULT '' NOT NULL,
	"introduction" varchar(500) DEFAULT '' NOT NULL,
	"personal_website" varchar(256) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depts" ADD CONSTRAINT "depts_parent_id_depts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."depts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managers" ADD CONSTRAINT "managers_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managers" ADD CONSTRAINT "managers_dept_id_depts_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."depts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managers" ADD CONSTRAINT "managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_parent_id_menus_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_perms" ADD CONSTRAINT "role_perms_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_perms" ADD CONSTRAINT "role_perms_perm_id_perms_id_fk" FOREIGN KEY ("perm_id") REFERENCES "public"."perms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_campuses" ADD CONSTRAINT "user_campuses_cam_id_campuses_id_fk" FOREIGN KEY ("cam_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dept_id_depts_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."depts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_cam_term_code_uq" ON "courses" USING btree ("cam_id","term_id","code");--> statement-breakpoint
CREATE INDEX "courses_cam_name_prefix_idx" ON "courses" USING btree ("cam_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "courses_cam_teacher_idx" ON "courses" USING btree ("cam_id","teacher_id");--> statement-breakpoint
CREATE INDEX "courses_term_idx" ON "courses" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "depts_parent_idx" ON "depts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_course_student_uq" ON "enrolments" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "enrolments_cam_student_idx" ON "enrolments" USING btree ("cam_id","student_id");--> statement-breakpoint
CREATE INDEX "enrolments_cam_created_idx" ON "enrolments" USING btree ("cam_id","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_ip_time_idx" ON "login_logs" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_name_time_idx" ON "login_logs" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_time_idx" ON "login_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "managers_cam_no_uq" ON "managers" USING btree ("cam_id","staff_no");--> statement-breakpoint
CREATE INDEX "managers_cam_name_prefix_idx" ON "managers" USING btree ("cam_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "oper_logs_time_idx" ON "oper_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "oper_logs_user_time_idx" ON "oper_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "oper_logs_module_time_idx" ON "oper_logs" USING btree ("module","created_at");--> statement-breakpoint
CREATE INDEX "role_menus_menu_idx" ON "role_menus" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "role_perms_perm_idx" ON "role_perms" USING btree ("perm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_cam_code_uq" ON "rooms" USING btree ("cam_id","code");--> statement-breakpoint
CREATE INDEX "schedule_cam_weekday_idx" ON "schedule_entries" USING btree ("cam_id","weekday");--> statement-breakpoint
CREATE INDEX "schedule_cam_teacher_idx" ON "schedule_entries" USING btree ("cam_id","teacher_id","weekday");--> statement-breakpoint
CREATE INDEX "schedule_cam_room_idx" ON "schedule_entries" USING btree ("cam_id","room_id","weekday");--> statement-breakpoint
CREATE INDEX "schedule_course_idx" ON "schedule_entries" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_cam_no_uq" ON "students" USING btree ("cam_id","student_no");--> statement-breakpoint
CREATE INDEX "students_cam_no_prefix_idx" ON "students" USING btree ("cam_id","student_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_cam_name_prefix_idx" ON "students" USING btree ("cam_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_cam_status_idx" ON "students" USING btree ("cam_id","status");--> statement-breakpoint
CREATE INDEX "students_cam_grade_class_idx" ON "students" USING btree ("cam_id","grade","class_name");--> statement-breakpoint
CREATE INDEX "students_cam_created_idx" ON "students" USING btree ("cam_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_cam_no_uq" ON "teachers" USING btree ("cam_id","staff_no");--> statement-breakpoint
CREATE INDEX "teachers_cam_no_prefix_idx" ON "teachers" USING btree ("cam_id","staff_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "teachers_cam_name_prefix_idx" ON "teachers" USING btree ("cam_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "teachers_user_idx" ON "teachers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_cam_year_name_uq" ON "terms" USING btree ("cam_id","academic_year","name");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_one_current_uq" ON "terms" USING btree ("cam_id") WHERE "terms"."is_current";--> statement-breakpoint
CREATE INDEX "terms_cam_start_idx" ON "terms" USING btree ("cam_id","start_date");--> statement-breakpoint
CREATE INDEX "user_campuses_cam_idx" ON "user_campuses" USING btree ("cam_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_dept_idx" ON "users" USING btree ("dept_id");
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
ALTER TABLE "import_rejects" ADD CONSTRAINT "import_rejects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rejects_user_idx" ON "import_rejects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "import_rejects_created_idx" ON "import_rejects" USING btree ("created_at");
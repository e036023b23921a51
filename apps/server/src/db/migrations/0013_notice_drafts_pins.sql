DROP INDEX "messages_notice_idx";--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "type" varchar(16) DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "status" varchar(16) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_notice_user_uq" ON "messages" USING btree ("notice_id","user_id") WHERE "messages"."notice_id" is not null;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_type_ck" CHECK ("notices"."type" in ('notice', 'announcement'));--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_status_ck" CHECK ("notices"."status" in ('draft', 'published'));--> statement-breakpoint
-- Every notice so far was published when it was created.
UPDATE "notices" SET "published_at" = "created_at" WHERE "published_at" IS NULL;

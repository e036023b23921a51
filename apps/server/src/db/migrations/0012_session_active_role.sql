ALTER TABLE "sessions" ADD COLUMN "active_role_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_active_role_id_roles_id_fk" FOREIGN KEY ("active_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A role switch changes the session's perms: cached principals must hear of it (decision 007).
DROP TRIGGER sessions_principal_changed ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_principal_changed AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash, active_role_id OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();

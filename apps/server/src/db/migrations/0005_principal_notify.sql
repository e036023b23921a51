-- Every instance caches the principal of a session (plugins/auth.ts). Any
-- change to what a principal is built from announces itself on the channel
-- cc_principal; PostgreSQL delivers the notification on commit to every
-- instance (LISTEN), PGlite to its own process. Triggers, not call sites, so
-- cascades and future code paths cannot forget it. Payload: 'u:<user id>' for
-- one user, '*' for a change that may touch many (a role's perms or status).
-- See docs/decisions/007-session-cache.md.
CREATE OR REPLACE FUNCTION cc_principal_changed() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('cc_principal', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('cc_principal', 'u:' || COALESCE(NEW.id, OLD.id));
  ELSE
    -- sessions, user_roles, user_campuses: rows carry user_id
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('cc_principal', 'u:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN
      PERFORM pg_notify('cc_principal', 'u:' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A new session needs no notice (nothing cached yet); a revoked, shortened or deleted one does.
CREATE TRIGGER sessions_principal_changed AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
-- Only the columns a principal carries: sign-in bookkeeping (failed_logins, last_login_at) stays quiet.
CREATE TRIGGER users_principal_changed AFTER UPDATE OF username, status, must_change_password OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_campuses_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_campuses FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER roles_principal_changed AFTER UPDATE OF code, status OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER role_perms_principal_changed AFTER INSERT OR UPDATE OR DELETE ON role_perms FOR EACH STATEMENT EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER perms_principal_changed AFTER UPDATE OF code OR DELETE ON perms FOR EACH STATEMENT EXECUTE FUNCTION cc_principal_changed();

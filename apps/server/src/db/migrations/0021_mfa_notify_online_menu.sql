-- Whether a user must enrol a second factor is part of their cached principal
-- (plugins/auth.ts): a role's require_mfa, and the user's confirmed authenticator
-- app and passkeys, announce their changes like everything else a principal is
-- built from (decision 007). A TOTP sign-in moves last_step only: not announced.
CREATE TRIGGER user_totp_principal_changed AFTER INSERT OR UPDATE OF confirmed_at, user_id OR DELETE ON user_totp FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_passkeys_principal_changed AFTER INSERT OR UPDATE OF user_id OR DELETE ON user_passkeys FOR EACH ROW EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
CREATE TRIGGER roles_require_mfa_changed AFTER UPDATE OF require_mfa ON roles FOR EACH STATEMENT EXECUTE FUNCTION cc_principal_changed();
--> statement-breakpoint
-- The online-users page under System (issue 19). New databases get it from the
-- seed; existing ones here. The admin role sees every menu.
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, 'OnlineUser', '/system/online', 'menu.system.onlineUser', '', 10, ARRAY['monitor:online:list']::text[], true
FROM menus p WHERE p.name = 'System'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name = 'OnlineUser'
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

-- The notices page under System (issue 7). New databases get it from the seed;
-- existing ones here. The admin role sees every menu.
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, 'Notice', '/system/notice', 'menu.system.notice', '', 8, ARRAY['system:notice:list']::text[], true
FROM menus p WHERE p.name = 'System'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name = 'Notice'
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

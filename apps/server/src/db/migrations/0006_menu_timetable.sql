-- The timetable page under Educate (issue 5). New databases get it from the seed;
-- existing ones here. The admin role sees every menu.
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, 'Timetable', '/educate/timetable', 'menu.educate.timetable', '', 7, ARRAY['educate:schedule:list']::text[], true
FROM menus p WHERE p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name = 'Timetable'
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

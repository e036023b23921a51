-- The monitor page under Dashboard, scheduled tasks under System, and the
-- student and teacher profile pages (hidden, under their lists) of issue 19.
-- New databases get them from the seed; existing ones here. The admin role
-- sees every menu.
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, 'Monitor', '/dashboard/monitor', 'menu.dashboard.monitor', '', 1, ARRAY['monitor:server:view']::text[], true
FROM menus p WHERE p.name = 'Dashboard'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, 'Job', '/system/job', 'menu.system.job', '', 9, ARRAY['system:job:list']::text[], true
FROM menus p WHERE p.name = 'System'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth, hide_in_menu, active_menu)
SELECT p.id, 'StudentProfile', '/educate/student/:id', 'menu.educate.studentProfile', '', 8, ARRAY['educate:student:list']::text[], true, true, 'Student'
FROM menus p WHERE p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth, hide_in_menu, active_menu)
SELECT p.id, 'TeacherProfile', '/educate/teacher/:id', 'menu.educate.teacherProfile', '', 9, ARRAY['educate:teacher:list']::text[], true, true, 'Teacher'
FROM menus p WHERE p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name IN ('Monitor', 'Job', 'StudentProfile', 'TeacherProfile')
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

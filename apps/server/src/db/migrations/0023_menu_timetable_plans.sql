-- The timetable plans page and its hidden editor under Educate (issue 20). New databases get them from
-- the seed; existing ones here. The admin role sees every menu.
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, 'TimetablePlan', '/educate/timetable-plan', 'menu.educate.timetablePlan', '', 9, ARRAY['educate:timetablePlan:list']::text[], true
FROM menus p WHERE p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth, hide_in_menu, active_menu)
SELECT p.id, 'TimetablePlanEdit', '/educate/timetable-plan/:id', 'menu.educate.timetablePlanEdit', '', 0,
  ARRAY['educate:timetablePlan:list']::text[], true, true, 'TimetablePlan'
FROM menus p WHERE p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name IN ('TimetablePlan', 'TimetablePlanEdit')
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

-- Rooms and terms get their own pages under Educate (issue 4). New databases get
-- them from the seed; existing ones here. The admin role sees every menu.
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth)
SELECT p.id, v.name, v.path, v.locale, '', v.sort_order, v.perms, true
FROM (VALUES
  ('Room', '/educate/room', 'menu.educate.room', 5, ARRAY['educate:room:list']::text[]),
  ('Term', '/educate/term', 'menu.educate.term', 6, ARRAY['educate:term:list']::text[])
) AS v(name, path, locale, sort_order, perms)
JOIN menus p ON p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name IN ('Room', 'Term')
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

-- Classes (issue 25): a student's grade and class_name are the names of their
-- class and its grade, kept so by the database whatever writes a student
-- (forms, imports, bulk changes, the year-end promotion, old clients that send
-- the two names as text).
--
-- 1. Existing data: each campus's grades from its students' grade texts, the
--    usual school sequences first (一年级 … 六年级, 初一 … 初三, 高一 … 高三), then
--    by name; one active class per grade and class name of the students still
--    at school, and graduated classes (the school year before) for graduates.
INSERT INTO grades (cam_id, name, sort_order)
SELECT cam_id, grade, row_number() OVER (
         PARTITION BY cam_id
         ORDER BY array_position(ARRAY['一年级','二年级','三年级','四年级','五年级','六年级','七年级','八年级','九年级',
                                       '初一','初二','初三','高一','高二','高三']::text[], grade::text) NULLS LAST, grade)
FROM (SELECT DISTINCT cam_id, grade FROM students WHERE grade <> '') g;
--> statement-breakpoint
INSERT INTO classes (cam_id, grade_id, name, school_year, status)
SELECT s.cam_id, g.id, s.class_name,
       CASE WHEN NOT s.is_graduate THEN coalesce(y.year, '')
            WHEN y.year ~ '^\d{4}-\d{4}$' THEN (split_part(y.year, '-', 1)::int - 1)::text || '-' || split_part(y.year, '-', 1)
            ELSE '' END,
       CASE WHEN s.is_graduate THEN 'graduated' ELSE 'active' END
FROM (SELECT DISTINCT cam_id, grade, class_name, status = 'graduated' AS is_graduate
        FROM students WHERE grade <> '' AND class_name <> '') s
JOIN grades g ON g.cam_id = s.cam_id AND g.name = s.grade
LEFT JOIN LATERAL (SELECT t.academic_year::text AS year FROM terms t WHERE t.cam_id = s.cam_id
                   ORDER BY t.is_current DESC, t.start_date DESC LIMIT 1) y ON true;
--> statement-breakpoint
UPDATE students s SET class_id = c.id
FROM classes c JOIN grades g ON g.cam_id = c.cam_id AND g.id = c.grade_id
WHERE c.cam_id = s.cam_id AND g.name = s.grade AND c.name = s.class_name
  AND c.status = CASE WHEN s.status = 'graduated' THEN 'graduated' ELSE 'active' END;
--> statement-breakpoint
-- 2. The class of a grade and class name in a campus, made (with its grade,
--    last in the school's order) when there is none: old clients and import
--    files name classes by their two names.
CREATE FUNCTION "campus_class_for"(cam integer, grade_name text, class_name text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  gid integer;
  cid integer;
BEGIN
  SELECT id INTO gid FROM grades WHERE cam_id = cam AND name = grade_name;
  IF gid IS NULL THEN
    INSERT INTO grades (cam_id, name, sort_order)
      VALUES (cam, grade_name, coalesce((SELECT max(sort_order) FROM grades WHERE cam_id = cam), 0) + 1)
      ON CONFLICT (cam_id, name) DO NOTHING RETURNING id INTO gid;
    IF gid IS NULL THEN
      SELECT id INTO gid FROM grades WHERE cam_id = cam AND name = grade_name;
    END IF;
  END IF;
  SELECT id INTO cid FROM classes WHERE cam_id = cam AND grade_id = gid AND name = class_name AND status = 'active';
  IF cid IS NULL THEN
    INSERT INTO classes (cam_id, grade_id, name, school_year)
      VALUES (cam, gid, class_name,
              coalesce((SELECT academic_year FROM terms WHERE cam_id = cam ORDER BY is_current DESC, start_date DESC LIMIT 1), ''))
      ON CONFLICT (cam_id, grade_id, name) WHERE status = 'active' DO NOTHING RETURNING id INTO cid;
    IF cid IS NULL THEN
      SELECT id INTO cid FROM classes WHERE cam_id = cam AND grade_id = gid AND name = class_name AND status = 'active';
    END IF;
  END IF;
  RETURN cid;
END $$;
--> statement-breakpoint
-- 3. A student row: class_id given → the names are its class's; the names
--    changed alone → the class of those names (found or made); class_id
--    cleared → no grade or class. Inside a class's or grade's own rename
--    (a nested trigger) the names written are the class's already.
CREATE FUNCTION "students_class_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g text;
  c text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.class_id IS NOT DISTINCT FROM OLD.class_id THEN
    IF (NEW.grade IS NOT DISTINCT FROM OLD.grade AND NEW.class_name IS NOT DISTINCT FROM OLD.class_name) OR pg_trigger_depth() > 1 THEN
      RETURN NEW;
    END IF;
    NEW.class_id := NULL;
    IF NEW.grade <> '' AND NEW.class_name <> '' THEN
      NEW.class_id := campus_class_for(NEW.cam_id, NEW.grade, NEW.class_name);
    END IF;
  ELSIF NEW.class_id IS NULL THEN
    IF TG_OP = 'UPDATE' THEN
      NEW.grade := '';
      NEW.class_name := '';
      RETURN NEW;
    END IF;
    IF NEW.grade <> '' AND NEW.class_name <> '' THEN
      NEW.class_id := campus_class_for(NEW.cam_id, NEW.grade, NEW.class_name);
    END IF;
  END IF;
  IF NEW.class_id IS NOT NULL THEN
    SELECT gr.name, cl.name INTO g, c FROM classes cl JOIN grades gr ON gr.cam_id = cl.cam_id AND gr.id = cl.grade_id
     WHERE cl.cam_id = NEW.cam_id AND cl.id = NEW.class_id;
    -- No such class: the foreign key refuses the row.
    IF FOUND THEN
      NEW.grade := g;
      NEW.class_name := c;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "students_class_sync" BEFORE INSERT OR UPDATE OF class_id, grade, class_name ON students
  FOR EACH ROW EXECUTE FUNCTION students_class_sync();
--> statement-breakpoint
-- 4. A class renamed or moved to another grade, a grade renamed: their students' names follow.
CREATE FUNCTION "classes_names_to_students"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students s SET grade = g.name, class_name = NEW.name
    FROM grades g
   WHERE g.cam_id = NEW.cam_id AND g.id = NEW.grade_id AND s.cam_id = NEW.cam_id AND s.class_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "classes_names_to_students" AFTER UPDATE OF name, grade_id ON classes
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.grade_id IS DISTINCT FROM NEW.grade_id)
  EXECUTE FUNCTION classes_names_to_students();
--> statement-breakpoint
CREATE FUNCTION "grades_name_to_students"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students SET grade = NEW.name
   WHERE cam_id = NEW.cam_id AND class_id IN (SELECT id FROM classes WHERE cam_id = NEW.cam_id AND grade_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "grades_name_to_students" AFTER UPDATE OF name ON grades
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION grades_name_to_students();
--> statement-breakpoint
-- 5. The perms and pages of classes for existing databases (new ones get them from the seed). The
--    start-up sync would add the perms too, but only after migrations; the academic office and
--    teacher templates get them here, as the seed gives them.
-- Only in a database already seeded: a fresh one gets its whole catalogue from the seed.
INSERT INTO perms (code, name, name_en, module)
SELECT v.code, v.name, v.name_en, v.module FROM (VALUES
  ('educate:grade:list', '年级查看', 'View grades', 'educate'),
  ('educate:grade:add', '年级新增', 'Create grades', 'educate'),
  ('educate:grade:edit', '年级修改', 'Edit grades', 'educate'),
  ('educate:grade:delete', '年级删除', 'Delete grades', 'educate'),
  ('educate:class:list', '班级查看', 'View classes', 'educate'),
  ('educate:class:add', '班级新增', 'Create classes', 'educate'),
  ('educate:class:edit', '班级修改', 'Edit classes', 'educate'),
  ('educate:class:delete', '班级删除', 'Delete classes', 'educate'),
  ('educate:schoolYear:promote', '学年升级', 'Promote school year', 'educate')
) AS v(code, name, name_en, module)
WHERE EXISTS (SELECT 1 FROM perms)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_perms (role_id, perm_id)
SELECT r.id, p.id FROM roles r JOIN perms p ON p.code LIKE 'educate:grade:%' OR p.code LIKE 'educate:class:%' OR p.code = 'educate:schoolYear:promote'
WHERE r.code = 'academic'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_perms (role_id, perm_id)
SELECT r.id, p.id FROM roles r JOIN perms p ON p.code IN ('educate:class:list', 'educate:grade:list')
WHERE r.code = 'teacher'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO menus (parent_id, name, path, locale, icon, sort_order, perms, requires_auth, hide_in_menu, active_menu, ignore_cache)
SELECT p.id, m.name, m.path, m.locale, '', m.sort_order, m.perms, true, m.hide_in_menu, m.active_menu, m.ignore_cache
FROM menus p, (VALUES
  ('SchoolClass', '/educate/class', 'menu.educate.class', 8, ARRAY['educate:class:list']::text[], false, '', false),
  ('ClassDetail', '/educate/class/:id', 'menu.educate.classDetail', 0, ARRAY['educate:class:list']::text[], true, 'SchoolClass', false),
  ('SchoolYear', '/educate/school-year', 'menu.educate.schoolYear', 0, ARRAY['educate:schoolYear:promote']::text[], true, 'SchoolClass', true)
) AS m(name, path, locale, sort_order, perms, hide_in_menu, active_menu, ignore_cache)
WHERE p.name = 'Educate'
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_menus (role_id, menu_id)
SELECT r.id, m.id FROM roles r JOIN menus m ON m.name IN ('SchoolClass', 'ClassDetail', 'SchoolYear')
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 6. A role's data scope is part of every session built from it: a change evicts cached sessions.
DROP TRIGGER roles_principal_changed ON roles;
--> statement-breakpoint
CREATE TRIGGER roles_principal_changed AFTER UPDATE OF code, status, data_scope OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION cc_principal_changed();

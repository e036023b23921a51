-- Managers can be imported like students and teachers (issue 24). New databases get
-- the perm from the seed; existing ones here. Whoever may add managers may import
-- them (an import adds and updates rows); admin holds it through `*`. A fresh
-- database has no perms yet when this runs: the seed writes the whole catalogue.
INSERT INTO perms (code, name, name_en, module)
SELECT 'educate:manager:import', '管理人员导入', 'Import managers', 'educate'
WHERE EXISTS (SELECT 1 FROM perms)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO role_perms (role_id, perm_id)
SELECT rp.role_id, p.id
FROM role_perms rp
JOIN perms granted ON granted.id = rp.perm_id AND granted.code = 'educate:manager:add'
CROSS JOIN perms p
WHERE p.code = 'educate:manager:import'
ON CONFLICT DO NOTHING;

-- The student list counts and pages through index-only scans, which read the
-- table only for pages not marked all-visible. Autovacuum's defaults wait for
-- a fifth of a 100 000-row table to change before marking pages again; vacuum
-- after 1 % so a burst of edits or an import stops costing reads soon after.
ALTER TABLE "students" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);

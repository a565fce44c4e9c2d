-- Project ids are looked up ignoring case (ASCII ids by NOCASE, the folding rule's answer on ASCII
-- text: docs/text-matching.md). Tables keyed by a project id have a binary primary key, which such a
-- lookup cannot use: these indexes answer it without scanning the table.
CREATE INDEX IF NOT EXISTS projects_id_nocase ON projects (project_id COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS satellite_metrics_id_nocase ON satellite_metrics (project_id COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS project_boundaries_id_nocase ON project_boundaries (project_id COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS project_forensics_id_nocase ON project_forensics (project_id COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS forensic_weekly_diffs_id_nocase ON forensic_weekly_diffs (project_id COLLATE NOCASE, year, week_number);
CREATE INDEX IF NOT EXISTS legacy_forensics_id_nocase ON legacy_forensics (project_id COLLATE NOCASE);

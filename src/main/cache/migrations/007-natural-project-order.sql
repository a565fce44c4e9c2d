-- Project ids sort naturally (ACR-2 before ACR-10, src/shared/api/natural-id.ts): an index on the
-- very terms of that ORDER BY, so the projects list (sorted by id by default) walks it instead of
-- sorting every project for each page.
CREATE INDEX projects_natural_id ON projects (
  rtrim(project_id, '0123456789') COLLATE NOCASE,
  CAST(substr(project_id, length(rtrim(project_id, '0123456789')) + 1) AS INTEGER),
  project_id COLLATE NOCASE
);

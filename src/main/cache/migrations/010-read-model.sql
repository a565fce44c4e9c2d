-- The read model answers lists, searches and sorts from the analytical copy (DuckDB) and, while it
-- is not current, from SQLite scans of these tables: the indexes that only steered those queries,
-- and the trigram search index of project ids and names, go. What stays: the project order of
-- transactions (one project's transactions), their dates (the latest transaction date), and the
-- pass of projects (a complete pass removes the older ones). Anything a crashed first pass set aside
-- is forgotten with them.
DROP TRIGGER IF EXISTS projects_fts_insert;
DROP TRIGGER IF EXISTS projects_fts_update;
DROP TRIGGER IF EXISTS projects_fts_delete;
DROP TABLE IF EXISTS projects_fts;
DROP INDEX IF EXISTS projects_registry;
DROP INDEX IF EXISTS projects_country;
DROP INDEX IF EXISTS projects_category;
DROP INDEX IF EXISTS projects_project_type;
DROP INDEX IF EXISTS projects_proponent;
DROP INDEX IF EXISTS projects_status;
DROP INDEX IF EXISTS projects_listed_at;
DROP INDEX IF EXISTS projects_issued;
DROP INDEX IF EXISTS projects_retired;
DROP INDEX IF EXISTS projects_unretired;
DROP INDEX IF EXISTS projects_name;
DROP INDEX IF EXISTS projects_first_issuance_at;
DROP INDEX IF EXISTS projects_natural_id;
DROP INDEX IF EXISTS credit_transactions_vintage;
DROP INDEX IF EXISTS credit_transactions_quantity;
DROP INDEX IF EXISTS credit_transactions_beneficiary_harmonized;
DROP INDEX IF EXISTS credit_transactions_category;
DROP INDEX IF EXISTS credit_transactions_type_date;
DELETE FROM deferred_schema WHERE name LIKE 'projects_fts_%' OR name IN (
  'projects_registry', 'projects_country', 'projects_category', 'projects_project_type', 'projects_proponent', 'projects_status',
  'projects_listed_at', 'projects_issued', 'projects_retired', 'projects_unretired', 'projects_name', 'projects_first_issuance_at',
  'projects_natural_id');

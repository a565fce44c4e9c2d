-- The read model's analytical copy (DuckDB, a file beside the cache) answers every aggregate the
-- rollups kept: they go, with the triggers that marked them stale and the indexes that served the
-- queries the copy now answers.
DROP TRIGGER IF EXISTS agg_dirty_credit_insert;
DROP TRIGGER IF EXISTS agg_dirty_credit_update;
DROP TRIGGER IF EXISTS agg_dirty_credit_delete;
DROP TRIGGER IF EXISTS agg_dirty_project_insert;
DROP TRIGGER IF EXISTS agg_dirty_project_update;
DROP TRIGGER IF EXISTS agg_dirty_project_delete;
DROP TABLE IF EXISTS agg_state;
DROP TABLE IF EXISTS agg_credit_days;
DROP TABLE IF EXISTS agg_credit_months;
DROP TABLE IF EXISTS agg_buyers;
DROP TABLE IF EXISTS agg_beneficiary_names;
DROP TABLE IF EXISTS agg_buyer_projects;
DROP TABLE IF EXISTS agg_credit_counts;
DROP INDEX IF EXISTS credit_transactions_project_nocase;
DROP INDEX IF EXISTS credit_transactions_buyer;
DROP INDEX IF EXISTS credit_transactions_type_nocase_date;
DROP INDEX IF EXISTS credit_transactions_retirement_window;
DROP INDEX IF EXISTS projects_project_id_nocase;
DROP INDEX IF EXISTS projects_filter_columns;

-- The cache rebuilt its projects and credit transactions tables (liberal market: nullable totals,
-- an `extra` column), which dropped the query layer's triggers and indexes on them: they are made
-- again here. On a new cache they already exist (IF NOT EXISTS).
CREATE TRIGGER IF NOT EXISTS agg_dirty_credit_insert AFTER INSERT ON credit_transactions BEGIN
  UPDATE agg_state SET dirty = 1 WHERE dirty = 0;
END;
CREATE TRIGGER IF NOT EXISTS agg_dirty_credit_update AFTER UPDATE ON credit_transactions BEGIN
  UPDATE agg_state SET dirty = 1 WHERE dirty = 0;
END;
CREATE TRIGGER IF NOT EXISTS agg_dirty_credit_delete AFTER DELETE ON credit_transactions BEGIN
  UPDATE agg_state SET dirty = 1 WHERE dirty = 0;
END;
CREATE TRIGGER IF NOT EXISTS agg_dirty_project_insert AFTER INSERT ON projects BEGIN
  UPDATE agg_state SET dirty = 1 WHERE name = 'buyers' AND dirty = 0;
END;
CREATE TRIGGER IF NOT EXISTS agg_dirty_project_update AFTER UPDATE OF category, country, registry, project_id ON projects BEGIN
  UPDATE agg_state SET dirty = 1 WHERE name = 'buyers' AND dirty = 0;
END;
CREATE TRIGGER IF NOT EXISTS agg_dirty_project_delete AFTER DELETE ON projects BEGIN
  UPDATE agg_state SET dirty = 1 WHERE name = 'buyers' AND dirty = 0;
END;
CREATE INDEX IF NOT EXISTS credit_transactions_project_nocase ON credit_transactions (project_id COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS credit_transactions_buyer ON credit_transactions (transaction_type, retirement_beneficiary_harmonized COLLATE NOCASE, transaction_date, quantity);
CREATE INDEX IF NOT EXISTS projects_project_id_nocase ON projects (project_id COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS credit_transactions_type_nocase_date ON credit_transactions (transaction_type COLLATE NOCASE, transaction_date);
CREATE INDEX IF NOT EXISTS credit_transactions_retirement_window ON credit_transactions (transaction_type, transaction_date, retirement_beneficiary_harmonized, quantity, project_id);

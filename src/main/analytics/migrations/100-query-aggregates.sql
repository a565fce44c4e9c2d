-- The query layer's tables (src/main/analytics): rollups kept by refreshAggregates(db, job) after a
-- sync job writes, a freshness record the query functions check before reading a rollup, and the
-- indexes its filters and sorts need beyond the cache's own.

-- Which rollups are current. A rollup is read only when its row says dirty = 0; any write to the
-- rows it is built from marks it dirty (triggers below), so a paused or partial sync never makes a
-- rollup answer differ from the transactions themselves. No row = never built (or cache cleared).
CREATE TABLE agg_state (
  name TEXT NOT NULL PRIMARY KEY,
  dirty INTEGER NOT NULL DEFAULT 1,
  refreshed_at TEXT,
  source_rows INTEGER NOT NULL DEFAULT 0,
  refresh_ms REAL
);

-- Credit quantities per (day, transaction type, vintage) over every project: the all-projects
-- transaction-date chart and supply-demand without project, quantity or beneficiary filters.
CREATE TABLE agg_credit_days (
  transaction_date TEXT NOT NULL,
  transaction_type TEXT,
  vintage INTEGER,
  quantity INTEGER NOT NULL,
  transactions INTEGER NOT NULL
);
CREATE INDEX agg_credit_days_date ON agg_credit_days (transaction_date);

-- Every buyer over all retirement transactions (harmonized name, matched case-insensitively):
-- all-time sums and tops. The 12-month and 60-day windows depend on today and are summed per request
-- from the recent transactions (index credit_transactions_type_date).
CREATE TABLE agg_buyers (
  buyer_key TEXT NOT NULL PRIMARY KEY,
  buyer_name TEXT NOT NULL,
  total_volume INTEGER NOT NULL,
  total_transactions INTEGER NOT NULL,
  first_purchase TEXT,
  last_purchase TEXT,
  top_category TEXT,
  top_country TEXT,
  top_registry TEXT
);

CREATE TRIGGER agg_dirty_credit_insert AFTER INSERT ON credit_transactions BEGIN
  UPDATE agg_state SET dirty = 1 WHERE dirty = 0;
END;
CREATE TRIGGER agg_dirty_credit_update AFTER UPDATE ON credit_transactions BEGIN
  UPDATE agg_state SET dirty = 1 WHERE dirty = 0;
END;
CREATE TRIGGER agg_dirty_credit_delete AFTER DELETE ON credit_transactions BEGIN
  UPDATE agg_state SET dirty = 1 WHERE dirty = 0;
END;
CREATE TRIGGER agg_dirty_project_insert AFTER INSERT ON projects BEGIN
  UPDATE agg_state SET dirty = 1 WHERE name = 'buyers' AND dirty = 0;
END;
CREATE TRIGGER agg_dirty_project_update AFTER UPDATE OF category, country, registry, project_id ON projects BEGIN
  UPDATE agg_state SET dirty = 1 WHERE name = 'buyers' AND dirty = 0;
END;
CREATE TRIGGER agg_dirty_project_delete AFTER DELETE ON projects BEGIN
  UPDATE agg_state SET dirty = 1 WHERE name = 'buyers' AND dirty = 0;
END;

-- Case-insensitive project id filters and the default credit order (project_id, then id).
CREATE INDEX credit_transactions_project_nocase ON credit_transactions (project_id COLLATE NOCASE, id);
-- Buyers: retirements by harmonized name with their dates and quantities.
CREATE INDEX credit_transactions_buyer ON credit_transactions (transaction_type, retirement_beneficiary_harmonized COLLATE NOCASE, transaction_date, quantity);
CREATE INDEX projects_project_id_nocase ON projects (project_id COLLATE NOCASE);

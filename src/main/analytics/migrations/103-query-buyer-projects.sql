-- Query layer, fourth step: retirements summed per (parent project, buyer), clustered by project, so a
-- buyers list narrowed by project filters only (the spec's "forest credits in one country") folds a
-- few rows per project instead of reading every matching transaction. The 12-month / 60-day window
-- sums are those of the day the rollup was built (agg_state.window_today); on another day the list
-- is aggregated from the transactions.
CREATE TABLE agg_buyer_projects (
  project_id TEXT NOT NULL,
  buyer_key TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  total_volume INTEGER NOT NULL,
  total_transactions INTEGER NOT NULL,
  first_purchase TEXT,
  last_purchase TEXT,
  volume_12m INTEGER NOT NULL,
  transactions_12m INTEGER NOT NULL,
  volume_60d INTEGER NOT NULL,
  transactions_60d INTEGER NOT NULL,
  PRIMARY KEY (project_id, buyer_key)
) WITHOUT ROWID;

ALTER TABLE agg_state ADD COLUMN window_today TEXT;

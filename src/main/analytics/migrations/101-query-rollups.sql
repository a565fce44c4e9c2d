-- Query layer, second step (measured in bench/query at 532,799 transactions):
-- * buyers keep their 12-month / 60-day window sums for the day they were built (window_today);
--   a request on that day reads them as they are, a later day recomputes the windows;
-- * a month-level rollup answers month-aligned charts and every supply-demand aggregation;
-- * the distinct harmonized beneficiary names turn a harmonized-name substring search into an
--   index lookup of the matching names;
-- * a covering index for the buyers' recent-window sums; the (type, buyer) index of migration 100
--   made the planner scan every retirement for project-filtered buyer lists, so it goes.

ALTER TABLE agg_buyers ADD COLUMN window_today TEXT;
ALTER TABLE agg_buyers ADD COLUMN volume_12m INTEGER NOT NULL DEFAULT 0;
ALTER TABLE agg_buyers ADD COLUMN transactions_12m INTEGER NOT NULL DEFAULT 0;
ALTER TABLE agg_buyers ADD COLUMN volume_60d INTEGER NOT NULL DEFAULT 0;
ALTER TABLE agg_buyers ADD COLUMN transactions_60d INTEGER NOT NULL DEFAULT 0;

-- Credit quantities per (first day of the month, transaction type, vintage) over every project.
CREATE TABLE agg_credit_months (
  month_start TEXT NOT NULL,
  transaction_type TEXT,
  vintage INTEGER,
  quantity INTEGER NOT NULL,
  transactions INTEGER NOT NULL
);
CREATE INDEX agg_credit_months_month ON agg_credit_months (month_start);

-- Every distinct retirement_beneficiary_harmonized value of the credit transactions.
CREATE TABLE agg_beneficiary_names (
  name TEXT NOT NULL PRIMARY KEY
);

DROP INDEX IF EXISTS credit_transactions_buyer;
CREATE INDEX credit_transactions_retirement_window ON credit_transactions (transaction_type, transaction_date, retirement_beneficiary_harmonized, quantity);

-- Query layer, fifth step (e2e/filter-latency.spec.ts, bench/query at 532,799 transactions): the
-- credit transactions counted per (parent project, transaction type, vintage). The total of a credits
-- list narrowed only by project filters, project ids, transaction types and vintages (the
-- Transactions view's usual filters) sums the rows of the matching projects instead of reading every
-- matching transaction (~600 ms for "retirements of Verra projects"). Built by refreshAggregates; the
-- credit triggers of migration 100 mark it dirty on any write, and a dirty rollup is never read.
-- Nulls are groups of their own, so every filter decides a group exactly as it decides its rows.
CREATE TABLE agg_credit_counts (
  project_id TEXT,
  transaction_type TEXT,
  vintage INTEGER,
  transactions INTEGER NOT NULL
);
-- Covering, by project: a project filter seeks the few groups of each matching project.
CREATE INDEX agg_credit_counts_project ON agg_credit_counts (project_id, transaction_type, vintage, transactions);

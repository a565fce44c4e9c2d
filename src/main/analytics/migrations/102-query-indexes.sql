-- Query layer, third step (bench/query): transaction-type filters are case-insensitive, so they
-- need a NOCASE index to narrow (and to walk transaction_date order within a type); the buyers'
-- covering index also carries project_id so per-(buyer, project) sums never touch the table.
CREATE INDEX credit_transactions_type_nocase_date ON credit_transactions (transaction_type COLLATE NOCASE, transaction_date);
DROP INDEX IF EXISTS credit_transactions_retirement_window;
CREATE INDEX credit_transactions_retirement_window ON credit_transactions (transaction_type, transaction_date, retirement_beneficiary_harmonized, quantity, project_id);

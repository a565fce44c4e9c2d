-- credit_transactions_type_date (transaction_type, transaction_date) is a prefix of
-- credit_transactions_retirement_window (transaction_type, transaction_date, buyer, quantity,
-- project_id), which answers every query it answered: it cost 15 MB at the default market and one
-- more index to build each time a full credits pass is published.
DROP INDEX IF EXISTS credit_transactions_type_date;

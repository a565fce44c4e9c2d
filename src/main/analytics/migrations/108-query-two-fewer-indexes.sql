-- Two indexes of credit_transactions that no query needs, dropped (41 MB of the 286 MB cache at the
-- default market, and two fewer index builds each time a full credits pass is published):
-- credit_transactions_buyer (transaction_type, buyer, date, quantity) came back with the liberal
-- market's rebuild after credit_transactions_retirement_window had replaced it; one buyer's
-- transactions are found through credit_transactions_beneficiary_harmonized as fast (the buyer
-- page's four queries 37 ms either way for a buyer of 6,261 retirements).
-- credit_transactions_category: a transaction's category is filtered through its parent project
-- (projects.category) and is not a sort key, so nothing read it.
DROP INDEX IF EXISTS credit_transactions_buyer;
DROP INDEX IF EXISTS credit_transactions_category;

-- A full credits pass now writes into a staging table that replaces the live one when complete
-- (src/main/cache/staged-table.ts), so nothing deletes transactions by pass any more: the index on
-- sync_pass only cost every insert its upkeep.
DROP INDEX IF EXISTS credit_transactions_sync_pass;

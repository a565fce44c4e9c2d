-- The table of skipped items also holds the values that did not fit their field (stored as null,
-- kept as sent in the item's extra fields): `kind` tells them apart. Rows written before are skipped
-- items. A job's new pass still starts its list afresh, both kinds together.
ALTER TABLE sync_skipped_items ADD COLUMN kind TEXT NOT NULL DEFAULT 'skipped';
CREATE INDEX sync_skipped_items_kind ON sync_skipped_items (kind, job);

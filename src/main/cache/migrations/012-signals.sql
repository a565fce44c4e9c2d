-- Integrity signals: what the cached registry data says of itself that does not add up (kinds and
-- definitions: docs/integrity-signals.md), recomputed set-based at the end of every sync run.
-- `signal_key` names a signal by what it rests on, so a recompute keeps a signal that still holds
-- (and its detected_at) and tells new ones from resolved ones for the change log.
CREATE TABLE integrity_signals (
  signal_key TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL,
  project_id TEXT NOT NULL,
  vintage INTEGER,
  -- JSON object: the figures by name
  figures TEXT NOT NULL,
  -- JSON array of the transaction ids it rests on
  transaction_ids TEXT NOT NULL DEFAULT '[]',
  -- JSON array of the fields it rests on
  fields TEXT NOT NULL DEFAULT '[]',
  detected_at TEXT NOT NULL,
  run_id INTEGER
) WITHOUT ROWID;
CREATE INDEX integrity_signals_kind ON integrity_signals (kind, project_id);
CREATE INDEX integrity_signals_project ON integrity_signals (project_id COLLATE NOCASE);

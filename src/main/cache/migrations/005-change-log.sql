-- The change log: what each sync found that moved, written in the same transaction as the rows it
-- describes. A job logs changes only once it has completed a pass (the first sync is the baseline).
CREATE TABLE sync_runs (
  run_id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT
);

-- Discrete changes: a project new, gone or changed (one row per field), a new forensic entry, a
-- changed memo, a satellite metric that moved, a new country policy update, a changed country field.
CREATE TABLE change_log (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL,
  detected_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  project_id TEXT,
  country TEXT,
  field TEXT,
  old_value TEXT,
  new_value TEXT,
  -- what identifies the item in its own resource (a forensic entry id, a policy update id)
  ref TEXT,
  summary TEXT
);
CREATE INDEX change_log_run ON change_log (run_id, kind);
CREATE INDEX change_log_project ON change_log (project_id);

-- New credit transactions, summed per run, project, buyer and type.
CREATE TABLE change_credit_groups (
  run_id INTEGER NOT NULL,
  detected_at TEXT NOT NULL,
  project_id TEXT NOT NULL,
  buyer TEXT NOT NULL,
  transaction_type TEXT NOT NULL,
  transactions INTEGER NOT NULL,
  quantity REAL NOT NULL,
  first_date TEXT,
  last_date TEXT,
  PRIMARY KEY (run_id, project_id, buyer, transaction_type)
) WITHOUT ROWID;
CREATE INDEX change_credit_groups_project ON change_credit_groups (project_id);

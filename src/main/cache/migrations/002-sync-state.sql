-- The sync engine's per-job checkpoint. A page's rows and the cursor that points past it are
-- written in one transaction, so a crash resumes at the next page.
CREATE TABLE sync_state (
  job TEXT NOT NULL PRIMARY KEY,
  -- 'idle' | 'running' | 'done' | 'failed' | 'cancelled'
  state TEXT NOT NULL DEFAULT 'idle',
  -- 'full' | 'incremental' (credits); 'full' elsewhere
  mode TEXT NOT NULL DEFAULT 'full',
  -- JSON: {"next_page": n} or {"offset": n} or {"index": n}; null when the pass has not started
  cursor TEXT,
  -- the pass being written; rows of older passes are removed when a full pass completes
  pass INTEGER NOT NULL DEFAULT 0,
  rows INTEGER NOT NULL DEFAULT 0,
  pages INTEGER NOT NULL DEFAULT 0,
  total_rows INTEGER,
  total_pages INTEGER,
  -- credits: the transaction_date window of an incremental pass
  window_from TEXT,
  started_at TEXT,
  last_success_at TEXT,
  last_full_success_at TEXT,
  last_error_code TEXT,
  last_error_message TEXT,
  last_error_at TEXT
);

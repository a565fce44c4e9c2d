-- Portfolios: holdings files imported into a connection's cache, and the flags their screening
-- found. A holding is one understood row of its file (row: its row in the file); project_ref is the
-- cached project it matched (null: not in the cache), set at every screening. Rows not understood
-- are kept with the portfolio as JSON ({row, value, reason}).
CREATE TABLE portfolios (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  file_name TEXT,
  imported_at TEXT NOT NULL,
  screened_at TEXT,
  unmatched TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE holdings (
  portfolio_id INTEGER NOT NULL,
  row INTEGER NOT NULL,
  project_id TEXT NOT NULL,
  project_key TEXT NOT NULL,
  project_ref TEXT,
  vintage INTEGER,
  quantity REAL NOT NULL,
  registry TEXT,
  serial TEXT,
  status TEXT NOT NULL DEFAULT 'held',
  note TEXT,
  PRIMARY KEY (portfolio_id, row)
);
CREATE INDEX holdings_project_ref ON holdings (project_ref, vintage);

-- One flag per holding and rule; evidence is JSON (figures and the ids or URLs they come from).
CREATE TABLE holding_flags (
  portfolio_id INTEGER NOT NULL,
  row INTEGER NOT NULL,
  rule TEXT NOT NULL,
  severity TEXT NOT NULL,
  message TEXT NOT NULL,
  evidence TEXT NOT NULL DEFAULT '{}',
  source TEXT NOT NULL,
  PRIMARY KEY (portfolio_id, row, rule)
);
CREATE INDEX holding_flags_rule ON holding_flags (portfolio_id, rule);

/**
 * The service's own SQLite schema. Market tables are written by the generator (and extended when
 * the market is advanced, before the service listens); the auth tables (accounts, api_keys,
 * api_usage, demo_key_secrets) change while the service runs. Quantities and totals are numbers
 * that may be fractional or null (a messy market has both); SUM-like aggregates skip nulls.
 * Ids, names and labels are declared COLLATE NOCASE, so the project ids' primary key and indexes
 * serve lookups that ignore ASCII case; filters, searches, sorts and groupings of text compare by
 * the one folding rule (the SQL function `fold`, docs/text-matching.md), not by the collation.
 */
/** Moves when the schema or the generated market changes, so a stored market is made again. */
export const SCHEMA_VERSION = 5;

export const MARKET_TABLES = [
  'projects', 'clips', 'credits', 'legacy_forensics', 'forensic_entries', 'forensic_memos', 'forensic_diffs',
  'satellite_metrics', 'boundaries', 'country_profiles', 'country_updates',
] as const;

export const MARKET_DDL = `
CREATE TABLE projects (
  project_id TEXT PRIMARY KEY COLLATE NOCASE,
  name TEXT COLLATE NOCASE,
  registry TEXT COLLATE NOCASE,
  proponent TEXT COLLATE NOCASE,
  category TEXT COLLATE NOCASE,
  status TEXT COLLATE NOCASE,
  country TEXT COLLATE NOCASE,
  listed_at TEXT,
  is_compliance INTEGER,
  first_issuance_at TEXT,
  first_retirement_at TEXT,
  project_url TEXT,
  project_type TEXT COLLATE NOCASE,
  project_type_source TEXT,
  protocol TEXT NOT NULL,
  protocol_version TEXT NOT NULL,
  retired NUMERIC,
  issued NUMERIC,
  sdg_goals TEXT NOT NULL,
  certifications TEXT NOT NULL,
  has_ccb INTEGER,
  has_icvcm_ccp INTEGER,
  has_corsia INTEGER,
  has_sdvista INTEGER,
  has_social_carbon INTEGER,
  article6_authorized INTEGER,
  article6_countries TEXT NOT NULL,
  article6_authorization_types TEXT NOT NULL,
  corc_durability TEXT
);
CREATE TABLE clips (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL COLLATE NOCASE,
  date TEXT, title TEXT, url TEXT, source TEXT, tags TEXT NOT NULL, notes TEXT,
  is_waybacked INTEGER NOT NULL, type TEXT NOT NULL
);
CREATE TABLE credits (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL COLLATE NOCASE,
  quantity NUMERIC,
  vintage INTEGER,
  transaction_date TEXT,
  transaction_type TEXT,
  retirement_account TEXT COLLATE NOCASE,
  retirement_beneficiary TEXT COLLATE NOCASE,
  retirement_reason TEXT COLLATE NOCASE,
  retirement_note TEXT COLLATE NOCASE,
  retirement_beneficiary_harmonized TEXT COLLATE NOCASE
);
CREATE TABLE legacy_forensics (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL COLLATE NOCASE,
  project_name TEXT COLLATE NOCASE, proponent TEXT COLLATE NOCASE, registry TEXT COLLATE NOCASE,
  country TEXT COLLATE NOCASE, issued NUMERIC, run_date TEXT, status TEXT COLLATE NOCASE,
  raw_json TEXT COLLATE NOCASE, news_entries_json TEXT COLLATE NOCASE, num_findings INTEGER,
  price_narrative TEXT COLLATE NOCASE, primary_risk TEXT COLLATE NOCASE, value_proposition TEXT COLLATE NOCASE,
  error_type TEXT COLLATE NOCASE, error_message TEXT COLLATE NOCASE
);
CREATE TABLE forensic_entries (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL COLLATE NOCASE,
  entry_hash TEXT, date TEXT, category TEXT COLLATE NOCASE, source TEXT, key_event TEXT,
  market_impact TEXT, url TEXT, first_seen_date TEXT NOT NULL, first_seen_week INTEGER NOT NULL,
  first_seen_year INTEGER NOT NULL, is_new_this_week INTEGER NOT NULL
);
CREATE TABLE forensic_memos (project_id TEXT PRIMARY KEY COLLATE NOCASE, memo TEXT NOT NULL);
CREATE TABLE forensic_diffs (
  project_id TEXT NOT NULL COLLATE NOCASE, year INTEGER NOT NULL, week_number INTEGER NOT NULL,
  week_date TEXT NOT NULL, new_entries_count INTEGER NOT NULL, memo_changed INTEGER NOT NULL,
  headline TEXT, week_summary TEXT, new_entry_ids TEXT NOT NULL,
  PRIMARY KEY (project_id, year, week_number)
);
CREATE TABLE satellite_metrics (project_id TEXT PRIMARY KEY COLLATE NOCASE, has_boundary INTEGER NOT NULL, risk_level TEXT, metrics TEXT NOT NULL);
CREATE TABLE boundaries (project_id TEXT PRIMARY KEY COLLATE NOCASE, geojson TEXT NOT NULL);
CREATE TABLE country_profiles (country_code TEXT PRIMARY KEY, profile TEXT NOT NULL);
CREATE TABLE country_updates (
  id INTEGER PRIMARY KEY, country_code TEXT NOT NULL, date TEXT NOT NULL, headline TEXT NOT NULL,
  description TEXT, market_impact TEXT, source_url TEXT, week INTEGER, year INTEGER
);
`;

/**
 * The credit transactions' indexes (the only large ones, and the only slow ones to build). A freshly
 * generated market is served before they exist; see credit-indexes.ts. `IF NOT EXISTS`: a start
 * builds the ones a stopped build left missing.
 */
export const CREDIT_INDEXES: readonly { name: string; sql: string }[] = [
  { name: 'credits_project', sql: 'CREATE INDEX IF NOT EXISTS credits_project ON credits (project_id, id)' },
  { name: 'credits_type_date', sql: 'CREATE INDEX IF NOT EXISTS credits_type_date ON credits (transaction_type, transaction_date)' },
  { name: 'credits_date', sql: 'CREATE INDEX IF NOT EXISTS credits_date ON credits (transaction_date)' },
  { name: 'credits_buyer', sql: 'CREATE INDEX IF NOT EXISTS credits_buyer ON credits (retirement_beneficiary_harmonized, transaction_type)' },
];

/** The other tables' indexes, built after the bulk insert (faster than maintaining them row by row). */
export const OTHER_MARKET_INDEXES = `
CREATE INDEX clips_project ON clips (project_id, date);
CREATE INDEX legacy_project ON legacy_forensics (project_id);
CREATE INDEX legacy_run_date ON legacy_forensics (run_date);
CREATE INDEX entries_project ON forensic_entries (project_id, first_seen_date);
CREATE INDEX entries_seen ON forensic_entries (first_seen_date, id);
CREATE INDEX updates_country ON country_updates (country_code, date);
`;

export const AUTH_DDL = `
CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, tier TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  tier TEXT NOT NULL,
  rate_limit_per_minute INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  last_used_at TEXT,
  revoked_at TEXT,
  bootstrap TEXT
);
CREATE TABLE IF NOT EXISTS demo_key_secrets (kind TEXT PRIMARY KEY, secret TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS api_usage (
  key_id TEXT NOT NULL, day TEXT NOT NULL, endpoint TEXT NOT NULL, requests INTEGER NOT NULL,
  PRIMARY KEY (key_id, day, endpoint)
);
`;

-- The market as the service serves it (spec section 2), one table per resource, named in the
-- market's words. Arrays and objects are JSON text; booleans are 0/1; dates are the service's text.
-- Bookkeeping columns (synced_at, sync_pass) are the sync engine's and never part of an answer.

CREATE TABLE projects (
  project_id TEXT NOT NULL PRIMARY KEY,
  name TEXT,
  registry TEXT,
  proponent TEXT,
  category TEXT,
  status TEXT,
  country TEXT,
  listed_at TEXT,
  is_compliance INTEGER,
  first_issuance_at TEXT,
  first_retirement_at TEXT,
  project_url TEXT,
  project_type TEXT,
  project_type_source TEXT,
  protocol TEXT NOT NULL DEFAULT '[]',
  protocol_version TEXT NOT NULL DEFAULT '[]',
  retired INTEGER NOT NULL DEFAULT 0,
  issued INTEGER NOT NULL DEFAULT 0,
  unretired INTEGER NOT NULL DEFAULT 0,
  sdg_goals TEXT NOT NULL DEFAULT '[]',
  certifications TEXT NOT NULL DEFAULT '[]',
  has_ccb INTEGER NOT NULL DEFAULT 0,
  has_icvcm_ccp INTEGER NOT NULL DEFAULT 0,
  has_corsia INTEGER NOT NULL DEFAULT 0,
  has_sdvista INTEGER NOT NULL DEFAULT 0,
  has_social_carbon INTEGER NOT NULL DEFAULT 0,
  article6_authorized INTEGER NOT NULL DEFAULT 0,
  article6_countries TEXT NOT NULL DEFAULT '[]',
  article6_authorization_types TEXT NOT NULL DEFAULT '[]',
  corc_durability TEXT,
  detail_synced_at TEXT,
  synced_at TEXT NOT NULL,
  sync_pass INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX projects_registry ON projects (registry COLLATE NOCASE);
CREATE INDEX projects_country ON projects (country COLLATE NOCASE);
CREATE INDEX projects_category ON projects (category);
CREATE INDEX projects_project_type ON projects (project_type COLLATE NOCASE);
CREATE INDEX projects_proponent ON projects (proponent COLLATE NOCASE);
CREATE INDEX projects_status ON projects (status);
CREATE INDEX projects_listed_at ON projects (listed_at);
CREATE INDEX projects_issued ON projects (issued);
CREATE INDEX projects_retired ON projects (retired);
CREATE INDEX projects_unretired ON projects (unretired);
CREATE INDEX projects_name ON projects (name COLLATE NOCASE);
CREATE INDEX projects_first_issuance_at ON projects (first_issuance_at);
CREATE INDEX projects_sync_pass ON projects (sync_pass);

-- Substring search on project_id and name (trigram tokenizer: case-insensitive substrings of 3+ chars).
CREATE VIRTUAL TABLE projects_fts USING fts5 (
  project_id, name, content='projects', content_rowid='rowid', tokenize='trigram case_sensitive 0'
);
CREATE TRIGGER projects_fts_insert AFTER INSERT ON projects BEGIN
  INSERT INTO projects_fts (rowid, project_id, name) VALUES (new.rowid, new.project_id, new.name);
END;
CREATE TRIGGER projects_fts_delete AFTER DELETE ON projects BEGIN
  INSERT INTO projects_fts (projects_fts, rowid, project_id, name) VALUES ('delete', old.rowid, old.project_id, old.name);
END;
CREATE TRIGGER projects_fts_update AFTER UPDATE OF project_id, name ON projects BEGIN
  INSERT INTO projects_fts (projects_fts, rowid, project_id, name) VALUES ('delete', old.rowid, old.project_id, old.name);
  INSERT INTO projects_fts (rowid, project_id, name) VALUES (new.rowid, new.project_id, new.name);
END;

-- A project's news clips, in the order the service lists them (position).
CREATE TABLE project_clips (
  project_id TEXT NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  date TEXT,
  title TEXT,
  url TEXT,
  source TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  notes TEXT,
  is_waybacked INTEGER NOT NULL DEFAULT 0,
  type TEXT NOT NULL DEFAULT 'unknown',
  PRIMARY KEY (project_id, id)
);
CREATE INDEX project_clips_date ON project_clips (date);

-- The project type taxonomy (2.5): top-level key -> project types, in the service's order.
CREATE TABLE project_types (
  category TEXT NOT NULL,
  project_type TEXT NOT NULL,
  position INTEGER NOT NULL,
  category_position INTEGER NOT NULL,
  PRIMARY KEY (category, project_type)
);

-- Credit transactions (2.3), with the parent project (projects[0]) flattened for filters and joins.
-- `projects` keeps the service's array exactly.
CREATE TABLE credit_transactions (
  id INTEGER PRIMARY KEY,
  quantity INTEGER NOT NULL,
  vintage INTEGER,
  transaction_date TEXT,
  transaction_type TEXT,
  retirement_account TEXT,
  retirement_beneficiary TEXT,
  retirement_reason TEXT,
  retirement_note TEXT,
  retirement_beneficiary_harmonized TEXT,
  project_id TEXT,
  category TEXT,
  project_type TEXT,
  projects TEXT NOT NULL DEFAULT '[]',
  sdg_goals TEXT NOT NULL DEFAULT '[]',
  certifications TEXT NOT NULL DEFAULT '[]',
  sync_pass INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX credit_transactions_project_id ON credit_transactions (project_id, transaction_date);
CREATE INDEX credit_transactions_transaction_date ON credit_transactions (transaction_date);
CREATE INDEX credit_transactions_vintage ON credit_transactions (vintage);
CREATE INDEX credit_transactions_type_date ON credit_transactions (transaction_type, transaction_date);
CREATE INDEX credit_transactions_quantity ON credit_transactions (quantity);
CREATE INDEX credit_transactions_beneficiary_harmonized ON credit_transactions (retirement_beneficiary_harmonized COLLATE NOCASE);
CREATE INDEX credit_transactions_category ON credit_transactions (category);
CREATE INDEX credit_transactions_sync_pass ON credit_transactions (sync_pass);

-- The latest forensic feed (GET /v1/forensics/v2/latest), as last fetched: entries in feed order.
CREATE TABLE forensic_latest_feed (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  total_count INTEGER NOT NULL,
  new_this_week_count INTEGER NOT NULL,
  week INTEGER NOT NULL,
  year INTEGER NOT NULL,
  entry_limit INTEGER NOT NULL,
  synced_at TEXT NOT NULL
);
CREATE TABLE forensic_latest_entries (
  position INTEGER PRIMARY KEY,
  id INTEGER NOT NULL,
  project_id TEXT NOT NULL,
  entry_hash TEXT,
  date TEXT,
  category TEXT,
  source TEXT,
  key_event TEXT,
  market_impact TEXT,
  url TEXT,
  first_seen_date TEXT,
  first_seen_week INTEGER,
  first_seen_year INTEGER,
  is_new_this_week INTEGER NOT NULL DEFAULT 0,
  project_name TEXT,
  project_country TEXT,
  project_proponent TEXT,
  project_registry TEXT
);
CREATE INDEX forensic_latest_entries_category ON forensic_latest_entries (category);

-- A project's forensics (GET /v1/forensics/v2/{project_id}): stats, memo and entries (in the
-- service's order). found = 0 records a 404 (no forensic data at all).
CREATE TABLE project_forensics (
  project_id TEXT NOT NULL PRIMARY KEY,
  found INTEGER NOT NULL,
  total_entries INTEGER,
  new_this_week INTEGER,
  last_scan_date TEXT,
  week_number INTEGER,
  year INTEGER,
  synced_at TEXT NOT NULL
);
CREATE TABLE forensic_memos (
  project_id TEXT NOT NULL PRIMARY KEY,
  price_narrative TEXT,
  primary_risk TEXT,
  value_proposition TEXT,
  last_updated TEXT,
  total_entries INTEGER,
  future_issuance_assessment TEXT,
  project_operational_status TEXT,
  development_status TEXT,
  estimated_issuance_timeline TEXT,
  methodology_risk TEXT,
  quality_tier_estimate TEXT,
  proponent_assessment TEXT,
  deal_flow_signals TEXT,
  investment_thesis TEXT,
  scan_type TEXT
);
CREATE TABLE project_forensic_entries (
  project_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  id INTEGER NOT NULL,
  entry_hash TEXT,
  date TEXT,
  category TEXT,
  source TEXT,
  key_event TEXT,
  market_impact TEXT,
  url TEXT,
  first_seen_date TEXT,
  first_seen_week INTEGER,
  first_seen_year INTEGER,
  is_new_this_week INTEGER NOT NULL DEFAULT 0,
  project_name TEXT,
  project_country TEXT,
  project_proponent TEXT,
  project_registry TEXT,
  PRIMARY KEY (project_id, position)
);

-- Weekly diffs (2.10) per project, year and ISO week. is_null = 1 records that the service
-- answered null for that week (no diff), so offline answers null too.
CREATE TABLE forensic_weekly_diffs (
  project_id TEXT NOT NULL,
  year INTEGER NOT NULL,
  week_number INTEGER NOT NULL,
  is_null INTEGER NOT NULL DEFAULT 0,
  week_date TEXT,
  new_entries_count INTEGER,
  memo_changed INTEGER,
  headline TEXT,
  week_summary TEXT,
  new_entries TEXT NOT NULL DEFAULT '[]',
  synced_at TEXT NOT NULL,
  PRIMARY KEY (project_id, year, week_number)
);

-- Legacy (v1) forensic analyses (2.6).
CREATE TABLE legacy_forensics (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL,
  project_name TEXT,
  proponent TEXT,
  registry TEXT,
  country TEXT,
  issued INTEGER,
  run_date TEXT,
  status TEXT,
  raw_json TEXT,
  news_entries_json TEXT,
  num_findings INTEGER,
  price_narrative TEXT,
  primary_risk TEXT,
  value_proposition TEXT,
  error_type TEXT,
  error_message TEXT,
  sync_pass INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX legacy_forensics_project_id ON legacy_forensics (project_id);
CREATE INDEX legacy_forensics_run_date ON legacy_forensics (run_date);
CREATE INDEX legacy_forensics_status ON legacy_forensics (status);

-- Satellite metrics (2.13), one row per project.
CREATE TABLE satellite_metrics (
  project_id TEXT NOT NULL PRIMARY KEY,
  has_boundary INTEGER NOT NULL,
  boundary_source TEXT,
  area_km2 REAL,
  integrity_score REAL,
  risk_level TEXT,
  risk_trajectory TEXT,
  total_loss_ha REAL,
  total_loss_pct REAL,
  loss_by_year TEXT NOT NULL DEFAULT '{}',
  peak_loss_year INTEGER,
  peak_loss_ha REAL,
  alert_count_12m INTEGER,
  alert_area_ha REAL,
  fire_count_12m INTEGER,
  last_updated TEXT,
  sync_pass INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX satellite_metrics_risk_level ON satellite_metrics (risk_level, has_boundary);

-- Project boundaries (GeoJSON FeatureCollection text as served). found = 0 records a 404.
CREATE TABLE project_boundaries (
  project_id TEXT NOT NULL PRIMARY KEY,
  found INTEGER NOT NULL,
  geojson TEXT,
  synced_at TEXT NOT NULL
);

-- Country names of cached projects and their ISO 3166-1 alpha-2 codes (null when no code is known).
CREATE TABLE project_countries (
  country TEXT NOT NULL PRIMARY KEY,
  country_code TEXT
);
CREATE INDEX project_countries_code ON project_countries (country_code);

-- Country policy profiles (2.14). found = 0 records a 404 for a code.
CREATE TABLE country_profiles (
  country_code TEXT NOT NULL PRIMARY KEY,
  country_name TEXT,
  region TEXT,
  subregion TEXT,
  article6_status TEXT,
  article6_host_loas INTEGER,
  article6_bilateral_partners TEXT NOT NULL DEFAULT '[]',
  article6_first_loa_date TEXT,
  article6_buyer_loas INTEGER,
  corsia_eligible INTEGER,
  corsia_phase TEXT,
  corsia_commitment TEXT,
  has_carbon_tax INTEGER,
  carbon_tax_rate_usd REAL,
  has_ets INTEGER,
  ets_name TEXT,
  eu_eligible INTEGER,
  cbam_exposure TEXT,
  vcm_regulatory_status TEXT,
  export_restrictions INTEGER,
  domestic_retention_pct REAL,
  policy_summary TEXT,
  recent_developments TEXT,
  market_outlook TEXT,
  key_risks TEXT,
  key_opportunities TEXT,
  last_ai_scan_date TEXT,
  updated_at TEXT,
  article6_host_signed INTEGER NOT NULL DEFAULT 0,
  article6_host_mous INTEGER NOT NULL DEFAULT 0,
  host_agreements TEXT NOT NULL DEFAULT '[]',
  is_buyer_country INTEGER NOT NULL DEFAULT 0,
  buyer_host_partners TEXT NOT NULL DEFAULT '[]',
  buyer_agreements TEXT NOT NULL DEFAULT '[]',
  has_initial_report INTEGER NOT NULL DEFAULT 0,
  initial_report_date TEXT,
  cooperative_approach_ids TEXT NOT NULL DEFAULT '[]',
  has_dna INTEGER NOT NULL DEFAULT 0,
  dna_authority_name TEXT,
  has_participation_requirements INTEGER NOT NULL DEFAULT 0,
  participation_requirements_date TEXT,
  jcm_project_count INTEGER NOT NULL DEFAULT 0,
  jcm_total_reductions_ktco2e REAL,
  ca_policy TEXT,
  ca_for_vcm INTEGER,
  ca_first_transfer_date TEXT,
  country_risk_score REAL,
  country_risk_factors TEXT NOT NULL DEFAULT '[]',
  ndc_target_year INTEGER,
  ndc_base_year INTEGER,
  ndc_reduction_pct REAL,
  ndc_conditional INTEGER,
  ndc_last_updated TEXT,
  total_projects INTEGER NOT NULL DEFAULT 0,
  total_credits_issued INTEGER NOT NULL DEFAULT 0,
  total_credits_retired INTEGER NOT NULL DEFAULT 0,
  active_registries TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE country_profile_checks (
  country_code TEXT NOT NULL PRIMARY KEY,
  found INTEGER NOT NULL,
  synced_at TEXT NOT NULL
);

-- Country policy updates, most recent first within a country (position = service order).
CREATE TABLE country_updates (
  id INTEGER PRIMARY KEY,
  country_code TEXT NOT NULL,
  position INTEGER NOT NULL,
  date TEXT NOT NULL,
  headline TEXT NOT NULL,
  description TEXT,
  market_impact TEXT,
  source_url TEXT,
  week INTEGER,
  year INTEGER
);
CREATE INDEX country_updates_country ON country_updates (country_code, position);

-- The keys of the connected account as last listed (never a key value: prefixes only).
CREATE TABLE api_key_info (
  id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  key_prefix TEXT NOT NULL,
  tier TEXT NOT NULL,
  rate_limit_per_minute INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT,
  expires_at TEXT,
  last_used_at TEXT,
  revoked_at TEXT,
  is_current INTEGER NOT NULL DEFAULT 0
);

-- The user's watchlist: projects whose detail, boundary and forensics are kept fresh.
CREATE TABLE watchlist (
  project_id TEXT NOT NULL PRIMARY KEY,
  added_at TEXT NOT NULL
);

-- A liberal market: what a real server sends is kept as it came. Totals and quantities may be null
-- (nothing contributed, or the registry does not say) and fractional, and a project's label flags may
-- be unknown (null, read as false by filters), so their NOT NULL defaults go;
-- every item keeps the fields Carbon Desk does not model (and any value it could not read) as JSON
-- in `extra`. SQLite cannot drop a NOT NULL constraint in place, so the four tables concerned are
-- rebuilt with their rows (rowids kept, so the project search index stays valid), indexes and
-- triggers. The query layer re-creates its own indexes and triggers on them in its next migration.

CREATE TABLE projects_next (
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
  retired INTEGER,
  issued INTEGER,
  unretired INTEGER,
  sdg_goals TEXT NOT NULL DEFAULT '[]',
  certifications TEXT NOT NULL DEFAULT '[]',
  has_ccb INTEGER,
  has_icvcm_ccp INTEGER,
  has_corsia INTEGER,
  has_sdvista INTEGER,
  has_social_carbon INTEGER,
  article6_authorized INTEGER,
  article6_countries TEXT NOT NULL DEFAULT '[]',
  article6_authorization_types TEXT NOT NULL DEFAULT '[]',
  corc_durability TEXT,
  detail_synced_at TEXT,
  synced_at TEXT NOT NULL,
  sync_pass INTEGER NOT NULL DEFAULT 0,
  extra TEXT
);
INSERT INTO projects_next (rowid, project_id, name, registry, proponent, category, status, country, listed_at, is_compliance, first_issuance_at, first_retirement_at, project_url, project_type, project_type_source, protocol, protocol_version, retired, issued, unretired, sdg_goals, certifications, has_ccb, has_icvcm_ccp, has_corsia, has_sdvista, has_social_carbon, article6_authorized, article6_countries, article6_authorization_types, corc_durability, detail_synced_at, synced_at, sync_pass) SELECT rowid, project_id, name, registry, proponent, category, status, country, listed_at, is_compliance, first_issuance_at, first_retirement_at, project_url, project_type, project_type_source, protocol, protocol_version, retired, issued, unretired, sdg_goals, certifications, has_ccb, has_icvcm_ccp, has_corsia, has_sdvista, has_social_carbon, article6_authorized, article6_countries, article6_authorization_types, corc_durability, detail_synced_at, synced_at, sync_pass FROM projects;
CREATE TABLE project_clips_next (
  project_id TEXT NOT NULL REFERENCES projects_next (project_id) ON DELETE CASCADE,
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
INSERT INTO project_clips_next (project_id, id, position, date, title, url, source, tags, notes, is_waybacked, type) SELECT project_id, id, position, date, title, url, source, tags, notes, is_waybacked, type FROM project_clips;
DROP TABLE project_clips;
DROP TABLE projects;
ALTER TABLE projects_next RENAME TO projects;
ALTER TABLE project_clips_next RENAME TO project_clips;
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
CREATE INDEX project_clips_date ON project_clips (date);
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

CREATE TABLE credit_transactions_next (
  id INTEGER PRIMARY KEY,
  quantity INTEGER,
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
  sync_pass INTEGER NOT NULL DEFAULT 0,
  extra TEXT
);
INSERT INTO credit_transactions_next (id, quantity, vintage, transaction_date, transaction_type, retirement_account, retirement_beneficiary, retirement_reason, retirement_note, retirement_beneficiary_harmonized, project_id, category, project_type, projects, sdg_goals, certifications, sync_pass) SELECT id, quantity, vintage, transaction_date, transaction_type, retirement_account, retirement_beneficiary, retirement_reason, retirement_note, retirement_beneficiary_harmonized, project_id, category, project_type, projects, sdg_goals, certifications, sync_pass FROM credit_transactions;
DROP TABLE credit_transactions;
ALTER TABLE credit_transactions_next RENAME TO credit_transactions;
CREATE INDEX credit_transactions_project_id ON credit_transactions (project_id, transaction_date);
CREATE INDEX credit_transactions_transaction_date ON credit_transactions (transaction_date);
CREATE INDEX credit_transactions_vintage ON credit_transactions (vintage);
CREATE INDEX credit_transactions_type_date ON credit_transactions (transaction_type, transaction_date);
CREATE INDEX credit_transactions_quantity ON credit_transactions (quantity);
CREATE INDEX credit_transactions_beneficiary_harmonized ON credit_transactions (retirement_beneficiary_harmonized COLLATE NOCASE);
CREATE INDEX credit_transactions_category ON credit_transactions (category);
CREATE INDEX credit_transactions_sync_pass ON credit_transactions (sync_pass);

CREATE TABLE country_profiles_next (
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
  article6_host_signed INTEGER,
  article6_host_mous INTEGER,
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
  jcm_project_count INTEGER,
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
  total_projects INTEGER,
  total_credits_issued INTEGER,
  total_credits_retired INTEGER,
  active_registries TEXT NOT NULL DEFAULT '[]',
  extra TEXT
);
INSERT INTO country_profiles_next (country_code, country_name, region, subregion, article6_status, article6_host_loas, article6_bilateral_partners, article6_first_loa_date, article6_buyer_loas, corsia_eligible, corsia_phase, corsia_commitment, has_carbon_tax, carbon_tax_rate_usd, has_ets, ets_name, eu_eligible, cbam_exposure, vcm_regulatory_status, export_restrictions, domestic_retention_pct, policy_summary, recent_developments, market_outlook, key_risks, key_opportunities, last_ai_scan_date, updated_at, article6_host_signed, article6_host_mous, host_agreements, is_buyer_country, buyer_host_partners, buyer_agreements, has_initial_report, initial_report_date, cooperative_approach_ids, has_dna, dna_authority_name, has_participation_requirements, participation_requirements_date, jcm_project_count, jcm_total_reductions_ktco2e, ca_policy, ca_for_vcm, ca_first_transfer_date, country_risk_score, country_risk_factors, ndc_target_year, ndc_base_year, ndc_reduction_pct, ndc_conditional, ndc_last_updated, total_projects, total_credits_issued, total_credits_retired, active_registries) SELECT country_code, country_name, region, subregion, article6_status, article6_host_loas, article6_bilateral_partners, article6_first_loa_date, article6_buyer_loas, corsia_eligible, corsia_phase, corsia_commitment, has_carbon_tax, carbon_tax_rate_usd, has_ets, ets_name, eu_eligible, cbam_exposure, vcm_regulatory_status, export_restrictions, domestic_retention_pct, policy_summary, recent_developments, market_outlook, key_risks, key_opportunities, last_ai_scan_date, updated_at, article6_host_signed, article6_host_mous, host_agreements, is_buyer_country, buyer_host_partners, buyer_agreements, has_initial_report, initial_report_date, cooperative_approach_ids, has_dna, dna_authority_name, has_participation_requirements, participation_requirements_date, jcm_project_count, jcm_total_reductions_ktco2e, ca_policy, ca_for_vcm, ca_first_transfer_date, country_risk_score, country_risk_factors, ndc_target_year, ndc_base_year, ndc_reduction_pct, ndc_conditional, ndc_last_updated, total_projects, total_credits_issued, total_credits_retired, active_registries FROM country_profiles;
DROP TABLE country_profiles;
ALTER TABLE country_profiles_next RENAME TO country_profiles;

CREATE TABLE country_updates_next (
  id INTEGER PRIMARY KEY,
  country_code TEXT NOT NULL,
  position INTEGER NOT NULL,
  date TEXT,
  headline TEXT,
  description TEXT,
  market_impact TEXT,
  source_url TEXT,
  week INTEGER,
  year INTEGER,
  extra TEXT
);
INSERT INTO country_updates_next (id, country_code, position, date, headline, description, market_impact, source_url, week, year) SELECT id, country_code, position, date, headline, description, market_impact, source_url, week, year FROM country_updates;
DROP TABLE country_updates;
ALTER TABLE country_updates_next RENAME TO country_updates;
CREATE INDEX country_updates_country ON country_updates (country_code, position);

-- The other tables of items only gain the column.
ALTER TABLE legacy_forensics ADD COLUMN extra TEXT;
ALTER TABLE satellite_metrics ADD COLUMN extra TEXT;
ALTER TABLE forensic_latest_entries ADD COLUMN extra TEXT;
ALTER TABLE project_forensic_entries ADD COLUMN extra TEXT;

-- Items a sync could not store (no usable identity): where they were and why, per job, for the
-- Sync view and the CLI. A job's new pass starts its list afresh.
CREATE TABLE sync_skipped_items (
  job TEXT NOT NULL,
  page INTEGER,
  position INTEGER NOT NULL,
  item_ref TEXT,
  field TEXT NOT NULL,
  reason TEXT NOT NULL,
  excerpt TEXT,
  seen_at TEXT NOT NULL
);
CREATE INDEX sync_skipped_items_job ON sync_skipped_items (job);

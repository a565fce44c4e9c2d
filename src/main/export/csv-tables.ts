/**
 * Every CSV-exportable table: its columns (header = the service's field name, kind = how the cell is
 * written, see src/shared/csv-safety.ts) and where its rows come from in the cache, with the list
 * method's filters and sort. Rows are read lazily (`stmt.iterate()`), never collected.
 */
import type Database from 'better-sqlite3';
import type { BuyerListQuery, CreditListAppQuery, LegacyForensicsQuery, ProjectListQuery, SatelliteListAppQuery } from '../../shared/api/params';
import type { ExportTable } from '../../shared/contract/export-types';
import type { CsvColumnKind } from '../../shared/csv-safety';
import { ContractError } from '../../shared/errors';
import { foldCase } from '../../shared/case-folding';
import { ENTRY_ORDER } from '../analytics/forensics';
import { creditOrderBy, creditWhere, legacyForensicOrderBy, legacyForensicWhere, projectOrderBy, projectWhere, whereSql, type Where } from './cache-filters';
import { readParents, type ParentColumns } from '../cache/repositories/credit-parents';
import { buyerRows } from './buyer-source';
import { SATELLITE_FROM, satelliteOrder, satelliteWhere } from '../analytics/satellite';
import type { CacheRow, CsvColumn, RowSource } from './row-source';

export type { CacheRow, CsvColumn, RowSource } from './row-source';

export interface CsvTable {
  columns: CsvColumn[];
  open(db: Database.Database, query: Record<string, unknown>): RowSource | Promise<RowSource>;
}

const parseJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
const col = (header: string, kind: CsvColumnKind = 'text', from: string = header): CsvColumn => ({
  header,
  kind,
  read: kind === 'list' || kind === 'json' ? (r) => parseJson(r[from]) : (r) => r[from],
});
const text = (...names: string[]) => names.map((n) => col(n));
const numbers = (...names: string[]) => names.map((n) => col(n, 'number'));
const booleans = (...names: string[]) => names.map((n) => col(n, 'boolean'));
const lists = (...names: string[]) => names.map((n) => col(n, 'list'));
/** The fields of each item that Carbon Desk does not model (or could not read), as the server sent them: a JSON object. */
const extraFields = col('extra_fields', 'json', 'extra');

function sqlSource(db: Database.Database, from: string, select: string, where: Where, orderBy: string): RowSource {
  const condition = whereSql(where);
  const { n } = db.prepare(`SELECT count(*) AS n FROM ${from} ${condition}`).get(...where.params) as { n: number };
  const stmt = db.prepare(`SELECT ${select} FROM ${from} ${condition} ${orderBy}`);
  return { total: n, rows: stmt.iterate(...where.params) as Iterable<CacheRow> };
}

const tableExists = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

export const PROJECT_COLUMNS: CsvColumn[] = [
  ...text('project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'listed_at'),
  ...booleans('is_compliance'),
  ...text('first_issuance_at', 'first_retirement_at', 'project_url', 'project_type', 'project_type_source'),
  ...lists('protocol', 'protocol_version'),
  ...numbers('issued', 'retired', 'unretired'),
  ...lists('sdg_goals', 'certifications'),
  ...booleans('has_ccb', 'has_icvcm_ccp', 'has_corsia', 'has_sdvista', 'has_social_carbon', 'article6_authorized'),
  ...lists('article6_countries', 'article6_authorization_types'),
  ...text('corc_durability'),
  extraFields,
];

export const CREDIT_TRANSACTION_COLUMNS: CsvColumn[] = [
  ...numbers('id'),
  ...text('project_id'),
  ...numbers('quantity', 'vintage'),
  ...text(
    'transaction_date', 'transaction_type', 'retirement_account', 'retirement_beneficiary', 'retirement_reason', 'retirement_note',
    'retirement_beneficiary_harmonized', 'category', 'project_type',
  ),
  {
    header: 'project_ids',
    kind: 'list',
    read: (r) => readParents(String(r['projects']), r as unknown as ParentColumns).map((p) => p.project_id),
  },
  ...lists('sdg_goals', 'certifications'),
  extraFields,
];

export const BUYER_COLUMNS: CsvColumn[] = [
  ...text('buyer_name'),
  ...numbers('total_volume', 'volume_12m', 'volume_60d', 'avg_transaction_size', 'total_transactions', 'transactions_12m', 'transactions_60d', 'transactions_per_year'),
  ...text('first_purchase', 'last_purchase'),
  ...numbers('days_since_last'),
  ...text('top_category', 'top_country', 'top_registry'),
  ...booleans('is_active_12m', 'is_active_60d'),
];

export const SATELLITE_COLUMNS: CsvColumn[] = [
  ...text('project_id'),
  ...booleans('has_boundary'),
  ...text('boundary_source'),
  ...numbers('area_km2', 'integrity_score'),
  ...text('risk_level', 'risk_trajectory'),
  ...numbers('total_loss_ha', 'total_loss_pct'),
  col('loss_by_year', 'json'),
  ...numbers('peak_loss_year', 'peak_loss_ha', 'alert_count_12m', 'alert_area_ha', 'fire_count_12m'),
  ...text('last_updated'),
  extraFields,
];

export const FORENSIC_ENTRY_COLUMNS: CsvColumn[] = [
  ...numbers('id'),
  ...text('project_id', 'entry_hash', 'date', 'category', 'source', 'key_event', 'market_impact', 'url', 'first_seen_date'),
  ...numbers('first_seen_week', 'first_seen_year'),
  ...booleans('is_new_this_week'),
  ...text('project_name', 'project_country', 'project_proponent', 'project_registry'),
  extraFields,
];

export const LEGACY_FORENSIC_COLUMNS: CsvColumn[] = [
  ...numbers('id'),
  ...text('project_id', 'project_name', 'proponent', 'registry', 'country'),
  ...numbers('issued'),
  ...text('run_date', 'status', 'raw_json', 'news_entries_json'),
  ...numbers('num_findings'),
  ...text('price_narrative', 'primary_risk', 'value_proposition', 'error_type', 'error_message'),
  extraFields,
];

export const COUNTRY_UPDATE_COLUMNS: CsvColumn[] = [
  ...numbers('id'),
  ...text('country_code', 'date', 'headline', 'description', 'market_impact', 'source_url'),
  ...numbers('week', 'year'),
  extraFields,
];

const FORENSIC_ENTRY_SELECT = 'e.*';

export const CSV_TABLES: Record<Exclude<ExportTable, 'boundaries'>, CsvTable> = {
  projects: {
    columns: PROJECT_COLUMNS,
    open: (db, q) => {
      const query = q as Partial<ProjectListQuery>;
      // The read model's filters and order (read_projects p), the rows as the cache holds them (t).
      return sqlSource(db, 'read_projects p JOIN projects t ON t.project_id = p.project_id', 't.*', projectWhere(query), projectOrderBy(query.sort));
    },
  },
  'credit-transactions': {
    columns: CREDIT_TRANSACTION_COLUMNS,
    open: (db, q) => {
      const query = q as Partial<CreditListAppQuery>;
      return sqlSource(db, 'read_credits c JOIN credit_transactions t ON t.id = c.id', 't.*', creditWhere(query), creditOrderBy(query.sort));
    },
  },
  buyers: {
    columns: BUYER_COLUMNS,
    open: (db, q) => buyerRows(db, q as Partial<BuyerListQuery>),
  },
  'satellite-metrics': {
    columns: SATELLITE_COLUMNS,
    // the list's filters, search and sort (satellite.list), in its order
    open: (db, q) => {
      const query = q as Partial<SatelliteListAppQuery>;
      return sqlSource(db, SATELLITE_FROM, 's.*', satelliteWhere(query), satelliteOrder(query.sort));
    },
  },
  'forensic-entries': {
    columns: FORENSIC_ENTRY_COLUMNS,
    open: (db, q) => {
      const query = q as { project_id?: string; category?: string };
      const where: Where = { clauses: [], params: [] };
      if (query.category !== undefined) {
        where.clauses.push('fold(e.category) = ?');
        where.params.push(foldCase(query.category));
      }
      if (query.project_id !== undefined) {
        where.clauses.unshift('e.project_id = ?');
        where.params.unshift(query.project_id);
        return sqlSource(db, 'project_forensic_entries e', FORENSIC_ENTRY_SELECT, where, ENTRY_ORDER);
      }
      return sqlSource(db, 'forensic_latest_entries e', FORENSIC_ENTRY_SELECT, where, ENTRY_ORDER);
    },
  },
  'legacy-forensics': {
    columns: LEGACY_FORENSIC_COLUMNS,
    open: (db, q) => {
      const query = q as Partial<LegacyForensicsQuery>;
      return sqlSource(db, 'legacy_forensics l', 'l.*', legacyForensicWhere(query), legacyForensicOrderBy(query.sort));
    },
  },
  'country-updates': {
    columns: COUNTRY_UPDATE_COLUMNS,
    open: (db, q) => {
      const query = q as { country_code?: string };
      const where: Where = { clauses: [], params: [] };
      if (query.country_code) {
        where.clauses.push('u.country_code = ?');
        where.params.push(query.country_code.toUpperCase());
      }
      return sqlSource(db, 'country_updates u', 'u.*', where, 'ORDER BY u.country_code ASC, u.position ASC, u.id ASC');
    },
  },
};

/** Throws a clear error when the cache has no such table yet (an old or unsynced cache). */
export function requireTables(db: Database.Database, names: string[]): void {
  for (const name of names) {
    if (!tableExists(db, name)) throw new ContractError('not_found', `The cache has no ${name.replace(/_/g, ' ')} yet. Sync first.`);
  }
}

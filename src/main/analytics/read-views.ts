/**
 * The read model's logical tables, `read_credits` and `read_projects`, defined once column by
 * column: as SQL over the cache's own tables (temp views on a SQLite reading connection) and as the
 * same value computed in JavaScript from a cache row (the analytical copy's tables in DuckDB, of the
 * DuckDB type given). Queries (read-dialect.ts) name only these columns, so both engines answer
 * alike. `<column>_key` is the column folded (src/shared/case-folding.ts); `project_ref` joins a
 * credit transaction to its parent project (the id exactly as stored) and `buyer_ref` groups a
 * buyer's retirements (its key): integer codes in the copy, the values themselves in SQLite; a buyer
 * is the harmonized beneficiary of a retirement, or its beneficiary as written when it has none
 * (cleanText).
 */
import type Database from 'better-sqlite3';
import { SQL_TEXT_FUNCTIONS, cleanText, foldCase } from '../../shared/case-folding';
import { naturalIdKey } from '../../shared/api/natural-id';

/** A cache row as SQLite returns it. */
export type CacheRow = Record<string, unknown>;

export interface ReadColumn {
  name: string;
  /** SQL over the cache table aliased `t`. */
  sql: string;
  /** The column's type in the analytical copy. */
  duckType: string;
  /** The same value from a row of the cache table (its columns as stored). */
  value(row: CacheRow): unknown;
  /**
   * A join or grouping key: the copy stores an integer code for the value (one per distinct value,
   * kept in its dictionary of that kind), SQLite the value itself. Only compared for equality.
   */
  code?: 'project' | 'buyer';
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));
const fold = (v: unknown): string | null => {
  const t = text(v);
  return t === null ? null : foldCase(t);
};
const json = (v: unknown): unknown[] => {
  if (typeof v !== 'string') return [];
  try {
    const parsed = JSON.parse(v) as unknown;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};
const number = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : null);

/**
 * The day (days since 1970-01-01) of a date text as SQLite's date() reads it: YYYY-MM-DD with a
 * month of 1-12 and a day of 1-31, a day past the month's end rolling into the next month; null
 * for anything else.
 */
export function dayOf(v: unknown): number | null {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return Date.UTC(y, mo - 1, d) / 86_400_000;
}
/** A date column as a day, for date bins: SQLite's date() of the text; DuckDB a DATE. */
const day = (column: string): ReadColumn => ({ name: `${column}_day`, sql: `date(t.${column})`, duckType: 'DATE', value: (r) => dayOf(r[column]) });

const asIs = (name: string, duckType: string): ReadColumn => ({ name, sql: `t.${name}`, duckType, value: (r) => (duckType === 'VARCHAR' ? text(r[name]) : number(r[name])) });
const folded = (column: string): ReadColumn => ({ name: `${column}_key`, sql: `fold(t.${column})`, duckType: 'VARCHAR', value: (r) => fold(r[column]) });
const labelled = (column: string): ReadColumn[] => [asIs(column, 'VARCHAR'), folded(column)];

/** The buyer a retirement names (see the module's comment); null for other transactions. */
const RETIREMENT = "fold(t.transaction_type) = 'retirement'";
const BUYER_SQL = 'coalesce(clean_text(t.retirement_beneficiary_harmonized), clean_text(t.retirement_beneficiary))';
const isRetirement = (r: CacheRow) => fold(r.transaction_type) === 'retirement';
const buyerOf = (r: CacheRow): string | null =>
  isRetirement(r) ? (cleanText(text(r.retirement_beneficiary_harmonized)) ?? cleanText(text(r.retirement_beneficiary))) : null;

export const READ_CREDIT_COLUMNS: readonly ReadColumn[] = [
  asIs('id', 'BIGINT'),
  { name: 'project_ref', sql: 't.project_id', duckType: 'INTEGER', value: (r) => text(r.project_id), code: 'project' },
  asIs('project_id', 'VARCHAR'),
  folded('project_id'),
  ...labelled('transaction_type'),
  asIs('vintage', 'INTEGER'),
  asIs('transaction_date', 'VARCHAR'),
  day('transaction_date'),
  asIs('quantity', 'DOUBLE'),
  folded('retirement_account'),
  folded('retirement_beneficiary'),
  folded('retirement_reason'),
  folded('retirement_note'),
  folded('retirement_beneficiary_harmonized'),
  { name: 'buyer_name', sql: `CASE WHEN ${RETIREMENT} THEN ${BUYER_SQL} END`, duckType: 'VARCHAR', value: buyerOf },
  { name: 'buyer_key', sql: `CASE WHEN ${RETIREMENT} THEN fold(${BUYER_SQL}) END`, duckType: 'VARCHAR', value: (r) => fold(buyerOf(r)) },
  { name: 'buyer_ref', sql: `CASE WHEN ${RETIREMENT} THEN fold(${BUYER_SQL}) END`, duckType: 'INTEGER', value: (r) => fold(buyerOf(r)), code: 'buyer' },
  {
    name: 'buyer_harmonized', sql: `CASE WHEN ${RETIREMENT} AND ${BUYER_SQL} IS NOT NULL THEN clean_text(t.retirement_beneficiary_harmonized) IS NOT NULL END`,
    duckType: 'TINYINT', value: (r) => (buyerOf(r) === null ? null : cleanText(text(r.retirement_beneficiary_harmonized)) !== null ? 1 : 0),
  },
];

const FLAGS = ['is_compliance', 'has_ccb', 'has_icvcm_ccp', 'has_corsia', 'has_sdvista', 'has_social_carbon', 'article6_authorized'];

export const READ_PROJECT_COLUMNS: readonly ReadColumn[] = [
  { name: 'project_ref', sql: 't.project_id', duckType: 'INTEGER', value: (r) => text(r.project_id), code: 'project' },
  asIs('project_id', 'VARCHAR'),
  folded('project_id'),
  { name: 'natural_prefix', sql: "fold(rtrim(t.project_id, '0123456789'))", duckType: 'VARCHAR', value: (r) => naturalIdKey(text(r.project_id) ?? '').prefix },
  {
    name: 'natural_number', sql: "CAST(substr(t.project_id, length(rtrim(t.project_id, '0123456789')) + 1) AS INTEGER)", duckType: 'BIGINT',
    value: (r) => naturalIdKey(text(r.project_id) ?? '').number,
  },
  ...labelled('name'),
  ...labelled('registry'),
  ...labelled('proponent'),
  ...labelled('category'),
  ...labelled('status'),
  ...labelled('country'),
  ...labelled('project_type'),
  ...labelled('corc_durability'),
  asIs('listed_at', 'VARCHAR'),
  day('listed_at'),
  asIs('first_issuance_at', 'VARCHAR'),
  asIs('first_retirement_at', 'VARCHAR'),
  asIs('issued', 'DOUBLE'),
  asIs('retired', 'DOUBLE'),
  asIs('unretired', 'DOUBLE'),
  ...FLAGS.map((f) => asIs(f, 'TINYINT')),
  // Lists: JSON text in SQLite; in DuckDB a list, and a folded copy of the lists compared ignoring case.
  { name: 'protocol', sql: 't.protocol', duckType: 'VARCHAR[]', value: (r) => json(r.protocol).map(text) },
  { name: 'protocol_keys', sql: 't.protocol', duckType: 'VARCHAR[]', value: (r) => json(r.protocol).map(fold) },
  { name: 'certifications', sql: 't.certifications', duckType: 'VARCHAR[]', value: (r) => json(r.certifications).map(text) },
  { name: 'certification_keys', sql: 't.certifications', duckType: 'VARCHAR[]', value: (r) => json(r.certifications).map(fold) },
  { name: 'sdg_goals', sql: 't.sdg_goals', duckType: 'INTEGER[]', value: (r) => json(r.sdg_goals).filter((g): g is number => typeof g === 'number') },
  { name: 'article6_authorization_types', sql: 't.article6_authorization_types', duckType: 'VARCHAR[]', value: (r) => json(r.article6_authorization_types).map(text) },
];

const viewSql = (name: string, table: string, columns: readonly ReadColumn[]) =>
  `CREATE TEMP VIEW IF NOT EXISTS ${name} AS SELECT ${columns.map((c) => `${c.sql} AS ${c.name}`).join(', ')} FROM main.${table} t`;

/** Registers the text rules and the read model's views on a connection to a cache (idempotent). */
export function prepareReadConnection(db: Database.Database): void {
  for (const [name, fn] of Object.entries(SQL_TEXT_FUNCTIONS)) db.function(name, { deterministic: true }, fn);
  db.exec(viewSql('read_credits', 'credit_transactions', READ_CREDIT_COLUMNS));
  db.exec(viewSql('read_projects', 'projects', READ_PROJECT_COLUMNS));
}

/**
 * The read model's two SQL dialects. Every list, aggregate and chart of the read model is written once
 * over the same logical tables, `read_credits` and `read_projects` (their columns: read-views.ts), and
 * runs on either engine: the analytical copy in DuckDB (copy/) or the SQLite cache itself (temp views
 * on the reading connection). What differs between the two is here and nowhere else: list columns,
 * date bins, integer division and compensated sums.
 *
 * Text keys (`<column>_key`) are folded by the one rule of src/shared/case-folding.ts in both engines
 * (SQLite: the SQL function `fold`; DuckDB: computed when rows are copied), so user text is folded in
 * JavaScript before it is bound, and neither engine's own `lower()` is ever used.
 */
import type { ChartFrequency } from '../../shared/api/values';

/** The list columns of read_projects and how their items compare. */
export type ProjectListColumn = 'protocol' | 'certifications' | 'sdg_goals' | 'article6_authorization_types';

export interface SqlDialect {
  readonly name: 'sqlite' | 'duckdb';
  /** True when an item of `column` (of projects aliased `alias`) is one of `n` bound values (folded items for protocol and certifications). */
  listHasAny(alias: string, column: ProjectListColumn, n: number): string;
  /** FROM-clause item: each item of `column` of `alias` as a row named `item` (see itemKey and itemLabel). */
  eachItem(alias: string, column: ProjectListColumn, item: string): string;
  /** The item of eachItem's row `item` as compared: folded for protocol and certifications. */
  itemKey(column: ProjectListColumn, item: string): string;
  /** The item of eachItem's row `item` as stored (for labels). */
  itemLabel(item: string): string;
  /**
   * The start of the chart bin holding the day `day` (a `<date>_day` column: Y 1 Jan, M the 1st,
   * W Sunday, D the day; null when it is no date), to group by; binLabel gives it as YYYY-MM-DD.
   */
  binStart(freq: ChartFrequency, day: string): string;
  binLabel(start: string): string;
  /** a / b rounded toward zero, both integers. */
  intDiv(a: string, b: string): string;
  /** The sum of `x` over the group as a floating point number, 0 when there is none; compensated in both engines. */
  total(x: string): string;
  /** Days from date text `a` to date text `b` (an integer; null when either is no date). */
  daysBetween(a: string, b: string): string;
  /** The larger of two numbers. */
  greatest(a: string, b: string): string;
  /** True when text `text` contains `needle` literally (no wildcards); DuckDB's contains() scans faster than instr(). */
  contains(text: string, needle: string): string;
  /** True when `expr` is one of a list of texts bound as ONE parameter (given to the engine as an array). */
  inTextList(expr: string): string;
  /** The same for a list of `*_ref` values (codes in the copy, texts in SQLite). */
  inRefList(expr: string): string;
  /** Any one value of `x` over the group (for a value the group's key decides). */
  anyValue(x: string): string;
  /** A bound date text (YYYY-MM-DD) as the engine compares it with a `<date>_day` column. */
  dayParam(): string;
  /** The value a `*_ref` of `kind` (ReadColumn.code) stands for: the ref itself in SQLite, its code's value in the copy. */
  refValue(kind: 'project' | 'buyer', ref: string): string;
}

const FOLDED_LISTS = new Set<ProjectListColumn>(['protocol', 'certifications']);
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export const SQLITE_DIALECT: SqlDialect = {
  name: 'sqlite',
  listHasAny: (alias, column, n) =>
    `EXISTS (SELECT 1 FROM json_each(${alias}.${column}) j WHERE ${FOLDED_LISTS.has(column) ? 'fold(j.value)' : 'j.value'} IN (${marks(n)}))`,
  eachItem: (alias, column, item) => `json_each(${alias}.${column}) ${item}`,
  itemKey: (column, item) => (FOLDED_LISTS.has(column) ? `fold(${item}.value)` : `${item}.value`),
  itemLabel: (item) => `${item}.value`,
  binStart: (freq, day) => {
    switch (freq) {
      case 'Y':
        return `strftime('%Y-01-01', ${day})`;
      case 'M':
        return `strftime('%Y-%m-01', ${day})`;
      case 'W':
        return `date(${day}, '-' || strftime('%w', ${day}) || ' days')`;
      case 'D':
        return day;
    }
  },
  binLabel: (start) => start,
  intDiv: (a, b) => `(${a}) / (${b})`,
  total: (x) => `total(${x})`,
  daysBetween: (a, b) => `CAST(round(julianday(${b}) - julianday(${a})) AS INTEGER)`,
  greatest: (a, b) => `max(${a}, ${b})`,
  contains: (text, needle) => `instr(${text}, ${needle}) > 0`,
  inTextList: (expr) => `${expr} IN (SELECT value FROM json_each(?))`,
  inRefList: (expr) => `${expr} IN (SELECT value FROM json_each(?))`,
  anyValue: (x) => `min(${x})`,
  dayParam: () => '?',
  refValue: (_kind, ref) => ref,
};

/** DuckDB keeps folded copies of the folded lists (`protocol_keys`, `certification_keys`) beside the lists as stored. */
const duckList = (column: ProjectListColumn) => (column === 'protocol' ? 'protocol_keys' : column === 'certifications' ? 'certification_keys' : column);

export const DUCKDB_DIALECT: SqlDialect = {
  name: 'duckdb',
  listHasAny: (alias, column, n) => `list_has_any(${alias}.${duckList(column)}, [${marks(n)}])`,
  eachItem: (alias, column, item) => `(SELECT unnest(${alias}.${duckList(column)}) AS value, unnest(${alias}.${column}) AS label) ${item}`,
  itemKey: (_column, item) => `${item}.value`,
  itemLabel: (item) => `${item}.label`,
  binStart: (freq, day) => {
    switch (freq) {
      case 'Y':
        return `date_trunc('year', ${day})`;
      case 'M':
        return `date_trunc('month', ${day})`;
      case 'W':
        return `(${day} - CAST(dayofweek(${day}) AS INTEGER))`;
      case 'D':
        return day;
    }
  },
  binLabel: (start) => `strftime(${start}, '%Y-%m-%d')`,
  intDiv: (a, b) => `((${a}) // (${b}))`,
  total: (x) => `coalesce(fsum(${x}), 0.0)`,
  daysBetween: (a, b) => `date_diff('day', TRY_CAST(${a} AS DATE), TRY_CAST(${b} AS DATE))`,
  greatest: (a, b) => `greatest(${a}, ${b})`,
  contains: (text, needle) => `contains(${text}, ${needle})`,
  inTextList: (expr) => `${expr} IN (SELECT unnest(?::VARCHAR[]))`,
  inRefList: (expr) => `${expr} IN (SELECT unnest(?::INTEGER[]))`,
  anyValue: (x) => `any_value(${x})`,
  dayParam: () => 'CAST(? AS DATE)',
  refValue: (kind, ref) => `(SELECT k.value FROM copy_codes k WHERE k.kind = '${kind}' AND k.code = ${ref})`,
};

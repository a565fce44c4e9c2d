/**
 * signals.list / signals.summary: the integrity signals the cache computed after its last sync
 * (../cache/integrity-signals.ts), with their projects' names, filtered by kind, project ids and
 * group P (through the project), sorted and paged; and `signalsOfProjects`, the signals of given
 * projects (a portfolio's holdings). A cache-only table, read on the context's SQLite connection.
 */
import type Database from 'better-sqlite3';
import type { Page } from '../../shared/api/resources';
import { SIGNAL_KINDS, type IntegritySignal, type SignalFilterInput, type SignalKind, type SignalListInput, type SignalSummary } from '../../shared/contract/claims-signals';
import { pageEnvelope, pageRequest } from './page-envelope';
import { hasProjectFilters, parentProjectWhere } from './project-filters';
import { statement } from './query-memo';
import type { ReadContext } from './read-engine';
import { SQLITE_DIALECT } from './read-dialect';
import { addClause, mergeWhere, newWhere, placeholders, whereSql, type SqlWhere } from './sql-where';
import { matchAnyExact } from './text-match';

interface SignalRecord {
  signal_key: string;
  kind: SignalKind;
  project_id: string;
  vintage: number | null;
  figures: string;
  transaction_ids: string;
  fields: string;
  detected_at: string;
  name: string | null;
  registry: string | null;
  country: string | null;
  category: string | null;
}

const SELECT = `SELECT s.signal_key, s.kind, s.project_id, s.vintage, s.figures, s.transaction_ids, s.fields, s.detected_at, p.name, p.registry, p.country, p.category
  FROM integrity_signals s LEFT JOIN projects p ON p.project_id = s.project_id`;

const SORT_COLUMNS: Record<string, string> = { kind: 's.kind', project_id: 'fold(s.project_id)', vintage: 's.vintage', detected_at: 's.detected_at' };
const DEFAULT_SORT = ['kind', 'project_id', 'vintage'];

const toSignal = (r: SignalRecord): IntegritySignal => ({
  key: r.signal_key,
  kind: r.kind,
  project_id: r.project_id,
  project_name: r.name,
  registry: r.registry,
  country: r.country,
  category: r.category,
  vintage: r.vintage,
  figures: JSON.parse(r.figures) as IntegritySignal['figures'],
  evidence: { transaction_ids: JSON.parse(r.transaction_ids) as number[], fields: JSON.parse(r.fields) as string[] },
  detected_at: r.detected_at,
});

/** The filters on integrity_signals `s`: kinds, project ids (ignoring case) and group P through the project. */
function signalWhere(q: SignalFilterInput): SqlWhere {
  const w = newWhere();
  if (q.kind?.length) addClause(w, `s.kind IN (${placeholders(q.kind.length)})`, ...q.kind);
  matchAnyExact(w, 's.project_id', q.project_id);
  if (hasProjectFilters(q)) mergeWhere(w, parentProjectWhere(SQLITE_DIALECT, q, 's.project_id'));
  return w;
}

function signalOrder(sort: readonly string[] | undefined): string {
  const keys = sort?.length ? sort : DEFAULT_SORT;
  const terms = keys.map((k) => {
    const desc = k.startsWith('-');
    const col = SORT_COLUMNS[desc ? k.slice(1) : k]!;
    return `(${col} IS NULL), ${col} ${desc ? 'DESC' : 'ASC'}`;
  });
  return `ORDER BY ${[...terms, 's.signal_key'].join(', ')}`;
}

export function listSignals(ctx: ReadContext, q: SignalListInput): Page<IntegritySignal> {
  const req = pageRequest(q);
  const w = signalWhere(q);
  const total = (statement(ctx.db, `SELECT count(*) AS n FROM integrity_signals s ${whereSql(w)}`).get(...w.params) as { n: number }).n;
  const rows = req.offset >= total ? [] : (statement(ctx.db, `${SELECT} ${whereSql(w)} ${signalOrder(q.sort)} LIMIT ? OFFSET ?`).all(...w.params, req.perPage, req.offset) as SignalRecord[]);
  return pageEnvelope('/signals', { ...q }, req, total, rows.map(toSignal));
}

export function signalSummary(ctx: ReadContext, q: SignalFilterInput): SignalSummary {
  const w = signalWhere(q);
  const rows = statement(ctx.db, `SELECT s.kind, count(*) AS signals, count(DISTINCT s.project_id) AS projects FROM integrity_signals s ${whereSql(w)} GROUP BY s.kind`).all(...w.params) as Array<{ kind: SignalKind; signals: number; projects: number }>;
  const all = statement(ctx.db, `SELECT count(*) AS total, count(DISTINCT s.project_id) AS projects FROM integrity_signals s ${whereSql(w)}`).get(...w.params) as { total: number; projects: number };
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return {
    total: all.total,
    projects: all.projects,
    by_kind: SIGNAL_KINDS.map((kind) => ({ kind, signals: byKind.get(kind)?.signals ?? 0, projects: byKind.get(kind)?.projects ?? 0 })),
  };
}

/** Every signal of the projects `projectIds` (ids ignoring case), in the list's default order. */
export function signalsOfProjects(ctx: ReadContext | { db: Database.Database }, projectIds: readonly string[]): IntegritySignal[] {
  if (!projectIds.length) return [];
  const w = newWhere();
  matchAnyExact(w, 's.project_id', projectIds);
  return (statement(ctx.db, `${SELECT} ${whereSql(w)} ${signalOrder(undefined)}`).all(...w.params) as SignalRecord[]).map(toSignal);
}

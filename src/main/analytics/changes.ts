/**
 * The change log as the user reads it: what moved since the last sync, the last N days or a date —
 * discrete changes (projects new, gone or changed, forensic entries, memos, satellite metrics,
 * country policy) and new credit transactions summed per project, buyer and type — with filters
 * (kinds, watched only, a project, buyer or country) and a summary per kind for badges.
 */
import type Database from 'better-sqlite3';
import { foldCase } from '../../shared/case-folding';
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind, type ChangeSummary, type ParsedInput } from '../../shared/contract';
import { statement } from './query-memo';
import { sameId } from './text-match';
import { pageEnvelope, pageRequest } from './page-envelope';
import type { Page } from '../../shared/api/resources';

type ChangesQuery = ParsedInput<'changes.list'>;

/** Every change as one row shape: discrete changes and credit groups side by side. */
const CHANGES_SQL = `
  SELECT 'c' || l.id AS key, l.run_id, l.detected_at, l.kind, l.project_id, NULL AS buyer, l.country, l.field, l.old_value, l.new_value, l.ref, l.summary,
         NULL AS transactions, NULL AS quantity, NULL AS transaction_type, 0 AS kind_order, l.id AS seq
    FROM change_log l
  UNION ALL
  SELECT 't' || g.run_id || ':' || g.project_id || ':' || g.buyer || ':' || g.transaction_type, g.run_id, g.detected_at, 'credit_transactions_new', g.project_id,
         g.buyer, NULL, NULL, NULL, NULL, NULL,
         g.transactions || ' new ' || g.transaction_type || (CASE WHEN g.transactions = 1 THEN '' ELSE 's' END) || ' of ' || g.project_id || ' (' || CAST(round(g.quantity) AS INTEGER) || ' tCO2e)'
           || (CASE WHEN g.buyer <> '' THEN ' by ' || g.buyer ELSE '' END),
         g.transactions, g.quantity, g.transaction_type, 1, 0
    FROM change_credit_groups g`;

/** Whether a change concerns a watched item (its project, its buyer, or its country, by code or name). */
const WATCHED_SQL = `(
  c.project_id IN (SELECT item_id FROM watched_items WHERE kind = 'project')
  OR (c.buyer <> '' AND fold(c.buyer) IN (SELECT fold(item_id) FROM watched_items WHERE kind = 'buyer'))
  OR c.country IN (SELECT item_id FROM watched_items WHERE kind = 'country')
  OR c.country IN (SELECT pc.country FROM project_countries pc JOIN watched_items w ON w.kind = 'country' AND w.item_id = pc.country_code)
  OR c.project_id IN (SELECT p.project_id FROM projects p JOIN project_countries pc ON pc.country = p.country
       JOIN watched_items w ON w.kind = 'country' AND w.item_id = pc.country_code)
)`;

/** The first run counted by `since`: 'last_sync' (the runs after the previous completed one), a date, or a run id. */
function fromRun(db: Database.Database, since: ChangesQuery['since']): { run: number; at: string | null } | null {
  const latest = statement(db, 'SELECT max(run_id) AS run FROM sync_runs').get() as { run: number | null };
  if (latest.run === null) return null;
  if (typeof since === 'number') return runStart(db, since);
  if (since && since !== 'last_sync') {
    const r = statement(db, 'SELECT min(run_id) AS run FROM sync_runs WHERE started_at >= ?').get(since) as { run: number | null };
    return { run: r.run ?? latest.run + 1, at: `${since}T00:00:00.000Z` };
  }
  const finished = statement(db, 'SELECT run_id FROM sync_runs WHERE finished_at IS NOT NULL ORDER BY run_id DESC LIMIT 2').all() as Array<{ run_id: number }>;
  // The last completed sync and the interrupted runs just before it; with one completed sync, that one.
  const from = finished.length === 2 ? finished[1]!.run_id + 1 : (finished[0]?.run_id ?? latest.run);
  return runStart(db, from);
}

function runStart(db: Database.Database, run: number): { run: number; at: string | null } {
  const r = statement(db, 'SELECT started_at FROM sync_runs WHERE run_id >= ? ORDER BY run_id LIMIT 1').get(run) as { started_at: string } | undefined;
  return { run, at: r?.started_at ?? null };
}

function where(db: Database.Database, q: ChangesQuery): { sql: string; params: unknown[]; from: { run: number; at: string | null } | null } {
  const from = fromRun(db, q.since);
  const clauses: string[] = ['c.run_id >= ?'];
  const params: unknown[] = [from?.run ?? Number.MAX_SAFE_INTEGER];
  if (q.kinds?.length) {
    clauses.push(`c.kind IN (${q.kinds.map(() => '?').join(', ')})`);
    params.push(...q.kinds);
  }
  if (q.project_id) {
    const [clause, param] = sameId('c.project_id', q.project_id);
    clauses.push(clause);
    params.push(param);
  }
  if (q.buyer) {
    clauses.push('fold(c.buyer) = ?');
    params.push(foldCase(q.buyer));
  }
  if (q.country) {
    // A country by its name as the registries write it (the folding rule) or by its ISO code.
    const folded = foldCase(q.country);
    clauses.push('(fold(c.country) = ? OR c.country IN (SELECT country FROM project_countries WHERE country_code = upper(?)) OR c.project_id IN (SELECT project_id FROM projects WHERE fold(country) = ?))');
    params.push(folded, q.country, folded);
  }
  if (q.watched_only) clauses.push(WATCHED_SQL);
  return { sql: `WHERE ${clauses.join(' AND ')}`, params, from };
}

type Row = Omit<ChangeEntry, 'watched' | 'project_name'> & { watched: number; project_name: string | null };

export function listChanges(db: Database.Database, q: ChangesQuery): Page<ChangeEntry> {
  const req = pageRequest(q);
  const w = where(db, q);
  const base = `FROM (${CHANGES_SQL}) c LEFT JOIN projects p ON p.project_id = c.project_id ${w.sql}`;
  const total = (statement(db, `SELECT count(*) AS n ${base}`).get(...w.params) as { n: number }).n;
  // Watched items first, then by kind (in the log's order) and time.
  const kindOrder = `CASE c.kind ${CHANGE_KINDS.map((k, i) => `WHEN '${k}' THEN ${i}`).join(' ')} END`;
  const rows = statement(db, `SELECT c.key, c.run_id, c.detected_at, c.kind, c.project_id, p.name AS project_name, c.buyer, c.country, c.field, c.old_value,
        c.new_value, c.ref, c.summary, c.transactions, c.quantity, c.transaction_type, ${WATCHED_SQL} AS watched
      ${base} ORDER BY watched DESC, ${kindOrder}, c.project_id, c.buyer, c.transaction_type, c.seq LIMIT ? OFFSET ?`)
    .all(...w.params, req.perPage, req.offset) as Row[];
  const data = rows.map((r) => ({ ...r, watched: r.watched === 1 }));
  return pageEnvelope('/changes', q as Record<string, unknown>, req, total, data);
}

export function changesSummary(db: Database.Database, q: ParsedInput<'changes.summary'>): ChangeSummary {
  const w = where(db, { since: q.since });
  const counts = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const r of statement(db, `SELECT c.kind, count(*) AS n, sum(c.transactions) AS t FROM (${CHANGES_SQL}) c ${w.sql} GROUP BY c.kind`).all(...w.params) as Array<{ kind: ChangeKind; n: number; t: number | null }>) {
    counts[r.kind] = r.kind === 'credit_transactions_new' ? (r.t ?? 0) : r.n;
  }
  const volume = (statement(db, `SELECT total(c.quantity) AS v FROM (${CHANGES_SQL}) c ${w.sql} AND c.kind = 'credit_transactions_new'`).get(...w.params) as { v: number }).v;
  const watched = (statement(db, `SELECT count(*) AS n FROM (${CHANGES_SQL}) c ${w.sql} AND ${WATCHED_SQL}`).get(...w.params) as { n: number }).n;
  const last = statement(db, 'SELECT max(run_id) AS run FROM sync_runs').get() as { run: number | null };
  // The first completed sync (with the interrupted runs before it) is the baseline: nothing it wrote is a change.
  const first = statement(db, 'SELECT run_id, finished_at FROM sync_runs WHERE finished_at IS NOT NULL ORDER BY run_id LIMIT 1').get() as { run_id: number; finished_at: string } | undefined;
  return {
    since: w.from?.at ?? null,
    runs: w.from && last.run !== null ? { from: w.from.run, to: last.run } : null,
    counts: { ...counts, credit_volume_new: volume },
    watched,
    baseline: first && w.from && w.from.run <= first.run_id ? { finishedAt: first.finished_at } : null,
  };
}

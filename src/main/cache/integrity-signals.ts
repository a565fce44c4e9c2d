/**
 * Integrity signals, recomputed set-based from the cached credit transactions and projects at the
 * end of every sync run, in the run's closing transaction (definitions: docs/integrity-signals.md).
 * A signal is named by what it rests on (`signal_key`): one that still holds keeps its row and its
 * detected_at, one found now is inserted, one that no longer holds is deleted; new and resolved
 * signals go to the change log under the run (not on the first computation, the baseline).
 */
import type Database from 'better-sqlite3';
import type { SignalKind } from '../../shared/contract/claims-signals';
import { nowIso } from './repositories/sql-values';

/** At most this many transaction ids are kept as a signal's evidence (the largest first). */
const EVIDENCE_IDS = 50;
/** The fact that says the signals were computed once (later computations log their changes). */
const COMPUTED_FACT = 'signals_computed_at';

export interface SignalRow {
  signal_key: string;
  kind: SignalKind;
  project_id: string;
  vintage: number | null;
  figures: Record<string, number | string | null>;
  transaction_ids: number[];
  fields: string[];
}

/** A transaction's type as compared: folded (the common spellings are folded already). */
const TYPE = "CASE WHEN t.transaction_type IN ('issuance', 'retirement', 'cancellation') THEN t.transaction_type ELSE fold(t.transaction_type) END";
/** The earliest day of a type's dated transactions in a group. */
const first = (type: string) => `min(CASE WHEN type = '${type}' THEN day END)`;

interface VintageRow {
  project_id: string;
  vintage: number | null;
  issued: number;
  retired: number;
  cancelled: number;
  first_issuance: string | null;
  first_retirement: string | null;
  max_retirement: number | null;
}

const daysFrom = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const minText = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a <= b ? a : b);
const keyOf = (...parts: Array<string | number | null>) => parts.map((p) => (p === null ? '' : String(p))).join('|');

/** Whether the credit transactions are completely synced: the credits job's last pass completed and none is under way. */
function creditsComplete(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sync_state WHERE job = 'credits' AND state = 'done' AND cursor IS NULL AND last_success_at IS NOT NULL").get() !== undefined;
}

/** Every signal the cache's data holds now. */
export function computeSignals(db: Database.Database, opts: { creditsComplete?: boolean } = {}): SignalRow[] {
  const out: SignalRow[] = [];
  const vintages = db.prepare(`
    WITH c AS (SELECT t.id, t.project_id, t.vintage, t.quantity, date(t.transaction_date) AS day, ${TYPE} AS type
      FROM credit_transactions t WHERE t.project_id IS NOT NULL)
    SELECT project_id, vintage,
      total(CASE WHEN type = 'issuance' THEN quantity END) AS issued,
      total(CASE WHEN type = 'retirement' THEN quantity END) AS retired,
      total(CASE WHEN type = 'cancellation' THEN quantity END) AS cancelled,
      ${first('issuance')} AS first_issuance, ${first('retirement')} AS first_retirement,
      max(CASE WHEN type = 'retirement' THEN quantity END) AS max_retirement
    FROM c GROUP BY project_id, vintage`).all() as VintageRow[];
  const ofVintage = db.prepare(`SELECT t.id FROM credit_transactions t WHERE t.project_id = ? AND t.vintage = ? AND ${TYPE} IN ('retirement', 'cancellation')
    ORDER BY t.quantity DESC, t.id LIMIT ${EVIDENCE_IDS}`).pluck();
  // The transaction of a type on a day in a project (and vintage, unless null): the smallest id.
  const firstOn = db.prepare(`SELECT t.id FROM credit_transactions t
    WHERE t.project_id = @p AND (@v IS NULL OR t.vintage = @v) AND ${TYPE} = @type AND date(t.transaction_date) = @day ORDER BY t.id LIMIT 1`).pluck();
  const ofProject = db.prepare(`SELECT t.id FROM credit_transactions t WHERE t.project_id = ? AND ${TYPE} IN ('retirement', 'cancellation')
    ORDER BY t.quantity DESC, t.id LIMIT ${EVIDENCE_IDS}`).pluck();
  // A known vintage is checked on its own; the project as a whole (vintage null) over every vintage,
  // those without a vintage included, which no single vintage can be held to.
  const perProject = new Map<string, VintageRow>();
  const groups: VintageRow[] = [];
  for (const v of vintages) {
    if (v.vintage !== null) groups.push(v);
    const p = perProject.get(v.project_id);
    if (!p) {
      perProject.set(v.project_id, { ...v, vintage: null });
      continue;
    }
    p.issued += v.issued;
    p.retired += v.retired;
    p.cancelled += v.cancelled;
    p.first_issuance = minText(p.first_issuance, v.first_issuance);
    p.first_retirement = minText(p.first_retirement, v.first_retirement);
    p.max_retirement = v.max_retirement === null ? p.max_retirement : Math.max(p.max_retirement ?? -Infinity, v.max_retirement);
  }
  for (const v of [...groups, ...perProject.values()]) {
    if (v.retired + v.cancelled > v.issued) {
      out.push({
        signal_key: keyOf('retired_exceeds_issued', v.project_id, v.vintage), kind: 'retired_exceeds_issued', project_id: v.project_id, vintage: v.vintage,
        figures: { issued: v.issued, retired: v.retired, cancelled: v.cancelled, excess: v.retired + v.cancelled - v.issued },
        transaction_ids: (v.vintage === null ? ofProject.all(v.project_id) : ofVintage.all(v.project_id, v.vintage)) as number[],
        fields: ['credit_transactions.quantity', 'credit_transactions.transaction_type', 'credit_transactions.vintage'],
      });
    }
    const fi = v.first_issuance;
    const fr = v.first_retirement;
    if (fi !== null && fr !== null && fr < fi) {
      const idOf = (type: string, day: string) => firstOn.get({ p: v.project_id, v: v.vintage, type, day }) as number;
      out.push({
        signal_key: keyOf('retirement_before_issuance', v.project_id, v.vintage), kind: 'retirement_before_issuance', project_id: v.project_id, vintage: v.vintage,
        figures: { first_retirement_date: fr, first_issuance_date: fi, days_before: daysFrom(fr, fi) },
        transaction_ids: [idOf('retirement', fr), idOf('issuance', fi)],
        fields: ['credit_transactions.transaction_date', 'credit_transactions.transaction_type', 'credit_transactions.vintage'],
      });
    }
  }
  const projects = db.prepare('SELECT project_id, issued, retired FROM projects').all() as Array<{ project_id: string; issued: number; retired: number }>;
  if (opts.creditsComplete ?? creditsComplete(db)) {
    for (const p of projects) {
      const cached = perProject.get(p.project_id) ?? { issued: 0, retired: 0 };
      for (const field of ['issued', 'retired'] as const) {
        const listed = p[field];
        const sum = cached[field];
        const difference = sum - listed;
        // More than 1% of the listed figure and more than 1,000 t (the 1% compared without dividing).
        if (Math.abs(difference) * 100 > Math.abs(listed) && Math.abs(difference) > 1000) {
          out.push({
            signal_key: keyOf('totals_mismatch', p.project_id, field), kind: 'totals_mismatch', project_id: p.project_id, vintage: null,
            figures: { field, listed, cached: sum, difference, relative: listed === 0 ? null : difference / listed },
            transaction_ids: [],
            fields: [`projects.${field}`, 'credit_transactions.quantity', 'credit_transactions.transaction_type'],
          });
        }
      }
    }
  }
  // Only projects whose largest retirement reaches half their issuance are read again, by their index.
  const largeOf = db.prepare(`SELECT t.id, t.vintage, t.quantity FROM credit_transactions t
    WHERE t.project_id = ? AND t.quantity * 2 >= ? AND ${TYPE} = 'retirement' ORDER BY t.id`);
  const large: Array<{ id: number; project_id: string; vintage: number | null; quantity: number; issued: number }> = [];
  for (const p of projects) {
    const max = perProject.get(p.project_id)?.max_retirement ?? null;
    if (p.issued > 0 && max !== null && max * 2 >= p.issued) {
      for (const r of largeOf.all(p.project_id, p.issued) as Array<{ id: number; vintage: number | null; quantity: number }>) large.push({ ...r, project_id: p.project_id, issued: p.issued });
    }
  }
  for (const r of large) {
    out.push({
      signal_key: keyOf('large_retirement', r.project_id, r.id), kind: 'large_retirement', project_id: r.project_id, vintage: r.vintage,
      figures: { quantity: r.quantity, project_issued: r.issued, share: r.quantity / r.issued },
      transaction_ids: [r.id],
      fields: ['credit_transactions.quantity', 'projects.issued'],
    });
  }
  return out;
}

export interface SignalRecompute {
  signals: number;
  added: number;
  resolved: number;
  ms: number;
}

/** Recomputes the table and logs what moved under `run`. Call inside a write transaction. */
export function recomputeSignals(db: Database.Database, run: number): SignalRecompute {
  const t0 = performance.now();
  const at = nowIso();
  const now = computeSignals(db);
  const before = new Map((db.prepare('SELECT signal_key, kind, project_id, vintage FROM integrity_signals').all() as Array<{ signal_key: string; kind: string; project_id: string; vintage: number | null }>).map((r) => [r.signal_key, r]));
  const logs = db.prepare(`SELECT 1 FROM cache_facts WHERE key = ?`).get(COMPUTED_FACT) !== undefined
    && db.prepare("SELECT 1 FROM cache_facts WHERE key = 'change_log' AND value = 'off'").get() === undefined;
  const insert = db.prepare(`INSERT INTO integrity_signals (signal_key, kind, project_id, vintage, figures, transaction_ids, fields, detected_at, run_id)
    VALUES (@signal_key, @kind, @project_id, @vintage, @figures, @transaction_ids, @fields, @at, @run)
    ON CONFLICT (signal_key) DO UPDATE SET figures = excluded.figures, transaction_ids = excluded.transaction_ids, fields = excluded.fields, vintage = excluded.vintage`);
  const remove = db.prepare('DELETE FROM integrity_signals WHERE signal_key = ?');
  const log = db.prepare(`INSERT INTO change_log (run_id, detected_at, kind, project_id, country, field, old_value, new_value, ref, summary)
    VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`);
  let added = 0;
  for (const s of now) {
    const known = before.delete(s.signal_key);
    insert.run({ ...s, figures: JSON.stringify(s.figures), transaction_ids: JSON.stringify(s.transaction_ids), fields: JSON.stringify(s.fields), at, run });
    if (known) continue;
    added++;
    if (logs) log.run(run, at, 'signals_new', s.project_id, s.kind, null, JSON.stringify(s.figures), s.signal_key, `${s.kind.replace(/_/g, ' ')}${s.vintage === null ? '' : ` (vintage ${s.vintage})`}`);
  }
  for (const gone of before.values()) {
    remove.run(gone.signal_key);
    if (logs) log.run(run, at, 'signals_resolved', gone.project_id, gone.kind, null, null, gone.signal_key, `${gone.kind.replace(/_/g, ' ')} resolved${gone.vintage === null ? '' : ` (vintage ${gone.vintage})`}`);
  }
  db.prepare('INSERT INTO cache_facts (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(COMPUTED_FACT, at);
  return { signals: now.length, added, resolved: before.size, ms: performance.now() - t0 };
}

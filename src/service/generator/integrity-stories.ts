/**
 * A few projects whose own numbers do not add up, so the app's integrity signals have something to
 * show on a fresh demo market: a vintage retired beyond what was issued of it, a vintage retired
 * before its first issuance, a listed total that differs from the project's transactions, and one
 * retirement of half the project's issuance. Each is made by changing existing rows (never adding
 * any, so the transactions keep their ids and count), the project's listed totals following the
 * changed quantities so that only the intended story shows. What was changed is recorded in
 * meta `integrity_stories`.
 */
import Database from 'better-sqlite3';
import { addDays } from '../calendar';
import type { Db } from '../store/open-store';
import type { Rng } from './rng';

/** How many stories of each kind: a few, whatever the scale. */
const PER_KIND = 3;

export interface IntegrityStories {
  retired_exceeds_issued: Array<{ project_id: string; vintage: number; credit_id: number }>;
  retirement_before_issuance: Array<{ project_id: string; vintage: number; credit_id: number }>;
  totals_mismatch: Array<{ project_id: string; listed_issued: number }>;
  large_retirement: Array<{ project_id: string; credit_id: number }>;
}

interface VintageRow {
  project_id: string;
  vintage: number;
  issued: number;
  out: number;
  first_issuance: string | null;
  project_issued: number;
  /** The vintage's largest retirement (id and quantity) and its earliest (id, date). */
  big_id: number | null;
  big_quantity: number | null;
  early_id: number | null;
  early_date: string | null;
}

/** Picks up to `n` of `items` (in their given order) without repeating a project. */
function pickSome<T extends { project_id: string }>(rng: Rng, items: readonly T[], n: number, used: Set<string>): T[] {
  const pool = items.filter((i) => !used.has(i.project_id));
  const out: T[] = [];
  while (out.length < n && pool.length) {
    const [item] = pool.splice(Math.floor(rng.float() * pool.length), 1);
    if (used.has(item!.project_id)) continue;
    used.add(item!.project_id);
    out.push(item!);
  }
  return out;
}

export function writeIntegrityStories(db: Db, rng: Rng): IntegrityStories {
  const rows = db.prepare(`
    WITH v AS (
      SELECT project_id, vintage,
        total(CASE WHEN transaction_type = 'issuance' THEN quantity END) AS issued,
        total(CASE WHEN transaction_type IN ('retirement', 'cancellation') THEN quantity END) AS out,
        min(CASE WHEN transaction_type = 'issuance' THEN transaction_date END) AS first_issuance
      FROM credits WHERE vintage IS NOT NULL AND quantity IS NOT NULL GROUP BY project_id, vintage),
    r AS (
      SELECT id, project_id, vintage, quantity, transaction_date,
        row_number() OVER (PARTITION BY project_id, vintage ORDER BY quantity DESC, id) AS by_size,
        row_number() OVER (PARTITION BY project_id, vintage ORDER BY transaction_date, id) AS by_date
      FROM credits WHERE transaction_type = 'retirement' AND vintage IS NOT NULL AND quantity IS NOT NULL AND transaction_date IS NOT NULL)
    SELECT v.project_id, v.vintage, v.issued, v.out, v.first_issuance, p.issued AS project_issued,
      big.id AS big_id, big.quantity AS big_quantity, early.id AS early_id, early.transaction_date AS early_date
    FROM v JOIN projects p ON p.project_id = v.project_id
      LEFT JOIN r big ON big.project_id = v.project_id AND big.vintage = v.vintage AND big.by_size = 1
      LEFT JOIN r early ON early.project_id = v.project_id AND early.vintage = v.vintage AND early.by_date = 1
    WHERE p.issued > 0 AND v.issued > 0
    ORDER BY v.project_id, v.vintage`).all() as VintageRow[];
  const used = new Set<string>();
  const setQuantity = db.prepare('UPDATE credits SET quantity = ? WHERE id = ?');
  const addRetired = db.prepare('UPDATE projects SET retired = retired + ? WHERE project_id = ?');
  const stories: IntegrityStories = { retired_exceeds_issued: [], retirement_before_issuance: [], totals_mismatch: [], large_retirement: [] };

  // A vintage retired beyond its issuance by a few hundred tonnes, its retirement still under half the project.
  const over = rows.filter((r) => r.big_id !== null && (r.big_quantity! + r.issued - r.out + 1000) * 2 < r.project_issued);
  for (const r of pickSome(rng, over, PER_KIND, used)) {
    const delta = r.issued - r.out + rng.int(50, 900);
    setQuantity.run(r.big_quantity! + delta, r.big_id);
    addRetired.run(delta, r.project_id);
    stories.retired_exceeds_issued.push({ project_id: r.project_id, vintage: r.vintage, credit_id: r.big_id! });
  }

  // A vintage's first retirement moved to before its first issuance (still after the vintage year began).
  const early = rows.filter((r) => r.early_id !== null && r.first_issuance !== null && r.early_date! >= r.first_issuance && r.first_issuance > `${r.vintage}-06-30`);
  const setDate = db.prepare('UPDATE credits SET transaction_date = ? WHERE id = ?');
  const firstRetirement = db.prepare('UPDATE projects SET first_retirement_at = min(coalesce(first_retirement_at, ?), ?) WHERE project_id = ?');
  for (const r of pickSome(rng, early, PER_KIND, used)) {
    const day = addDays(r.first_issuance!.slice(0, 10), -rng.int(3, 120));
    setDate.run(day, r.early_id);
    firstRetirement.run(day, day, r.project_id);
    stories.retirement_before_issuance.push({ project_id: r.project_id, vintage: r.vintage, credit_id: r.early_id! });
  }

  // A listed issued total a few percent above the project's issuances.
  const listed = [...new Map(rows.map((r) => [r.project_id, r])).values()];
  const setIssued = db.prepare('UPDATE projects SET issued = ? WHERE project_id = ?');
  for (const r of pickSome(rng, listed, PER_KIND, used)) {
    const issued = r.project_issued + Math.max(1500, Math.round(r.project_issued * (0.02 + rng.float() * 0.06)));
    setIssued.run(issued, r.project_id);
    stories.totals_mismatch.push({ project_id: r.project_id, listed_issued: issued });
  }

  // One retirement grown to half the project's issuance, within what its vintage still holds.
  const large = rows.filter((r) => r.big_id !== null && r.big_quantity! * 2 < r.project_issued && r.issued - r.out >= Math.ceil(r.project_issued / 2) - r.big_quantity!);
  for (const r of pickSome(rng, large, PER_KIND, used)) {
    const quantity = Math.ceil(r.project_issued / 2);
    setQuantity.run(quantity, r.big_id);
    addRetired.run(quantity - r.big_quantity!, r.project_id);
    stories.large_retirement.push({ project_id: r.project_id, credit_id: r.big_id! });
  }
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('integrity_stories', ?)").run(JSON.stringify(stories));
  return stories;
}

/** Every project a story changed. */
export function storyProjects(stories: IntegrityStories): Set<string> {
  return new Set(Object.values(stories).flatMap((list: Array<{ project_id: string }>) => list.map((x) => x.project_id)));
}

/** The stories of the market in the service database at `dbPath` (for tests of the market's coherence). */
export function readIntegrityStories(dbPath: string): IntegrityStories {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const raw = db.prepare("SELECT value FROM meta WHERE key = 'integrity_stories'").pluck().get() as string | undefined;
    return raw ? (JSON.parse(raw) as IntegrityStories) : { retired_exceeds_issued: [], retirement_before_issuance: [], totals_mismatch: [], large_retirement: [] };
  } finally {
    db.close();
  }
}

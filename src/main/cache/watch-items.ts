/** The watchlist as the user sees it: each watched project, buyer and country with its name and freshness. */
import type Database from 'better-sqlite3';
import { isAscii } from '../../shared/case-folding';
import type { WatchItem } from '../../shared/contract';
import type { MirrorRepository } from './repositories/mirror-repository';

type Row = { name: string | null; cached: number; fetched_at: string | null };

const LOOKUP: Record<WatchItem['kind'], string> = {
  project: `SELECT p.name AS name, 1 AS cached,
      (SELECT max(fetched_at) FROM mirror_items WHERE item_id = p.project_id AND resource IN ('boundary', 'dossier', 'detail')) AS fetched_at
    FROM projects p WHERE p.project_id = ?`,
  // A buyer is its harmonized name, or the beneficiary as written where it has none (the Buyers
  // view's rule), matched by the folding rule; an ASCII name is first sought by SQLite's NOCASE,
  // which skips calling the folding function on every other transaction.
  buyer: `SELECT coalesce(clean_text(retirement_beneficiary_harmonized), clean_text(retirement_beneficiary)) AS name, 1 AS cached,
      (SELECT last_success_at FROM sync_state WHERE job = 'credits') AS fetched_at
    FROM credit_transactions
    WHERE (NOT @ascii OR trim(retirement_beneficiary_harmonized) = @id COLLATE NOCASE OR trim(retirement_beneficiary) = @id COLLATE NOCASE)
      AND fold(coalesce(clean_text(retirement_beneficiary_harmonized), clean_text(retirement_beneficiary))) = fold(@id) LIMIT 1`,
  country: `SELECT coalesce(c.country_name, (SELECT country FROM project_countries WHERE country_code = c.country_code LIMIT 1)) AS name, 1 AS cached,
      (SELECT fetched_at FROM mirror_items WHERE resource = 'countryUpdates' AND item_id = c.country_code) AS fetched_at
    FROM country_profiles c WHERE c.country_code = ?`,
};

export function watchItems(db: Database.Database, mirror: MirrorRepository): WatchItem[] {
  return mirror.watched().map((w) => {
    const row = db.prepare(LOOKUP[w.kind]).get(w.kind === 'buyer' ? { id: w.id, ascii: isAscii(w.id) ? 1 : 0 } : w.id) as Row | undefined;
    const fallback = w.kind === 'project' ? (db.prepare("SELECT last_success_at FROM sync_state WHERE job = 'projects'").pluck().get() as string | null | undefined) : null;
    return { kind: w.kind, id: w.id, added_at: w.added_at, name: row?.name ?? null, cached: Boolean(row?.cached), fetched_at: row?.fetched_at ?? fallback ?? null };
  });
}

/**
 * The trigram index of project ids and names (`projects_fts`, FTS5) as a way into the project
 * `search`: the rows whose id or name holds the needle's trigrams, a superset of the substring
 * matches (FTS5 folds every letter's case; instr(lower()) only ASCII ones, and a character it does
 * not fold matches only itself), so the exact test still decides. It is complete except while a
 * first projects pass has set its triggers aside (deferred_schema); then, and for needles of fewer
 * than three characters (no trigram), the search scans every project.
 */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';

/** An FTS5 string literal that matches `text` as a phrase, whatever it contains. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** The MATCH argument for `needle` in the id or the name, or null when the index cannot narrow it (fewer than three characters). */
export function projectSearchMatch(needle: string | undefined): string | null {
  if (needle === undefined || [...needle].length < 3) return null;
  return `{project_id name} : ${ftsPhrase(needle)}`;
}

/** Whether the trigram index holds every cached project now (no first pass has set it aside). */
export const projectSearchIndexComplete = (db: Database.Database): boolean =>
  statement(db, "SELECT 1 FROM deferred_schema WHERE tbl = 'projects' LIMIT 1").get() === undefined;

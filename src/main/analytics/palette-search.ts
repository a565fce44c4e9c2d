/**
 * The command palette's search: projects by id or name (the trigram index for 3+ characters; a
 * substring scan for shorter input, and while a first projects pass has set the index aside), buyers
 * by harmonized name, countries by name or code. Exact and prefix matches rank first. With the
 * hits, how many of each kind match in all, so the palette can say "20 of 142" truthfully.
 */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';
import type { PaletteHit, PaletteSearch } from '../../shared/contract';
import { rollupFresh } from './rollup-state';
import { containsSql } from './text-match';
import { projectSearchIndexComplete, projectSearchMatch } from './project-search-index';

const DEFAULT_LIMIT = 10;

function rank(label: string, id: string, query: string): number {
  const q = query.toLowerCase();
  const l = label.toLowerCase();
  const i = id.toLowerCase();
  if (i === q || l === q) return 0;
  if (i.startsWith(q) || l.startsWith(q)) return 1;
  return 2;
}

export function paletteSearch(db: Database.Database, args: { query: string; limit?: number }): PaletteSearch {
  const query = args.query.trim();
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (!query) return { hits: [], matches: { projects: 0, buyers: 0, countries: 0 } };
  const scan = limit * 5;

  const match = projectSearchIndexComplete(db) ? projectSearchMatch(query) : null;
  const projectFrom = match !== null
    ? { sql: `FROM projects_fts f JOIN projects p ON p.rowid = f.rowid WHERE projects_fts MATCH ? AND (${containsSql('p.project_id')} OR ${containsSql('p.name')})`, params: [match, query, query] }
    : { sql: `FROM projects p WHERE ${containsSql('p.project_id')} OR ${containsSql('p.name')}`, params: [query, query] };
  const projects = statement(db, `SELECT p.project_id, p.name, p.registry, p.country ${projectFrom.sql} LIMIT ?`)
    .all(...projectFrom.params, scan) as Array<{ project_id: string; name: string | null; registry: string | null; country: string | null }>;
  const projectCount = projects.length < scan ? projects.length : (statement(db, `SELECT count(*) AS n ${projectFrom.sql}`).get(...projectFrom.params) as { n: number }).n;

  const buyerFrom = rollupFresh(db, 'buyers')
    ? { sql: `FROM agg_buyers WHERE ${containsSql('buyer_name')}`, select: 'buyer_name', order: 'ORDER BY total_volume DESC' }
    : {
        sql: `FROM credit_transactions WHERE transaction_type = 'retirement' AND ${containsSql('retirement_beneficiary_harmonized')}
              GROUP BY retirement_beneficiary_harmonized COLLATE NOCASE`,
        select: 'retirement_beneficiary_harmonized AS buyer_name',
        order: 'ORDER BY total(quantity) DESC',
      };
  const buyers = statement(db, `SELECT ${buyerFrom.select} ${buyerFrom.sql} ${buyerFrom.order} LIMIT ?`).all(query, scan) as Array<{ buyer_name: string }>;
  const buyerCount = buyers.length < scan ? buyers.length : (statement(db, `SELECT count(*) AS n FROM (SELECT 1 ${buyerFrom.sql})`).get(query) as { n: number }).n;

  const countryFrom = `FROM projects p LEFT JOIN project_countries pc ON pc.country = p.country
      WHERE p.country IS NOT NULL AND (${containsSql('p.country')} OR lower(pc.country_code) = lower(?)) GROUP BY p.country`;
  const countryRows = statement(db, `SELECT p.country AS country, pc.country_code AS code, count(*) AS projects ${countryFrom} LIMIT ?`)
    .all(query, query, scan) as Array<{ country: string; code: string | null; projects: number }>;
  const countryCount = countryRows.length < scan ? countryRows.length : (statement(db, `SELECT count(*) AS n FROM (SELECT 1 ${countryFrom})`).get(query, query) as { n: number }).n;

  const hits: Array<PaletteHit & { rank: number; order: number }> = [];
  projects.forEach((p, order) =>
    hits.push({
      kind: 'project', id: p.project_id, label: p.name ?? p.project_id,
      detail: null, registry: p.registry, country: p.country,
      rank: rank(p.name ?? '', p.project_id, query), order,
    }),
  );
  buyers.forEach((b, order) => hits.push({ kind: 'buyer', id: b.buyer_name, label: b.buyer_name, detail: 'Buyer', rank: rank(b.buyer_name, b.buyer_name, query), order }));
  countryRows.forEach((c, order) =>
    hits.push({
      kind: 'country', id: c.code ?? c.country, label: c.country, detail: `${c.projects} project${c.projects === 1 ? '' : 's'}`,
      rank: rank(c.country, c.code ?? '', query), order,
    }),
  );
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return {
    hits: hits.slice(0, limit).map(({ rank: _r, order: _o, ...hit }) => hit),
    matches: { projects: projectCount, buyers: buyerCount, countries: countryCount },
  };
}

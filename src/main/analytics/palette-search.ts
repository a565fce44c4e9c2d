/**
 * The command palette's search: projects by id or name and buyers by name from the read model,
 * countries by name or code from the cache; all ignoring case, every character literal. Exact and
 * prefix matches rank first. With the hits, how many of each kind match in all, so the palette can
 * say "20 of 142" truthfully.
 */
import { foldCase } from '../../shared/case-folding';
import type { PaletteHit, PaletteSearch } from '../../shared/contract';
import { statement } from './query-memo';
import type { ReadContext } from './read-engine';

const DEFAULT_LIMIT = 10;

function rank(label: string, id: string, query: string): number {
  const q = foldCase(query);
  const l = foldCase(label);
  const i = foldCase(id);
  if (i === q || l === q) return 0;
  if (i.startsWith(q) || l.startsWith(q)) return 1;
  return 2;
}

export async function paletteSearch(ctx: ReadContext, args: { query: string; limit?: number }): Promise<PaletteSearch> {
  const query = args.query.trim();
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (!query) return { hits: [], matches: { projects: 0, buyers: 0, countries: 0 } };
  const scan = limit * 5;
  const needle = foldCase(query);
  const engine = await ctx.engine();
  const projectWhere = 'FROM read_projects p WHERE instr(p.project_id_key, ?) > 0 OR instr(p.name_key, ?) > 0';
  const projects = await engine.all<{ project_id: string; name: string | null; registry: string | null; country: string | null; matches: number }>(
    `SELECT p.project_id, p.name, p.registry, p.country, count(*) OVER () AS matches ${projectWhere}
      ORDER BY p.natural_prefix, p.natural_number, p.project_id_key LIMIT ?`, [needle, needle, scan]);
  const buyers = await engine.all<{ buyer_name: string; matches: number }>(
    `SELECT coalesce(min(CASE WHEN c.buyer_harmonized = 1 THEN c.buyer_name END), min(c.buyer_name)) AS buyer_name, count(*) OVER () AS matches
      FROM read_credits c WHERE c.buyer_key IS NOT NULL AND instr(c.buyer_key, ?) > 0
      GROUP BY c.buyer_ref ORDER BY ${engine.dialect.total('c.quantity')} DESC, ${engine.dialect.anyValue('c.buyer_key')} LIMIT ?`, [needle, scan]);
  const countryFrom = `FROM projects p LEFT JOIN project_countries pc ON pc.country = p.country
      WHERE p.country IS NOT NULL AND (instr(fold(p.country), ?) > 0 OR lower(pc.country_code) = ?) GROUP BY p.country`;
  const countryRows = statement(ctx.db, `SELECT p.country AS country, pc.country_code AS code, count(*) AS projects, count(*) OVER () AS matches ${countryFrom}
      ORDER BY fold(p.country), p.country LIMIT ?`).all(needle, needle, scan) as Array<{ country: string; code: string | null; projects: number; matches: number }>;

  const hits: Array<PaletteHit & { rank: number; order: number }> = [];
  projects.forEach((p, order) =>
    hits.push({ kind: 'project', id: p.project_id, label: p.name ?? p.project_id, detail: null, registry: p.registry, country: p.country, rank: rank(p.name ?? '', p.project_id, query), order }),
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
    matches: { projects: projects[0]?.matches ?? 0, buyers: buyers[0]?.matches ?? 0, countries: countryRows[0]?.matches ?? 0 },
  };
}

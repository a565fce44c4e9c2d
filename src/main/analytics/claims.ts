/**
 * claims.verify: did a beneficiary retire what it claims? The matched retirements are those whose
 * buyer name (the harmonized beneficiary, else the beneficiary as written; buyers.ts) equals the
 * claimed name by the folding rule (case folded, accents kept), with the claim's dates, projects and
 * vintages: exactly what credits.list answers with `buyer`, `transaction_type: retirement` and the
 * same bounds, so its totals are the sums over those pages. Near matches are the other retirements
 * of the same scope whose beneficiary as written, account, note or reason contains the name; they
 * are grouped by field and folded value and never added to the matched total.
 */
import { foldCase, compareCodePoints } from '../../shared/case-folding';
import { NEAR_MATCH_FIELDS, type ClaimVerification, type ClaimVerifyInput, type ClaimVolume, type NearMatchField } from '../../shared/contract/claims-signals';
import { creditsById, toCreditTransaction } from './credits';
import { creditWhere, type CreditFilters } from './credit-filters';
import { pageEnvelope, pageRequest } from './page-envelope';
import { statement } from './query-memo';
import type { ReadContext, ReadEngine } from './read-engine';
import { addClause, whereSql } from './sql-where';

/** At most this many near-match groups are listed (largest first); their total counts every one. */
const NEAR_MATCH_GROUPS = 50;

/** The claim's scope as credits.list filters: retirements, dates, projects and vintages (the buyer apart). */
export function claimScope(q: ClaimVerifyInput): CreditFilters {
  return {
    transaction_type: ['retirement'],
    ...(q.from !== undefined ? { transaction_date_from: q.from } : {}),
    ...(q.to !== undefined ? { transaction_date_to: q.to } : {}),
    ...(q.project_id?.length ? { project_id: q.project_id } : {}),
    ...(q.vintage?.length ? { vintage: q.vintage } : {}),
  };
}

interface Group { g: string | number | null; quantity: number; transactions: number }

const volume = (r: { quantity: number; transactions: number }): ClaimVolume => ({ quantity: r.quantity, transactions: Number(r.transactions) });
const largestFirst = <T extends ClaimVolume>(a: T, b: T, ka: string, kb: string) => b.quantity - a.quantity || compareCodePoints(ka, kb);

function byYear(rows: Group[]): ClaimVerification['by_year'] {
  const years = new Map<number | null, ClaimVolume>();
  for (const r of rows) {
    const year = typeof r.g === 'string' && /^\d{4}$/.test(r.g) ? Number(r.g) : null;
    const v = years.get(year) ?? { quantity: 0, transactions: 0 };
    years.set(year, { quantity: v.quantity + r.quantity, transactions: v.transactions + Number(r.transactions) });
  }
  return [...years].map(([year, v]) => ({ year, ...v })).sort((a, b) => (a.year ?? Infinity) - (b.year ?? Infinity));
}

async function nearMatches(ctx: ReadContext, engine: ReadEngine, q: ClaimVerifyInput, needle: string): Promise<Pick<ClaimVerification, 'near_matches' | 'near_match_total'>> {
  // One scan: the retirements of the claim's scope not matched whose other fields contain the name,
  // with their folded fields; grouped here in id order (the same sums on both engines).
  const w = creditWhere(engine.dialect, claimScope(q));
  addClause(w, `(c.buyer_key IS NULL OR c.buyer_key <> ?)`, needle);
  addClause(w, `(${NEAR_MATCH_FIELDS.map((f) => engine.dialect.contains(`c.${f}_key`, '?')).join(' OR ')})`, ...NEAR_MATCH_FIELDS.map(() => needle));
  const rows = await engine.all<Record<string, unknown> & { id: number; quantity: number | null }>(
    `SELECT c.id, c.quantity, ${NEAR_MATCH_FIELDS.map((f) => `c.${f}_key AS ${f}`).join(', ')} FROM read_credits c ${whereSql(w)} ORDER BY c.id`, w.params);
  const total: ClaimVolume = { quantity: 0, transactions: 0 };
  const groups = new Map<string, ClaimVolume & { field: NearMatchField; key: string; example: number }>();
  for (const r of rows) {
    const id = Number(r.id);
    total.quantity += r.quantity ?? 0;
    total.transactions += 1;
    for (const field of NEAR_MATCH_FIELDS) {
      const key = r[field];
      if (typeof key !== 'string' || !key.includes(needle)) continue;
      const k = `${field}\u0000${key}`;
      const g = groups.get(k) ?? { field, key, example: id, quantity: 0, transactions: 0 };
      g.quantity += r.quantity ?? 0;
      g.transactions += 1;
      groups.set(k, g);
    }
  }
  const listed = [...groups.values()].sort((a, b) => largestFirst(a, b, `${a.field}\u0000${a.key}`, `${b.field}\u0000${b.key}`)).slice(0, NEAR_MATCH_GROUPS);
  // Each group is shown by its value as written in its first transaction.
  const byId = new Map(creditsById(ctx.db, listed.map((g) => g.example)).map((r) => [r.id, r]));
  return {
    near_matches: listed.map((g) => ({ field: g.field, value: (byId.get(g.example)?.[g.field] ?? g.key).trim(), quantity: g.quantity, transactions: g.transactions })),
    near_match_total: total,
  };
}

export async function verifyClaim(ctx: ReadContext, q: ClaimVerifyInput): Promise<ClaimVerification> {
  const engine = await ctx.engine();
  const beneficiary = q.beneficiary.trim();
  const needle = foldCase(beneficiary);
  const matched = creditWhere(engine.dialect, { ...claimScope(q), buyer: beneficiary });
  // One grouped scan: per project, vintage and year of the date; the breakdowns and the total are
  // summed from its groups in one fixed order, so both engines give the same figures.
  const cells = (await engine.all<{ p: string | null; v: number | null; y: string | null; quantity: number; transactions: number }>(
    `SELECT c.project_id AS p, c.vintage AS v, substr(c.transaction_date, 1, 4) AS y, ${engine.dialect.total('c.quantity')} AS quantity, count(*) AS transactions
      FROM read_credits c ${whereSql(matched)} GROUP BY c.project_id, c.vintage, substr(c.transaction_date, 1, 4)`, matched.params))
    .map((r) => ({ ...r, v: r.v === null ? null : Number(r.v), transactions: Number(r.transactions) }))
    .sort((a, b) => compareCodePoints(a.p ?? '', b.p ?? '') || (a.v ?? -1) - (b.v ?? -1) || compareCodePoints(a.y ?? '', b.y ?? ''));
  const sumBy = (key: (r: (typeof cells)[number]) => string | number | null): Group[] => {
    const out = new Map<string | number | null, Group>();
    for (const r of cells) {
      const k = key(r);
      const g = out.get(k) ?? { g: k, quantity: 0, transactions: 0 };
      g.quantity += r.quantity;
      g.transactions += r.transactions;
      out.set(k, g);
    }
    return [...out.values()];
  };
  const perProject = sumBy((r) => r.p);
  const perVintage = sumBy((r) => r.v);
  const perYear = sumBy((r) => r.y);
  const total: ClaimVolume = cells.reduce((t, r) => ({ quantity: t.quantity + r.quantity, transactions: t.transactions + r.transactions }), { quantity: 0, transactions: 0 });

  const names = new Map<string, string | null>();
  const ids = perProject.map((r) => r.g).filter((g): g is string => typeof g === 'string');
  if (ids.length) {
    for (const r of statement(ctx.db, 'SELECT project_id, name FROM projects WHERE project_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Array<{ project_id: string; name: string | null }>) names.set(r.project_id, r.name);
  }
  const by_project = perProject
    .map((r) => ({ project_id: (r.g as string | null) ?? null, project_name: typeof r.g === 'string' ? (names.get(r.g) ?? null) : null, ...volume(r) }))
    .sort((a, b) => largestFirst(a, b, a.project_id ?? '\uffff', b.project_id ?? '\uffff'));
  const by_vintage = perVintage
    .map((r) => ({ vintage: r.g === null ? null : Number(r.g), ...volume(r) }))
    .sort((a, b) => (a.vintage ?? Infinity) - (b.vintage ?? Infinity));

  const req = pageRequest(q);
  const pageIds = total.transactions > req.offset
    ? await engine.all<{ id: number }>(`SELECT c.id FROM read_credits c ${whereSql(matched)} ORDER BY c.quantity DESC, c.id LIMIT ? OFFSET ?`, [...matched.params, req.perPage, req.offset])
    : [];
  const transactions = pageEnvelope('/claims/verify', { ...q }, req, total.transactions, creditsById(ctx.db, pageIds.map((r) => Number(r.id))).map(toCreditTransaction));

  const tonnes = q.tonnes ?? null;
  return {
    beneficiary,
    claimed_tonnes: tonnes,
    matched: total,
    shortfall: tonnes === null ? null : Math.max(0, tonnes - total.quantity),
    excess: tonnes === null ? null : Math.max(0, total.quantity - tonnes),
    by_project,
    by_vintage,
    by_year: byYear(perYear),
    transactions,
    ...(await nearMatches(ctx, engine, q, needle)),
  };
}

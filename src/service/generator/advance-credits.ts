/**
 * One advanced day of the registries: new listings, status changes, a listed project's first
 * issuance, and credit transactions (issuances, retirements within what is still unretired,
 * cancellations) for projects in proportion to their recent activity. New credits get the next ids;
 * project totals follow.
 */
import { toDayNumber } from '../calendar';
import { messyTransaction } from '../messy/messy-market';
import type { Db } from '../store/open-store';
import { dayWeight } from './activity-curve';
import type { AdvanceWorld } from './advance-world';
import { countAround } from './advance-world';
import { INSERT_CREDIT_SQL, INSERT_PROJECT_SQL, projectRowValues } from './index';
import { draftProject, firstProjectNumber, projectIdOf } from './projects';
import type { Rng } from './rng';
import { issuanceQuantity, outflowFields, type TransactionDraft } from './transactions';
import { VintageBalance } from './vintage-balance';
import { REGISTRY_WEIGHTS } from './world';

/** Status a project moves to, or undefined when it stays. */
function nextStatus(status: string | null, active: boolean): string | undefined {
  if (status === 'listed' || status === 'under-validation' || status === 'unknown' || status === null) return active ? 'registered' : status === 'listed' ? 'registered' : 'listed';
  if (status === 'registered') return active ? 'completed' : undefined;
  return undefined;
}

export function advanceProjects(db: Db, world: AdvanceWorld, rng: Rng, day: string): void {
  const listings = countAround(rng, world.rates.projects);
  for (let i = 0; i < listings; i++) {
    const registry = rng.weighted(REGISTRY_WEIGHTS);
    const prefix = projectIdOf(registry, 0).replace(/0$/, '');
    const ids = db.prepare('SELECT project_id FROM projects WHERE project_id LIKE ? ORDER BY project_id').pluck().all(`${prefix}%`) as string[];
    const last = ids.reduce((m, id) => Math.max(m, Number(id.slice(prefix.length)) || 0), firstProjectNumber(registry));
    const draft = draftProject(rng, registry, last + rng.int(1, 3), day, day, world.proponents);
    draft.status = 'listed';
    db.prepare(INSERT_PROJECT_SQL).run(...projectRowValues(draft, { issued: 0, retired: 0, firstIssuance: null, firstRetirement: null }));
  }

  const changes = countAround(rng, world.rates.statuses);
  if (changes) {
    const rows = db.prepare(`SELECT p.project_id, p.status, EXISTS (SELECT 1 FROM credits c WHERE c.project_id = p.project_id) AS active
      FROM projects p ORDER BY p.project_id`).all() as { project_id: string; status: string | null; active: number }[];
    for (let i = 0; i < changes; i++) {
      const r = rng.pick(rows);
      const next = nextStatus(r.status, r.active === 1);
      if (next) db.prepare('UPDATE projects SET status = ? WHERE project_id = ?').run(next, r.project_id);
    }
  }
}

/** Credit transactions of one advanced day (weekends are quieter). */
export function advanceCredits(db: Db, world: AdvanceWorld, rng: Rng, day: string, messyRng?: Rng): void {
  const year = Number(day.slice(0, 4));
  let nextId = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM credits').get() as { n: number }).n;
  const insert = db.prepare(INSERT_CREDIT_SQL);
  const write = (projectId: string, draft: TransactionDraft) => {
    const t = messyRng ? messyTransaction(messyRng, draft) : draft;
    insert.run(++nextId, projectId, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account, t.retirement_beneficiary,
      t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized);
    if (t.quantity === null || t.transaction_date === null) return;
    if (t.transaction_type === 'issuance') {
      db.prepare('UPDATE projects SET issued = coalesce(issued, 0) + ?, first_issuance_at = coalesce(first_issuance_at, ?) WHERE project_id = ?').run(t.quantity, t.transaction_date, projectId);
    } else if (t.transaction_type === 'retirement') {
      db.prepare('UPDATE projects SET retired = coalesce(retired, 0) + ?, first_retirement_at = coalesce(first_retirement_at, ?) WHERE project_id = ?').run(t.quantity, t.transaction_date, projectId);
    }
  };
  const small = (projectId: string) => (db.prepare('SELECT corc_durability FROM projects WHERE project_id = ?').get(projectId) as { corc_durability: string | null } | undefined)?.corc_durability != null;
  const issuance = (projectId: string): TransactionDraft => ({
    quantity: issuanceQuantity(rng, small(projectId)), vintage: year - rng.int(0, 2), transaction_date: day, transaction_type: 'issuance',
    retirement_account: null, retirement_beneficiary: null, retirement_reason: null, retirement_note: null, retirement_beneficiary_harmonized: null,
  });

  // Now and then a listed project issues its first credits and becomes registered.
  const firsts = countAround(rng, world.projectCount * 0.00015);
  if (firsts) {
    const idle = db.prepare(`SELECT p.project_id FROM projects p WHERE p.listed_at <= date(?, '-60 days')
      AND NOT EXISTS (SELECT 1 FROM credits c WHERE c.project_id = p.project_id) ORDER BY p.project_id`).pluck().all(day) as string[];
    for (let i = 0; i < firsts && idle.length; i++) {
      const projectId = rng.pick(idle);
      write(projectId, issuance(projectId));
      db.prepare("UPDATE projects SET status = 'registered' WHERE project_id = ?").run(projectId);
    }
  }

  if (!world.pickActiveProject) return;
  const rate = (world.rates.credits * dayWeight('retirement', toDayNumber(day))) / world.meanDayWeight;
  const n = countAround(rng, rate * (0.85 + 0.3 * rng.float()));
  // What is still unretired of each vintage the project issued (credits issued without a vintage under null).
  const byVintage = db.prepare(`SELECT vintage, total(CASE WHEN transaction_type = 'issuance' THEN quantity END)
      - total(CASE WHEN transaction_type IN ('retirement', 'cancellation') THEN quantity END) AS n
      FROM credits WHERE project_id = ? GROUP BY vintage ORDER BY vintage`);
  const balanceOf = (projectId: string): VintageBalance => {
    const balance = new VintageBalance();
    for (const r of byVintage.all(projectId) as { vintage: number | null; n: number }[]) if (r.n >= 1) balance.issue(r.vintage, Math.floor(r.n));
    return balance;
  };
  for (let i = 0; i < n; i++) {
    const projectId = world.pickActiveProject(rng);
    const roll = rng.float();
    const outflow = roll < 0.24 ? undefined : roll < 0.98 ? 'retirement' : 'cancellation';
    const balance = outflow ? balanceOf(projectId) : null;
    const taken = balance ? balance.take(rng, Math.max(1, Math.round(rng.logNormal(small(projectId) ? 150 : 1500, 1.2)))) : null;
    if (!outflow || !taken) {
      write(projectId, issuance(projectId));
      continue;
    }
    write(projectId, {
      quantity: taken.quantity, vintage: taken.vintage, transaction_date: day, transaction_type: outflow,
      ...outflowFields(rng, outflow, year, world.pickBuyer),
    });
  }
}

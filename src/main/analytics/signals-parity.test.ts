/**
 * On a reference-service market synced with the app's sync (its demo stories included): every
 * integrity signal recomputed here from credits.list and projects.get answers equals what
 * signals.list lists, and claims.verify's totals equal the sums over credits.list pages with the
 * same filters, on both engines alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditTransaction, Project } from '../../shared/api';
import { foldCase } from '../../shared/case-folding';
import { SIGNAL_KINDS } from '../../shared/contract';
import { ask } from './testing/engines';
import { readContexts, type ReadContexts } from './testing/read-contexts';
import { startSyncedMarket, type SyncedMarket } from './testing/synced-market';

let m: SyncedMarket;
let contexts: ReadContexts;
beforeAll(async () => {
  m = await startSyncedMarket({ scale: 0.01, seed: 7 });
  contexts = await readContexts(m.db);
}, 120_000);
afterAll(async () => {
  await contexts?.close();
  await m?.stop();
});

async function everyCredit(q: Record<string, unknown> = {}): Promise<CreditTransaction[]> {
  const out: CreditTransaction[] = [];
  for (let page = 1; ; page++) {
    const p = await ask(contexts.duckdb, 'credits.list', { ...q, per_page: 1000, current_page: page, sort: ['id'] } as never);
    out.push(...p.data);
    if (!p.pagination.next_page) return out;
  }
}

/** The signals by the definitions of docs/integrity-signals.md, from the answers alone: key -> figures. */
function recompute(credits: CreditTransaction[], projects: Map<string, Project>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  type G = { issued: number; retired: number; cancelled: number; fi: string | null; fr: string | null };
  const groups = new Map<string, G>();
  const group = (k: string) => groups.get(k) ?? groups.set(k, { issued: 0, retired: 0, cancelled: 0, fi: null, fr: null }).get(k)!;
  const day = (d: string | null) => (d && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : null);
  for (const c of credits) {
    const pid = c.projects[0]?.project_id ?? null;
    if (pid === null) continue;
    const type = foldCase(c.transaction_type ?? '');
    const keys = [`${pid}|`, ...(c.vintage === null ? [] : [`${pid}|${c.vintage}`])];
    for (const k of keys) {
      const g = group(k);
      const q = c.quantity ?? 0;
      const d = day(c.transaction_date);
      if (type === 'issuance') {
        g.issued += q;
        if (d && (g.fi === null || d < g.fi)) g.fi = d;
      } else if (type === 'retirement') {
        g.retired += q;
        if (d && (g.fr === null || d < g.fr)) g.fr = d;
      } else if (type === 'cancellation') g.cancelled += q;
    }
  }
  for (const [k, g] of groups) {
    if (g.retired + g.cancelled > g.issued) out.set(`retired_exceeds_issued|${k}`, { issued: g.issued, retired: g.retired, cancelled: g.cancelled });
    if (g.fi && g.fr && g.fr < g.fi) out.set(`retirement_before_issuance|${k}`, { first_retirement_date: g.fr, first_issuance_date: g.fi });
  }
  for (const [pid, p] of projects) {
    const g = groups.get(`${pid}|`) ?? { issued: 0, retired: 0 };
    for (const field of ['issued', 'retired'] as const) {
      const diff = g[field] - (p[field] ?? 0);
      if (Math.abs(diff) * 100 > Math.abs(p[field] ?? 0) && Math.abs(diff) > 1000) out.set(`totals_mismatch|${pid}|${field}`, { listed: p[field], cached: g[field] });
    }
  }
  for (const c of credits) {
    const p = projects.get(c.projects[0]?.project_id ?? '');
    if (p && (p.issued ?? 0) > 0 && foldCase(c.transaction_type ?? '') === 'retirement' && (c.quantity ?? 0) * 2 >= p.issued!) {
      out.set(`large_retirement|${p.project_id}|${c.id}`, { quantity: c.quantity, project_issued: p.issued });
    }
  }
  return out;
}

describe('integrity signals on a synced market', () => {
  it('equal the signals recomputed from credits.list and projects.get answers, a few of each kind', async () => {
    const credits = await everyCredit();
    const ids = [...new Set(credits.map((c) => c.projects[0]?.project_id).filter((x): x is string => !!x))];
    const listedIds: string[] = [];
    for (let page = 1; ; page++) {
      const p = await ask(contexts.sqlite, 'projects.list', { per_page: 1000, current_page: page } as never);
      listedIds.push(...p.data.map((x) => x.project_id));
      if (!p.pagination.next_page) break;
    }
    const projects = new Map<string, Project>();
    for (const id of new Set([...ids, ...listedIds])) {
      const p = await ask(contexts.sqlite, 'projects.get', { project_id: id }).catch(() => null);
      if (p) projects.set(p.project_id, p);
    }
    const expected = recompute(credits, projects);
    const listed = await ask(contexts.sqlite, 'signals.list', { per_page: 1000 } as never);
    expect(listed.pagination.total_entries).toBe(expected.size);
    for (const s of listed.data) {
      expect(expected.get(s.key), s.key).toBeDefined();
      expect(s.figures, s.key).toMatchObject(expected.get(s.key)!);
    }
    const summary = await ask(contexts.sqlite, 'signals.summary', {} as never);
    for (const kind of SIGNAL_KINDS) expect(summary.by_kind.find((k) => k.kind === kind)!.signals, kind).toBeGreaterThan(0);
  });

  it('claims.verify totals equal the sums over credits.list pages, on both engines', async () => {
    const buyers = await ask(contexts.duckdb, 'buyers.list', { per_page: 4, sort: ['-total_volume'] } as never);
    for (const b of buyers.data) {
      for (const q of [{ beneficiary: b.buyer_name }, { beneficiary: b.buyer_name.toUpperCase(), from: '2023-01-01', to: '2025-12-31', tonnes: 1000 }]) {
        const answers = await Promise.all([ask(contexts.duckdb, 'claims.verify', q as never), ask(contexts.sqlite, 'claims.verify', q as never)]);
        expect(JSON.stringify(answers[0])).toBe(JSON.stringify(answers[1]));
        const list = await everyCredit({ buyer: q.beneficiary, transaction_type: ['retirement'], ...('from' in q ? { transaction_date_from: q.from, transaction_date_to: q.to } : {}) });
        expect(answers[0].matched.transactions).toBe(list.length);
        expect(answers[0].matched.quantity).toBeCloseTo(list.reduce((s, c) => s + (c.quantity ?? 0), 0), 6);
        expect(answers[0].by_project.reduce((s, p) => s + p.transactions, 0)).toBe(list.length);
      }
    }
  });
});

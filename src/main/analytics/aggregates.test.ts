import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { buyerListQuery, creditListQuery, globalCreditsByTransactionDateQuery, supplyDemandQuery } from '../../shared/api/params';
import { CHART_FREQUENCIES, SUPPLY_DEMAND_AGGREGATIONS } from '../../shared/api/values';
import { rebuildRollups, refreshAggregates } from './aggregates';
import { listBuyers } from './buyers';
import { creditsByTransactionDateAll } from './charts';
import { listCredits } from './credits';
import { rollupFresh } from './rollup-state';
import { supplyDemand } from './supply-demand';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

let db: Database.Database;
const savedToday = process.env.CARBON_TODAY;
beforeEach(() => {
  process.env.CARBON_TODAY = '2026-06-30';
  db = tinyMarket();
});
afterEach(() => {
  db.close();
  process.env.CARBON_TODAY = savedToday;
});

const state = () => db.prepare('SELECT name, dirty, refreshed_at FROM agg_state ORDER BY name').all() as Array<{ name: string; dirty: number; refreshed_at: string }>;

describe('rollups', () => {
  it('are not read before they are built, and are fresh after', () => {
    expect(rollupFresh(db, 'credit_days')).toBe(false);
    refreshAggregates(db, 'credits');
    expect(state().map((s) => [s.name, s.dirty])).toEqual([['beneficiary_names', 0], ['buyer_projects', 0], ['buyers', 0], ['credit_counts', 0], ['credit_days', 0], ['credit_months', 0]]);
    expect(db.prepare('SELECT count(*) FROM agg_buyers').pluck().get()).toBe(3); // "Acme Air" and "acme air" are one buyer
  });

  it('a written credit transaction makes every rollup dirty; a project write only the buyers', () => {
    rebuildRollups(db);
    writeProjects(db, [project({ project_id: 'VCS-1', name: 'renamed', category: 'forest', country: 'Peru' })]);
    expect(state().filter((s) => s.dirty).map((s) => s.name)).toEqual(['buyers']);
    writeCredits(db, [credit({ project_id: 'VCS-2', quantity: 5 })]);
    expect(state().every((s) => s.dirty === 1)).toBe(true);
    refreshAggregates(db, 'satellite'); // any job: dirty rollups are rebuilt
    expect(state().every((s) => s.dirty === 0)).toBe(true);
  });

  it('a job that feeds nothing leaves fresh rollups alone', () => {
    rebuildRollups(db);
    const before = state();
    refreshAggregates(db, 'satellite');
    expect(state()).toEqual(before);
  });

  it('a cleared cache (no state rows) falls back to the transactions', () => {
    rebuildRollups(db);
    const q = supplyDemandQuery.parse({ aggregation: 'monthly' });
    const fromRollup = supplyDemand(db, q);
    db.exec('DELETE FROM agg_state; DELETE FROM agg_credit_months; DELETE FROM agg_credit_days');
    expect(supplyDemand(db, q)).toEqual(fromRollup);
  });

  it('rollup answers equal direct aggregation (every frequency, aggregation, type and date bound)', () => {
    writeCredits(db, Array.from({ length: 300 }, (_, i) =>
      credit({ project_id: i % 2 ? 'VCS-1' : 'VCS-2', quantity: 1 + (i % 17), transaction_type: (['issuance', 'retirement', 'cancellation'] as const)[i % 3],
        vintage: 2015 + (i % 6), transaction_date: `20${10 + (i % 16)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` })));
    rebuildRollups(db);
    const filters = [{}, { transaction_type: ['retirement'] }, { vintage: [2016, 2019] }, { vintage_min: 2016, vintage_max: 2018 },
      { vintage: [2015, 2017, 2019], vintage_max: 2017, transaction_date_from: '2013-05-01' }, { transaction_date_from: '2014-02-10', transaction_date_to: '2020-11-03' }];
    for (const f of filters) {
      for (const freq of CHART_FREQUENCIES) {
        const q = globalCreditsByTransactionDateQuery.parse({ ...f, freq });
        expect(creditsByTransactionDateAll(db, q)).toEqual(creditsByTransactionDateAll(db, q, { rollup: false }));
      }
      for (const aggregation of SUPPLY_DEMAND_AGGREGATIONS) {
        const q = supplyDemandQuery.parse({ ...f, aggregation });
        const answer = supplyDemand(db, q);
        expect(answer).toEqual(supplyDemand(db, q, { rollup: false }));
        expect(answer.data.length).toBeGreaterThan(0);
      }
    }
  });

  it('buyers from the rollup equal buyers aggregated now, also on a later day (windows recomputed)', () => {
    rebuildRollups(db);
    const q = buyerListQuery.parse({ sort: ['buyer_name'] });
    const rolled = listBuyers(db, q);
    expect(rolled).toEqual(listBuyers(db, q, { rollup: false }));
    expect(rolled.data.map((b) => [b.buyer_name.toLowerCase(), b.total_volume, b.volume_60d, b.is_active_60d])).toEqual([
      ['100% green_co', 300, 0, false],
      ['acme air', 100, 40, true],
      ['back\\slash inc', 7, 0, false],
    ]);
    process.env.CARBON_TODAY = '2026-12-31';
    const later = listBuyers(db, q);
    expect(later).toEqual(listBuyers(db, q, { rollup: false }));
    expect(later.data.find((b) => b.buyer_name.toLowerCase() === 'acme air')!.volume_60d).toBe(0);
  });

  it('a buyer shows the smallest of its names (binary order), whichever path answers', () => {
    // Case variants in one project, in both orders of their rows.
    writeCredits(db, ['zeta corp', 'Zeta Corp', 'ZETA CORP', 'Mu', 'mu'].map((name) => credit({ project_id: 'VCS-2', quantity: 5, transaction_date: '2026-03-01', retirement_beneficiary_harmonized: name })));
    rebuildRollups(db);
    const names = (page: ReturnType<typeof listBuyers>) => page.data.map((b) => b.buyer_name).sort();
    for (const f of [{}, { project_id: ['VCS-2'] }, { category: ['renewable-energy'] }, { vintage: [2019, 2020] }]) {
      const q = buyerListQuery.parse(f);
      for (const options of [{}, { rollup: false, columns: false }, { rollup: false, columns: true }]) {
        expect(names(listBuyers(db, q, options)), JSON.stringify([f, options])).toEqual(expect.arrayContaining(['Mu', 'ZETA CORP']));
        expect(names(listBuyers(db, q, options)).filter((n) => /^(zeta corp|mu)$/i.test(n)), JSON.stringify([f, options])).toEqual(['Mu', 'ZETA CORP']);
      }
    }
  });

  it('project-filtered buyers from the (project, buyer) rollup equal buyers aggregated now', () => {
    rebuildRollups(db);
    expect(db.prepare('SELECT count(*) FROM agg_buyer_projects').pluck().get()).toBe(3);
    for (const f of [{ category: ['forest'] }, { country: ['kenya'] }, { project_id: ['vcs-1', 'VCS-2'] }, { registry: ['verra'], sort: ['-volume_12m'] }, { sdg_goals: [99 % 17] }]) {
      const q = buyerListQuery.parse(f);
      const expected = listBuyers(db, q, { rollup: false });
      expect(listBuyers(db, q)).toEqual(expected);
      expect(db.prepare('SELECT count(*) FROM agg_buyer_projects').pluck().get()).toBe(3);
    }
    // The rollup is read (without the columnar copy): change it behind the triggers' back and the answer follows.
    db.prepare("UPDATE agg_buyer_projects SET total_volume = total_volume + 1000 WHERE project_id = 'VCS-2'").run();
    expect(listBuyers(db, buyerListQuery.parse({ registry: ['verra'] }), { columns: false }).data[0]!.total_volume).toBe(1300);
    // On another day its windows are not today's: aggregated from the transactions again.
    process.env.CARBON_TODAY = '2026-07-01';
    expect(listBuyers(db, buyerListQuery.parse({ registry: ['verra'] }), { columns: false }).data[0]!.total_volume).toBe(300);
  });

  it('beneficiary search through the harmonized-name rollup equals the scan', () => {
    const queries = ['acme', '100%', '_', '\\', 'ZZZ', 'c'].map((s) => creditListQuery.parse({ beneficiary_search: s }));
    const scanned = queries.map((q) => listCredits(db, q));
    rebuildRollups(db);
    expect(queries.map((q) => listCredits(db, q))).toEqual(scanned);
  });
});

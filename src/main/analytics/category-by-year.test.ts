import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { CategoryYearPoint } from '../../shared/contract';
import { compareCodePoints } from '../../shared/case-folding';
import { openQueryableCache } from './schema';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { credit, project, writeCredits, writeProjects } from './testing/tiny-market';

/**
 * A small market whose project totals are the sums of their transactions (as a synced market's),
 * with a cancellation, an undated retirement, a transaction of a project not cached and a project
 * without a category.
 */
let db: Database.Database;
let engines: BothEngines;
beforeAll(async () => {
  db = openQueryableCache(':memory:');
  writeProjects(db, [
    project({ project_id: 'VCS-1', registry: 'verra', country: 'Brazil', category: 'forest', issued: 900, retired: 350 }),
    project({ project_id: 'VCS-2', registry: 'verra', country: 'Kenya', category: 'renewable-energy', issued: 200, retired: 120 }),
    project({ project_id: 'GLD-3', registry: 'gold-standard', country: 'Kenya', category: 'forest', issued: 80, retired: 30 }),
    project({ project_id: 'GLD-4', registry: 'gold-standard', country: 'India', category: 'energy-efficiency', issued: 40, retired: 0 }),
    project({ project_id: 'ACR-5', registry: 'american-carbon-registry', country: 'Peru', category: null, issued: 10, retired: 10 }),
  ]);
  writeCredits(db, [
    credit({ project_id: 'VCS-1', transaction_type: 'issuance', quantity: 600, transaction_date: '2021-03-01' }),
    credit({ project_id: 'VCS-1', transaction_type: 'issuance', quantity: 300, transaction_date: '2023-05-01' }),
    credit({ project_id: 'VCS-1', transaction_type: 'retirement', quantity: 200, transaction_date: '2021-11-30' }),
    credit({ project_id: 'VCS-1', transaction_type: 'retirement', quantity: 100, transaction_date: '2023-01-02' }),
    credit({ project_id: 'VCS-1', transaction_type: 'retirement', quantity: 50, transaction_date: null }),
    credit({ project_id: 'VCS-1', transaction_type: 'cancellation', quantity: 25, transaction_date: '2023-02-01' }),
    credit({ project_id: 'VCS-2', category: 'renewable-energy', transaction_type: 'issuance', quantity: 200, transaction_date: '2022-06-15' }),
    credit({ project_id: 'VCS-2', category: 'renewable-energy', transaction_type: 'retirement', quantity: 120, transaction_date: '2023-12-31' }),
    credit({ project_id: 'GLD-3', transaction_type: 'issuance', quantity: 80, transaction_date: '2022-01-01' }),
    credit({ project_id: 'GLD-3', transaction_type: 'retirement', quantity: 30, transaction_date: '2022-09-09' }),
    credit({ project_id: 'GLD-4', category: 'energy-efficiency', transaction_type: 'issuance', quantity: 40, transaction_date: '2023-07-07' }),
    credit({ project_id: 'ACR-5', transaction_type: 'issuance', quantity: 10, transaction_date: '2021-01-01' }),
    credit({ project_id: 'ACR-5', transaction_type: 'retirement', quantity: 10, transaction_date: '2021-02-01' }),
    credit({ project_id: 'VCS-404', transaction_type: 'issuance', quantity: 999, transaction_date: '2022-01-01' }),
  ]);
  engines = await bothEngines(db);
});
afterAll(async () => {
  await engines.close();
  db.close();
});

/** The points summed per category, in category order. */
function sumPerCategory(points: CategoryYearPoint[]): Array<{ category: string; issued: number; retired: number }> {
  const sums = new Map<string, { category: string; issued: number; retired: number }>();
  for (const p of points) {
    const s = sums.get(p.category) ?? { category: p.category, issued: 0, retired: 0 };
    s.issued += p.issued;
    s.retired += p.retired;
    sums.set(p.category, s);
  }
  return [...sums.values()].sort((a, b) => compareCodePoints(a.category, b.category));
}

describe.each(ENGINES)('charts.categoryByYear (%s)', (engine) => {
  const byYear = async (q: Record<string, unknown>) => (await call(engines.ctx(engine), 'charts.categoryByYear', q)).data;
  const byCategory = async (q: Record<string, unknown>) => (await call(engines.ctx(engine), 'charts.creditsByCategory', q)).data;

  it('sums issuances and retirements per transaction year and project category, undated under null, cancellations left out', async () => {
    expect(await byYear({})).toEqual([
      { year: 2021, category: 'forest', issued: 600, retired: 200 },
      { year: 2022, category: 'forest', issued: 80, retired: 30 },
      { year: 2022, category: 'renewable-energy', issued: 200, retired: 0 },
      { year: 2023, category: 'energy-efficiency', issued: 40, retired: 0 },
      { year: 2023, category: 'forest', issued: 300, retired: 100 },
      { year: 2023, category: 'renewable-energy', issued: 0, retired: 120 },
      { year: null, category: 'forest', issued: 0, retired: 50 },
    ]);
  });

  it('follows the registry, category and country filters (any of each, ignoring case)', async () => {
    expect(await byYear({ registry: ['GOLD-STANDARD'] })).toEqual([
      { year: 2022, category: 'forest', issued: 80, retired: 30 },
      { year: 2023, category: 'energy-efficiency', issued: 40, retired: 0 },
    ]);
    expect((await byYear({ category: ['renewable-energy'] })).map((p) => p.year)).toEqual([2022, 2023]);
    expect(await byYear({ country: ['kenya'], category: ['forest', 'energy-efficiency'] })).toEqual([{ year: 2022, category: 'forest', issued: 80, retired: 30 }]);
    expect(await byYear({ registry: ['verra'], country: ['India'] })).toEqual([]);
  });

  it('sums per category to the credits-by-category totals for the same filter', async () => {
    let compared = 0;
    for (const q of [
      {},
      { registry: ['verra'] },
      { registry: ['gold-standard'], country: ['Kenya', 'India'] },
      { category: ['forest'] },
      { country: ['Brazil'], category: ['forest', 'renewable-energy'] },
      { registry: ['american-carbon-registry'] },
    ]) {
      const expected = (await byCategory(q)).filter((c) => c.issued || c.retired).map(({ category, issued, retired }) => ({ category, issued, retired }));
      compared += expected.length;
      expect(sumPerCategory(await byYear(q)), JSON.stringify(q)).toEqual(expected.sort((a, b) => compareCodePoints(a.category, b.category)));
    }
    expect(compared).toBeGreaterThan(5);
  });
});

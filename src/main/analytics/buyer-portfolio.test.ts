/** A buyer's portfolio by category: this year so far, the whole previous year, and the same period of the previous year. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

let db: Database.Database;
let engines: BothEngines;
const savedToday = process.env.CARBON_TODAY;
beforeAll(async () => {
  db = tinyMarket();
  writeProjects(db, [project({ project_id: 'VCS-9', registry: 'verra', country: 'Peru', category: 'agriculture' })]);
  const retired = (project_id: string, transaction_date: string, quantity: number, category = 'forest') =>
    credit({ project_id, transaction_date, quantity, category, retirement_beneficiary_harmonized: 'Season Buyer' });
  writeCredits(db, [
    retired('VCS-1', '2026-05-01', 11),
    retired('VCS-1', '2025-01-01', 2),
    retired('VCS-1', '2025-06-30', 3),
    retired('VCS-1', '2025-07-01', 5),
    retired('VCS-9', '2025-12-31', 7, 'agriculture'),
    retired('VCS-1', '2027-02-28', 13),
    retired('VCS-1', '2027-03-01', 17),
    retired('VCS-1', '2028-02-29', 19),
  ]);
  engines = await bothEngines(db);
});
afterAll(async () => {
  await engines.close();
  db.close();
});
afterEach(() => {
  if (savedToday === undefined) delete process.env.CARBON_TODAY;
  else process.env.CARBON_TODAY = savedToday;
});

describe.each(ENGINES)('buyer portfolio year to date (%s)', (engine) => {
  const portfolioOn = async (today: string) => {
    process.env.CARBON_TODAY = today;
    return (await call(engines.ctx(engine), 'buyers.analytics', { buyer_name: 'season buyer' })).portfolio_by_category;
  };

  it('compares this year so far with 1 Jan to the same day of the previous year, both ends included', async () => {
    expect(await portfolioOn('2026-06-30')).toEqual({
      current_year: { forest: 11 },
      previous_year: { agriculture: 7, forest: 10 },
      previous_year_to_date: { forest: 5 },
      as_of: '2026-06-30',
    });
  });
  it('takes 28 Feb of the previous year for a 29 Feb', async () => {
    expect(await portfolioOn('2028-02-29')).toMatchObject({ current_year: { forest: 19 }, previous_year: { forest: 30 }, previous_year_to_date: { forest: 13 } });
    expect((await portfolioOn('2027-02-28')).previous_year_to_date).toEqual({});
  });
});

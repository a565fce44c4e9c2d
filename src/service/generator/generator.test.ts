import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { hasMarket, openDatabase, resetMarket, sealMarket } from '../store/open-store';
import { alpha2 } from './countries';
import { REAL_MARKET, generateMarket, marketSize } from './index';
import { COUNTRIES } from './world';

function generate(seed: number, scale = 0.005) {
  const db = openDatabase(':memory:');
  resetMarket(db);
  generateMarket(db, { seed, scale, today: '2026-06-30' });
  sealMarket(db, { seed, scale, messy: false, base: '2026-06-30' });
  return db;
}
const snapshot = (db: Database.Database) => ({
  projects: db.prepare('SELECT * FROM projects ORDER BY project_id').all(),
  credits: db.prepare('SELECT * FROM credits ORDER BY id').all(),
  satellite: db.prepare('SELECT * FROM satellite_metrics ORDER BY project_id').all(),
  entries: db.prepare('SELECT * FROM forensic_entries ORDER BY id').all(),
});

describe('market generator', () => {
  it('is deterministic by seed, and different seeds give different markets', () => {
    const a = snapshot(generate(11));
    expect(snapshot(generate(11))).toEqual(a);
    expect(snapshot(generate(12)).credits).not.toEqual(a.credits);
  });

  it('defaults to at least the size of the real market', () => {
    expect(marketSize(1).projects).toBeGreaterThanOrEqual(REAL_MARKET.projects);
    expect(marketSize(1).credits).toBeGreaterThanOrEqual(REAL_MARKET.credits);
    const db = generate(5, 0.01);
    expect((db.prepare('SELECT count(*) AS n FROM credits').get() as { n: number }).n).toBe(marketSize(0.01).credits);
    expect((db.prepare('SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM credits').get())).toEqual({ lo: 1, hi: marketSize(0.01).credits, n: marketSize(0.01).credits });
    expect(hasMarket(db, { seed: 5, scale: 0.01, messy: false, base: '2026-06-30' })).toBe(true);
    expect(hasMarket(db, { seed: 5, scale: 0.01, messy: false, base: '2026-07-01' })).toBe(false);
    expect(hasMarket(db, { seed: 5, scale: 0.01, messy: true, base: '2026-06-30' })).toBe(false);
  });

  it('numbers credits in (project_id, date) order so id order is the default sort', () => {
    const db = generate(8, 0.01);
    const ids = db.prepare('SELECT id FROM credits ORDER BY project_id COLLATE NOCASE, id').all() as { id: number }[];
    expect(ids.map((r) => r.id)).toEqual(ids.map((_, i) => i + 1));
  });

  it('uses project countries with ISO codes and harmonizes varied beneficiary spellings', () => {
    for (const c of COUNTRIES) expect(alpha2(c.name), c.name).toMatch(/^[A-Z]{2}$/);
    const db = generate(9, 0.01);
    const spread = db.prepare(`SELECT retirement_beneficiary_harmonized AS name, count(DISTINCT retirement_beneficiary) AS n FROM credits
      WHERE retirement_beneficiary_harmonized IS NOT NULL GROUP BY 1 ORDER BY n DESC LIMIT 1`).get() as { n: number };
    expect(spread.n).toBeGreaterThan(1);
    expect((db.prepare("SELECT count(*) AS n FROM credits WHERE transaction_type = 'retirement' AND transaction_date > '2026-06-30'").get() as { n: number }).n).toBe(0);
  });
});

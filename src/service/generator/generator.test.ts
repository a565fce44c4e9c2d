import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { hasMarket, openDatabase, readMeta, recordCreditIdOrder, resetMarket, sealMarket } from '../store/open-store';
import { alpha2 } from './countries';
import { REAL_MARKET, generateMarket, marketSize } from './index';
import type { IntegrityStories } from './integrity-stories';
import { IMPACT } from './stories';
import { COUNTRIES, PROJECT_TYPES } from './world';

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
    // What sealMarket records without checking, the check itself confirms.
    expect(readMeta(db, 'credit_ids_in_project_order')).toBe('true');
    recordCreditIdOrder(db);
    expect(readMeta(db, 'credit_ids_in_project_order')).toBe('true');
  });

  it('uses project countries with ISO codes and harmonizes varied beneficiary spellings', () => {
    for (const c of COUNTRIES) expect(alpha2(c.name), c.name).toMatch(/^[A-Z]{2}$/);
    const db = generate(9, 0.01);
    const spread = db.prepare(`SELECT retirement_beneficiary_harmonized AS name, count(DISTINCT retirement_beneficiary) AS n FROM credits
      WHERE retirement_beneficiary_harmonized IS NOT NULL GROUP BY 1 ORDER BY n DESC LIMIT 1`).get() as { n: number };
    expect(spread.n).toBeGreaterThan(1);
    expect((db.prepare("SELECT count(*) AS n FROM credits WHERE transaction_type = 'retirement' AND transaction_date > '2026-06-30'").get() as { n: number }).n).toBe(0);
  });

  describe('a market a professional would not frown at', () => {
    const db = generate(21, 0.05);
    const rows = <T,>(sql: string) => db.prepare(sql).all() as T[];

    it('never uses registry "none"', () => {
      expect(rows<{ n: number }>("SELECT count(*) AS n FROM projects WHERE registry = 'none' OR project_id LIKE 'NONE-%'")[0]!.n).toBe(0);
    });

    it('writes every URL as an https link on a .example host', () => {
      const urls = [
        ...rows<{ u: string }>('SELECT project_url AS u FROM projects'), ...rows<{ u: string }>('SELECT url AS u FROM clips'),
        ...rows<{ u: string }>('SELECT url AS u FROM forensic_entries'), ...rows<{ u: string }>('SELECT source_url AS u FROM country_updates'),
        ...rows<{ j: string }>('SELECT news_entries_json AS j FROM legacy_forensics WHERE news_entries_json IS NOT NULL')
          .flatMap((r) => (JSON.parse(r.j) as { url: string }[]).map((n) => ({ u: n.url }))),
      ].map((r) => r.u);
      expect(urls.length).toBeGreaterThan(500);
      for (const u of urls) expect(new URL(u).protocol, u).toBe('https:');
      for (const u of urls) expect(new URL(u).hostname.endsWith('.example'), u).toBe(true);
    });

    it('dates everything before the base day, and spreads clips over the projects\' lives', () => {
      expect(rows<{ n: number }>("SELECT count(*) AS n FROM credits WHERE transaction_date >= '2026-06-30'")[0]!.n).toBe(0);
      expect(rows<{ n: number }>("SELECT count(*) AS n FROM forensic_entries WHERE first_seen_date >= '2026-06-30'")[0]!.n).toBe(0);
      expect(rows<{ n: number }>("SELECT count(*) AS n FROM country_updates WHERE date >= '2026-06-30'")[0]!.n).toBe(0);
      const clips = rows<{ date: string; listed_at: string | null; notes: string | null; title: string }>('SELECT c.date, p.listed_at, c.notes, c.title FROM clips c JOIN projects p USING (project_id)');
      expect(clips.length).toBeGreaterThan(50);
      expect(clips.every((c) => c.date < '2026-06-30' && (c.listed_at === null || c.date >= c.listed_at))).toBe(true);
      expect(clips.filter((c) => c.date === c.listed_at).length).toBeLessThan(clips.length * 0.1);
      expect(clips.every((c) => c.notes && !/prepared by the research team/i.test(c.notes))).toBe(true);
    });

    it('gives events an impact that agrees with them', () => {
      const entries = rows<{ key_event: string; market_impact: string }>('SELECT key_event, market_impact FROM forensic_entries');
      const fires = entries.filter((e) => /fire/i.test(e.key_event));
      expect(fires.every((e) => e.market_impact === IMPACT.supply)).toBe(true);
      for (const e of entries.filter((x) => /grievance|questions|under review|levy/i.test(x.key_event))) expect(e.market_impact, e.key_event).toMatch(/^Negative/);
      for (const e of entries.filter((x) => /offtake|retires/i.test(x.key_event))) expect(e.market_impact, e.key_event).toBe(IMPACT.demand);
      const burnable = rows<{ n: number }>(`SELECT count(*) AS n FROM forensic_entries e JOIN projects p USING (project_id)
        WHERE e.key_event LIKE 'Fire season%' AND p.category NOT IN ('forest', 'land-use', 'agriculture')`);
      expect(burnable[0]!.n).toBe(0);
    });

    it('names projects after places of their own country, with types plausible there', () => {
      const projects = rows<{ name: string; country: string; project_type: string | null }>('SELECT name, country, project_type FROM projects');
      const byName = new Map(COUNTRIES.map((c) => [c.name, c]));
      const special = projects.filter((p) => !(byName.get(p.country)!.places.some(([place]) => p.name.startsWith(`${place} `)) || p.name.startsWith(`${p.country} `)));
      expect(special.length).toBeLessThan(projects.length * 0.02);
      expect(projects.filter((p) => p.name.includes('Katingan')).every((p) => p.country === 'Indonesia')).toBe(true);
      const whereOf = new Map(Object.values(PROJECT_TYPES).flat().map((t) => [t.type, t.where]));
      for (const p of projects) {
        const where = p.project_type ? whereOf.get(p.project_type) : undefined;
        if (where) expect(where.some((tag) => byName.get(p.country)!.tags.includes(tag)), `${p.project_type} in ${p.country}`).toBe(true);
      }
    });

    it('never retires or cancels more of a vintage than the project issued of it', () => {
      const over = rows<{ project_id: string; vintage: number; issued: number; out: number }>(`SELECT project_id, vintage,
          total(CASE WHEN transaction_type = 'issuance' THEN quantity END) AS issued,
          total(CASE WHEN transaction_type IN ('retirement', 'cancellation') THEN quantity END) AS out
        FROM credits WHERE vintage IS NOT NULL GROUP BY project_id, vintage HAVING out > issued`);
      // ...but for the few vintages the integrity stories retire beyond their issuance, on purpose.
      const stories = JSON.parse(readMeta(db, 'integrity_stories')!) as IntegrityStories;
      expect(over.map((o) => `${o.project_id} ${o.vintage}`).sort()).toEqual(stories.retired_exceeds_issued.map((o) => `${o.project_id} ${o.vintage}`).sort());
      expect(stories.retired_exceeds_issued.length).toBeGreaterThan(0);
      // ...and vintages are still spread: most projects with several issued vintages retire more than one.
      const spread = rows<{ n: number }>(`SELECT count(DISTINCT vintage) AS n FROM credits WHERE transaction_type = 'retirement' AND vintage IS NOT NULL
        GROUP BY project_id HAVING count(*) >= 10`);
      expect(spread.filter((r) => r.n > 1).length).toBeGreaterThan(spread.length * 0.5);
    });

    it('grows its yearly volumes smoothly, and the year in progress holds about its elapsed share', () => {
      const years = new Map(rows<{ y: string; issued: number; retired: number }>(`SELECT substr(transaction_date, 1, 4) AS y,
        total(CASE WHEN transaction_type = 'issuance' THEN quantity END) AS issued, total(CASE WHEN transaction_type = 'retirement' THEN quantity END) AS retired
        FROM credits GROUP BY 1`).map((r) => [Number(r.y), r]));
      for (const kind of ['issued', 'retired'] as const) {
        const ytd = years.get(2026)![kind] / years.get(2025)![kind];
        expect(ytd, kind).toBeGreaterThan(0.3);
        expect(ytd, kind).toBeLessThan(0.75);
        for (let y = 2016; y <= 2025; y++) {
          const ratio = years.get(y)![kind] / years.get(y - 1)![kind];
          expect(ratio, `${kind} ${y}`).toBeGreaterThan(0.6);
          expect(ratio, `${kind} ${y}`).toBeLessThan(2.2);
        }
      }
    });
  });
});

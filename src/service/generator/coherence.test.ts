/**
 * The demo holds together where an analyst looks: a country's policy updates agree with its
 * profile, its host agreements with its Article 6 counts and partners, a memo with its project's
 * kind, a boundary with the place the project is named after. One test per contradiction a
 * reader found; each draws a whole market on several seeds.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { advanceMarket } from './advance';
import { openDatabase, resetMarket, sealMarket } from '../store/open-store';
import { generateMarket } from './index';
import { PLACE_REACH_DEG, placeOf } from './satellite';
import { BILATERAL_HEADLINE, projectKind } from './stories';
import { COUNTRIES } from './world';

const SEEDS = [1, 7, 42];

function market(seed: number, scale = 0.02): Database.Database {
  const db = openDatabase(':memory:');
  resetMarket(db);
  generateMarket(db, { seed, scale, today: '2026-06-30' });
  sealMarket(db, { seed, scale, messy: false, base: '2026-06-30' });
  return db;
}

interface Profile {
  country_name: string;
  has_carbon_tax: boolean;
  carbon_tax_rate_usd: number | null;
  has_ets: boolean;
  has_dna: boolean;
  export_restrictions: boolean;
  domestic_retention_pct: number | null;
  article6_status: string;
  article6_host_loas: number;
  article6_host_signed: number;
  article6_bilateral_partners: string[];
  host_agreements: Array<{ partner: string; type: string; signed: string }>;
  recent_developments: string;
}

const profiles = (db: Database.Database) =>
  (db.prepare('SELECT country_code, profile FROM country_profiles ORDER BY country_code').all() as Array<{ country_code: string; profile: string }>)
    .map((r) => ({ code: r.country_code, p: JSON.parse(r.profile) as Profile }));
const updatesOf = (db: Database.Database, code: string) =>
  db.prepare('SELECT id, date, headline, description FROM country_updates WHERE country_code = ? ORDER BY date, id').all(code) as Array<{ id: number; date: string; headline: string; description: string }>;

/** The contradictions of a profile with its updates (empty when it holds together). */
function policyContradictions(db: Database.Database): string[] {
  const out: string[] = [];
  for (const { code, p } of profiles(db)) {
    for (const u of updatesOf(db, code)) {
      if (u.headline === 'Carbon tax rate revised' && !p.has_carbon_tax) out.push(`${code}: carbon tax update without a carbon tax`);
      if (u.headline.startsWith('Domestic retention') && p.domestic_retention_pct === null) out.push(`${code}: retention update without a retention share`);
      if (u.headline.startsWith('Export of carbon credits') && !p.export_restrictions) out.push(`${code}: export suspension without export restrictions`);
      if (u.headline.startsWith('Designated National Authority') && !p.has_dna) out.push(`${code}: DNA update without a DNA`);
      if (u.headline.startsWith('Emissions trading system consultation') && p.has_ets) out.push(`${code}: ETS consultation where an ETS runs`);
      if (u.headline === BILATERAL_HEADLINE && !p.article6_bilateral_partners.some((partner) => u.description.includes(partner))) out.push(`${code}: agreement update naming no partner of the profile`);
    }
  }
  return out;
}

describe('the demo market holds together', () => {
  it('a country\'s policy updates agree with its profile (no "Carbon tax rate revised" where there is no carbon tax), also after days pass', () => {
    for (const seed of SEEDS) {
      const db = market(seed);
      expect(policyContradictions(db), `seed ${seed}`).toEqual([]);
      for (const { code, p } of profiles(db)) {
        if (!p.has_carbon_tax) expect(p.carbon_tax_rate_usd, code).toBeNull();
        // its recent developments are its own latest update
        const latest = updatesOf(db, code).at(-1);
        if (latest) expect(p.recent_developments, code).toContain(latest.headline.toLowerCase());
      }
      advanceMarket(db, { seed, scale: 0.02, messy: false, base: '2026-06-30' }, 1, 31);
      expect(policyContradictions(db), `seed ${seed}, advanced`).toEqual([]);
    }
  });

  it('host agreements: as many listed as signed, each with a bilateral partner, each news on the day it was signed; the Article 6 status agrees', () => {
    let withAgreements = 0;
    for (const seed of SEEDS) {
      const db = market(seed);
      for (const { code, p } of profiles(db)) {
        expect(p.article6_host_signed, code).toBe(p.host_agreements.length);
        expect(p.host_agreements.map((a) => a.partner).sort(), code).toEqual([...p.article6_bilateral_partners].sort());
        expect(p.article6_bilateral_partners, code).not.toContain(p.country_name);
        if (p.host_agreements.length) {
          withAgreements++;
          expect(['Bilateral agreements signed', 'LoAs issued'], code).toContain(p.article6_status);
        } else {
          expect(['Framework in development', 'No engagement'], code).toContain(p.article6_status);
          expect(p.article6_host_loas, code).toBe(0);
        }
        if (p.article6_status === 'LoAs issued') expect(p.article6_host_loas, code).toBeGreaterThan(0);
        const news = updatesOf(db, code).filter((u) => u.headline === BILATERAL_HEADLINE);
        for (const a of p.host_agreements.filter((x) => x.signed >= '2024-07-10')) {
          expect(news.some((u) => u.date === a.signed && u.description.includes(a.partner)), `${code} ${a.partner} ${a.signed}`).toBe(true);
        }
        expect(news.length, code).toBeLessThanOrEqual(p.host_agreements.length);
      }
    }
    expect(withAgreements).toBeGreaterThan(0);
  });

  it('a memo speaks of its project\'s kind: no "removal credits with durable storage" for a REDD+ project, no reversal risk for a wind farm', () => {
    for (const seed of SEEDS) {
      const db = market(seed);
      const memos = db.prepare(`SELECT m.project_id, p.category, p.project_type, json_extract(m.memo, '$.value_proposition') AS value,
          json_extract(m.memo, '$.primary_risk') AS risk FROM forensic_memos m JOIN projects p ON p.project_id = m.project_id`).all() as Array<{ project_id: string; category: string | null; project_type: string | null; value: string; risk: string }>;
      expect(memos.length).toBeGreaterThan(0);
      for (const m of memos) {
        const kind = projectKind(m.category);
        if (kind !== 'removal') expect(m.value, `${m.project_id} (${m.project_type})`).not.toMatch(/removal|durab/i);
        if (kind !== 'land' && kind !== 'removal') expect(m.risk, `${m.project_id} (${m.project_type})`).not.toMatch(/permanence|reversal|leakage/i);
      }
      const legacy = db.prepare(`SELECT l.project_id, p.category, l.value_proposition AS value FROM legacy_forensics l JOIN projects p ON p.project_id = l.project_id
          WHERE l.value_proposition IS NOT NULL`).all() as Array<{ project_id: string; category: string | null; value: string }>;
      for (const l of legacy) if (projectKind(l.category) !== 'removal') expect(l.value, l.project_id).not.toMatch(/durab/i);
    }
  });

  it('a project named after a place is drawn there: "Minas Gerais …" in Minas Gerais, not in Rondonia', () => {
    let placed = 0;
    for (const seed of SEEDS) {
      const db = market(seed);
      const rows = db.prepare('SELECT p.project_id, p.name, p.country, b.geojson FROM boundaries b JOIN projects p ON p.project_id = b.project_id').all() as Array<{ project_id: string; name: string; country: string; geojson: string }>;
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        const country = COUNTRIES.find((c) => c.name === r.country)!;
        const ring = (JSON.parse(r.geojson) as { features: Array<{ geometry: { coordinates: number[][][] } }> }).features[0]!.geometry.coordinates[0]!;
        const [w, s, e, n] = country.bbox;
        for (const [lon, lat] of ring) expect(lon! >= w && lon! <= e && lat! >= s && lat! <= n, `${r.project_id} inside ${r.country}`).toBe(true);
        const place = placeOf(country, r.name);
        if (!place) continue;
        placed++;
        const [, lon, lat] = place;
        const reach = PLACE_REACH_DEG + 0.5; // the box around the place, and the polygon's own radius
        for (const [x, y] of ring) {
          expect(Math.abs(x! - lon), `${r.project_id} "${r.name}" near ${place[0]}`).toBeLessThanOrEqual(reach / Math.max(0.2, Math.cos((lat * Math.PI) / 180)));
          expect(Math.abs(y! - lat), `${r.project_id} "${r.name}" near ${place[0]}`).toBeLessThanOrEqual(reach);
        }
      }
    }
    expect(placed).toBeGreaterThan(10);
  });
});

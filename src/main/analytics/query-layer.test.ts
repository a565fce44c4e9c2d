/**
 * The query table on a small hand-made market: the read model's answers and errors on both engines
 * (SQLite and the analytical copy in DuckDB), the cache-only queries (countries, satellite,
 * forensics, availability) through the same table with a SQLite context, and the RPC path through
 * the cache worker.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { CreditTransaction } from '../../shared/api';
import { cleanText, foldCase } from '../../shared/case-folding';
import { ContractError } from '../../shared/errors';
import { createAppContext } from '../app-context';
import { openQueryableCache } from './schema';
import { CountryRepository } from '../cache/repositories/country-repository';
import { SatelliteRepository } from '../cache/repositories/satellite-repository';
import { dispatch } from '../rpc';
import { analyticsQueries } from './index';
import type { ReadContext } from './read-engine';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { credit, project, tinyMarket, writeCredits, writeProjects, writeSatellite } from './testing/tiny-market';
import { cliHostPorts } from '../hosts/cli/cli-ports';

let db: Database.Database;
let engines: BothEngines;
beforeEach(async () => {
  process.env.CARBON_TODAY = '2026-06-30';
  db = tinyMarket();
  engines = await bothEngines(db);
});
afterEach(async () => {
  await engines.close();
  db.close();
});

const square = (x: number, y: number): [number, number][][] => [[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]]];

async function errorOf(run: () => unknown): Promise<ContractError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ContractError) return err;
    throw err;
  }
  throw new Error('expected an error');
}

/** Every transaction of the cache as credits.list answers it. */
const allCredits = async (ctx: ReadContext, q: Record<string, unknown> = {}): Promise<CreditTransaction[]> => (await call(ctx, 'credits.list', { per_page: 200, ...q })).data;
/** The buyer a transaction names, computed here by the rule: a retirement's harmonized beneficiary, else its beneficiary as written, trimmed. */
const buyerOf = (t: CreditTransaction): string | null =>
  t.transaction_type !== null && foldCase(t.transaction_type) === 'retirement' ? (cleanText(t.retirement_beneficiary_harmonized) ?? cleanText(t.retirement_beneficiary)) : null;
const sum = (ts: readonly CreditTransaction[]) => ts.reduce((s, t) => s + (t.quantity ?? 0), 0);

describe.each(ENGINES)('read model answers and errors (%s)', (engine) => {
  const ctx = (): ReadContext => engines.ctx(engine);

  it('is answered by that engine', async () => {
    expect((await ctx().engine()).dialect.name).toBe(engine);
  });

  it('an unknown buyer or project is a clear not_found error', async () => {
    for (const run of [
      () => call(ctx(), 'buyers.get', { buyer_name: 'Nobody %' }),
      () => call(ctx(), 'buyers.analytics', { buyer_name: 'Nobody' }),
      () => call(ctx(), 'charts.retirementsByVintage', { project_id: 'VCS-404' }),
      () => call(ctx(), 'projects.get', { project_id: 'VCS-404' }),
    ]) {
      const error = await errorOf(run);
      expect(error.code).toBe('not_found');
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  it('buyers match the name ignoring case; analytics per vintage, month and category', async () => {
    const buyer = await call(ctx(), 'buyers.get', { buyer_name: 'ACME AIR' });
    expect(buyer).toMatchObject({
      buyer_name: 'Acme Air', total_volume: 100, total_transactions: 2, unharmonized_transactions: 0, first_purchase: '2023-02-14', last_purchase: '2026-06-01',
      days_since_last: 29, top_category: 'forest', top_country: 'Brazil', top_registry: 'verra',
    });
    const analytics = await call(ctx(), 'buyers.analytics', { buyer_name: 'acme air' });
    expect(analytics.retirements_by_vintage).toEqual([{ vintage: 2019, quantity: 60 }, { vintage: 2020, quantity: 40 }]);
    expect(analytics.retirements_time_series).toEqual([{ date: '2023-02', quantity: 60 }, { date: '2026-06', quantity: 40 }]);
    expect(analytics.portfolio_by_category).toEqual({ current_year: { forest: 40 }, previous_year: {}, previous_year_to_date: {}, as_of: '2026-06-30' });
    expect(analytics.summary).toEqual({ total_retirements: 100, avg_vintage: (2019 * 60 + 2020 * 40) / 100, total_transactions: 2 });
  });

  it('a retirement without a harmonized name counts for its beneficiary as written; one name harmonized or not is one buyer', async () => {
    writeCredits(db, [
      credit({ project_id: 'GLD-3', quantity: 8, transaction_date: '2026-06-20', retirement_beneficiary_harmonized: null, retirement_beneficiary: ' Rubim Produções ' }),
      credit({ project_id: 'VCS-2', quantity: 2, transaction_date: '2025-01-05', retirement_beneficiary_harmonized: null, retirement_beneficiary: 'ACME AIR' }),
      // a beneficiary on an issuance names no buyer
      credit({ project_id: 'VCS-2', quantity: 9, transaction_type: 'issuance', retirement_beneficiary_harmonized: null, retirement_beneficiary: 'Issuer Co' }),
    ]);
    await engines.written();
    expect(await call(ctx(), 'buyers.get', { buyer_name: 'RUBIM PRODUÇÕES' })).toMatchObject({
      buyer_name: 'Rubim Produções', total_transactions: 1, total_volume: 8, unharmonized_transactions: 1, top_country: 'kenya', top_registry: 'gold-standard',
    });
    // 'Acme Air' (harmonized twice) and 'ACME AIR' as written: one buyer under its harmonized spelling
    expect(await call(ctx(), 'buyers.get', { buyer_name: 'acme air' })).toMatchObject({ buyer_name: 'Acme Air', total_transactions: 3, total_volume: 102, unharmonized_transactions: 1 });
    await expect(call(ctx(), 'buyers.get', { buyer_name: 'Issuer Co' })).rejects.toMatchObject({ code: 'not_found' });
    const buyers = (await call(ctx(), 'buyers.list', { per_page: 100 })).data;
    const names = new Set((await allCredits(ctx())).map(buyerOf).filter((b): b is string => b !== null).map(foldCase));
    expect(buyers.map((b) => foldCase(b.buyer_name)).sort()).toEqual([...names].sort());
    expect(buyers.find((b) => b.buyer_name === 'Acme Air')).toMatchObject({ total_transactions: 3, unharmonized_transactions: 1 });
    expect((await call(ctx(), 'buyers.analytics', { buyer_name: 'Acme Air' })).summary).toEqual({ total_retirements: 102, avg_vintage: (2019 * 60 + 2020 * 42) / 102, total_transactions: 3 });
    expect((await call(ctx(), 'credits.totals', {})).buyers).toBe(names.size);
  });

  it('an unknown sort field is an invalid_input error', async () => {
    const error = await errorOf(() => analyticsQueries['buyers.list'](ctx(), { sort: ['-nope'] } as never));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/unknown sort field 'nope'/);
  });

  it('paging: total_pages, next_page with the query, empty page past the end', async () => {
    const page = await call(ctx(), 'projects.list', { registry: ['verra', 'gold-standard'], per_page: 2, sort: ['-issued'] });
    expect(page.pagination).toEqual({ total_entries: 3, current_page: 1, total_pages: 2, next_page: '/v1/projects/?sort=-issued&registry=verra&registry=gold-standard&current_page=2&per_page=2' });
    expect(page.data.map((p) => p.project_id)).toEqual(['VCS-1', 'VCS-2']);
    const past = await call(ctx(), 'projects.list', { current_page: 9 });
    expect(past.data).toEqual([]);
    expect(past.pagination.next_page).toBeNull();
    expect((await call(ctx(), 'projects.list', { search: 'none at all' })).pagination.total_pages).toBe(0);
  });

  it('totals of a filtered list equal the sums over its rows, volumes kept per transaction type', async () => {
    writeCredits(db, [credit({ project_id: 'VCS-2', quantity: 25, transaction_date: '2024-03-01', transaction_type: 'cancellation', vintage: 2020 })]);
    await engines.written();
    const all = await allCredits(ctx());
    const totals = await call(ctx(), 'credits.totals', {});
    expect(totals.transactions).toBe(all.length);
    const ofType = (type: string) => all.filter((t) => t.transaction_type === type);
    expect(totals.issued).toEqual({ transactions: ofType('issuance').length, quantity: expect.closeTo(sum(ofType('issuance')), 9) });
    expect(totals.retired).toEqual({ transactions: ofType('retirement').length, quantity: expect.closeTo(sum(ofType('retirement')), 9) });
    expect(totals.cancelled).toEqual({ transactions: ofType('cancellation').length, quantity: expect.closeTo(sum(ofType('cancellation')), 9) });
    expect(totals.cancelled.transactions).toBeGreaterThan(0);
    expect(totals).not.toHaveProperty('quantity');
    expect(totals.projects).toBe(new Set(all.map((t) => t.projects[0]?.project_id)).size);
    // 'Acme Air' and 'acme air' are one buyer
    expect(totals.buyers).toBe(new Set(all.map(buyerOf).filter((b): b is string => b !== null).map(foldCase)).size);
    expect(totals.buyers).toBe(3);
    expect(totals.issued.transactions + totals.retired.transactions + totals.cancelled.transactions + totals.other_types.reduce((s, t) => s + t.transactions, 0)).toBe(all.length);
    expect(totals.by_vintage.reduce((s, v) => s + v.retired, 0)).toBeCloseTo(sum(ofType('retirement')), 9);
    const filtered = await allCredits(ctx(), { project_id: ['VCS-1'] });
    const filteredTotals = await call(ctx(), 'credits.totals', { project_id: ['VCS-1'] });
    expect(filteredTotals).toMatchObject({ transactions: filtered.length, projects: 1 });
    expect(filteredTotals.issued.quantity + filteredTotals.retired.quantity + filteredTotals.cancelled.quantity).toBeCloseTo(sum(filtered), 9);
    const ranged = await allCredits(ctx(), { vintage_min: 2020, vintage_max: 2024 });
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((t) => t.vintage !== null && t.vintage >= 2020 && t.vintage <= 2024)).toBe(true);
    const rangedTotals = await call(ctx(), 'credits.totals', { vintage_min: 2020, vintage_max: 2024 });
    expect(rangedTotals).toMatchObject({ transactions: ranged.length, retired: { transactions: ranged.filter((t) => t.transaction_type === 'retirement').length } });
    expect(rangedTotals.by_vintage.every((v) => v.vintage !== null && v.vintage >= 2020)).toBe(true);
    const projects = (await call(ctx(), 'projects.list', { per_page: 200 })).data;
    expect(await call(ctx(), 'projects.totals', {})).toMatchObject({ projects: projects.length, issued: projects.reduce((s, p) => s + (p.issued ?? 0), 0) });
    expect(await call(ctx(), 'projects.totals', { search: 'no such project %' })).toMatchObject({ projects: 0, issued: 0 });
  });

  it('credits.totals by type: types folded, other types as sent, per vintage issued and retired', async () => {
    writeCredits(db, [
      credit({ project_id: 'VCS-1', quantity: 4, transaction_type: 'Retirement', vintage: 2018, retirement_beneficiary_harmonized: 'ACME AIR' }),
      credit({ project_id: 'VCS-2', quantity: 6, transaction_type: 'CANCELLATION', vintage: null }),
      credit({ project_id: 'VCS-2', quantity: 3, transaction_type: 'conversion', vintage: 2018 }),
      credit({ project_id: 'GLD-3', quantity: 5, transaction_type: 'Conversion', vintage: 2018 }),
      credit({ project_id: 'GLD-3', quantity: 2, transaction_type: 'conversion', vintage: 2021 }),
      credit({ project_id: 'GLD-3', quantity: 1, transaction_type: null, vintage: 2021 }),
    ]);
    await engines.written();
    const all = await allCredits(ctx());
    const totals = await call(ctx(), 'credits.totals', {});
    const folded = (t: CreditTransaction) => (t.transaction_type === null ? null : foldCase(t.transaction_type));
    const ofType = (type: string | null) => all.filter((t) => folded(t) === type);
    expect(totals.issued).toEqual({ transactions: ofType('issuance').length, quantity: sum(ofType('issuance')) });
    expect(totals.retired).toEqual({ transactions: 5, quantity: 411 });
    expect(totals.retired).toEqual({ transactions: ofType('retirement').length, quantity: sum(ofType('retirement')) });
    expect(totals.cancelled).toEqual({ transactions: 1, quantity: 6 });
    // other types grouped ignoring case under their smallest spelling, most transactions first
    expect(totals.other_types).toEqual([
      { transaction_type: 'Conversion', transactions: 3, quantity: 10 },
      { transaction_type: null, transactions: 1, quantity: 1 },
    ]);
    // per vintage, newest first, the undated vintage last
    const vintages = [...new Set(all.map((t) => t.vintage))].sort((a, b) => (a === null ? 1 : b === null ? -1 : b - a));
    expect(totals.by_vintage).toEqual(vintages.map((vintage) => ({
      vintage,
      issued: sum(all.filter((t) => t.vintage === vintage && folded(t) === 'issuance')),
      retired: sum(all.filter((t) => t.vintage === vintage && folded(t) === 'retirement')),
    })));
    // the buyers count the new retirement's name once with the others of its name
    expect(totals.buyers).toBe(3);
    const gld = await call(ctx(), 'credits.totals', { registry: ['GOLD-STANDARD'] });
    expect(gld).toMatchObject({ transactions: 4, projects: 1, buyers: 0, issued: { transactions: 1, quantity: 50 }, retired: { transactions: 0, quantity: 0 } });
  });

  it('sorts put nulls last in both directions', async () => {
    const asc = (await call(ctx(), 'projects.list', { sort: ['listed_at'] })).data.map((p) => p.project_id);
    const desc = (await call(ctx(), 'projects.list', { sort: ['-listed_at'] })).data.map((p) => p.project_id);
    expect(asc.at(-1)).toBe('ACR-4');
    expect(desc.at(-1)).toBe('ACR-4');
    expect(asc.slice(0, -1)).toEqual([...desc.slice(0, -1)].reverse());
    expect((await call(ctx(), 'credits.list', { sort: ['transaction_date'] })).data.at(-1)!.transaction_date).toBeNull();
    expect((await call(ctx(), 'credits.list', { sort: ['-transaction_date'] })).data.at(-1)!.transaction_date).toBeNull();
  });

  it('answers follow writes', async () => {
    expect((await call(ctx(), 'buyers.list', {})).pagination.total_entries).toBe(3);
    writeCredits(db, [credit({ project_id: 'GLD-3', retirement_beneficiary_harmonized: 'New Buyer' })]);
    await engines.written();
    expect((await call(ctx(), 'buyers.list', {})).pagination.total_entries).toBe(4);
    const credits = { project_id: ['gld-3'] };
    expect((await call(ctx(), 'credits.list', credits)).pagination.total_entries).toBe(2);
    writeCredits(db, [credit({ project_id: 'GLD-3' })]);
    await engines.written();
    expect((await call(ctx(), 'credits.list', credits)).pagination.total_entries).toBe(3);
    writeProjects(db, [project({ project_id: 'GLD-9', registry: 'gold-standard', country: 'Türkiye', issued: 9 })]);
    await engines.written();
    expect((await call(ctx(), 'projects.totals', { country: ['TÜRKİYE'] })).projects).toBe(1);
  });

  it('palette: projects by id or name, buyers, countries; every letter folded; any input is safe', async () => {
    const hits = async (query: string, limit?: number) => (await call(ctx(), 'palette.search', { query, limit })).hits;
    expect((await hits('vcs-1'))[0]).toMatchObject({ kind: 'project', id: 'VCS-1', registry: 'verra', country: 'Brazil' });
    expect((await hits('acme')).map((h) => h.kind)).toEqual(['buyer']);
    expect((await hits('keny')).map((h) => [h.kind, h.label])).toEqual([['country', 'Kenya'], ['country', 'kenya']]);
    expect((await hits('%')).map((h) => h.id)).toEqual(['VCS-1', '100% Green_Co']);
    for (const query of ['"', "O'B", 'AND OR NOT', '*', 'river"delta', '{project_id}: x', '\\']) {
      await expect(hits(query), query).resolves.toBeInstanceOf(Array);
    }
    expect((await hits("o'brien")).map((h) => h.id)).toEqual(['GLD-3']);
    // how many match in all, whatever the limit shows: "vcs" is two projects, "r" many of each kind
    expect(await call(ctx(), 'palette.search', { query: 'vcs', limit: 1 })).toMatchObject({ hits: [{ id: 'VCS-1' }], matches: { projects: 2, buyers: 0, countries: 0 } });
    expect((await call(ctx(), 'palette.search', { query: '  ' }))).toEqual({ hits: [], matches: { projects: 0, buyers: 0, countries: 0 } });
    writeProjects(db, [project({ project_id: 'BRA-7', name: 'Rubim Produções', country: 'Brazil' })]);
    writeCredits(db, [credit({ project_id: 'BRA-7', retirement_beneficiary_harmonized: null, retirement_beneficiary: 'Ñuble Energía' })]);
    await engines.written();
    expect((await hits('RUBIM PRODUÇÕES')).map((h) => [h.kind, h.id])).toEqual([['project', 'BRA-7']]);
    expect((await hits('ÑUBLE')).map((h) => [h.kind, h.id])).toEqual([['buyer', 'Ñuble Energía']]);
  });
});

describe('the analytical copy answers only while it mirrors the cache', () => {
  it('a write that moves a mirrored table\'s version leaves the copy behind until it catches up', async () => {
    expect(engines.copy.isCurrent()).toBe(true);
    writeCredits(db, [credit({ project_id: 'GLD-3', retirement_beneficiary_harmonized: 'New Buyer' })]);
    db.prepare("INSERT INTO cache_facts (key, value) VALUES ('read_version:credits', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1").run();
    expect(engines.copy.isCurrent()).toBe(false);
    await engines.refresh();
    expect(engines.copy.isCurrent()).toBe(true);
    for (const engine of ENGINES) expect((await call(engines.ctx(engine), 'buyers.list', {})).pagination.total_entries, engine).toBe(4);
  });
});

describe('cache-only queries through the query table', () => {
  const ctx = (): ReadContext => engines.sqlite;

  it('an unknown project or country is a clear not_found error', async () => {
    for (const run of [
      () => call(ctx(), 'countries.get', { country_code: 'ZZ' }),
      () => call(ctx(), 'satellite.boundary', { project_id: 'VCS-404' }),
      () => call(ctx(), 'forensics.project', { project_id: 'VCS-404' }),
    ]) {
      const error = await errorOf(run);
      expect(error.code).toBe('not_found');
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  it('an item of a cached project that was not fetched is "not downloaded yet", a remembered 404 is "the service has none"', async () => {
    db.prepare("INSERT OR REPLACE INTO project_countries (country, country_code) VALUES ('Brazil', 'BR')").run();
    for (const run of [
      () => call(ctx(), 'countries.get', { country_code: 'BR' }),
      () => call(ctx(), 'satellite.boundary', { project_id: 'VCS-1' }),
      () => call(ctx(), 'forensics.project', { project_id: 'VCS-1' }),
    ]) {
      const error = await errorOf(run);
      expect(error.code).toBe('not_downloaded');
      expect(error.message).toMatch(/is not downloaded yet/);
      expect(error.message).not.toMatch(/not found/);
    }
    expect((await errorOf(() => call(ctx(), 'satellite.boundary', { project_id: 'VCS-1' }))).details).toMatchObject({ scheduled: true });
    // Set to the watchlist only, an unwatched project's items are not scheduled.
    db.prepare("INSERT INTO cache_facts (key, value) VALUES ('mirror_scope', 'watchlist')").run();
    expect((await errorOf(() => call(ctx(), 'satellite.boundary', { project_id: 'VCS-1' }))).details).toMatchObject({ scheduled: false });
    new SatelliteRepository(db).putProjectBoundary('VCS-1', null);
    const none = await errorOf(() => call(ctx(), 'satellite.boundary', { project_id: 'VCS-1' }));
    expect(none.code).toBe('none_at_service');
    expect(none.message).toMatch(/The service has no boundary of project VCS-1 \(it answered "not found" on \d{1,2} [A-Z][a-z]{2} \d{4}\)/);
  });

  it('countries: totals per project country, ISO code from the cache or from i18n-iso-countries', async () => {
    new CountryRepository(db).replaceProjectCountries([{ country: 'Brazil', country_code: 'BR' }]);
    expect(await call(ctx(), 'countries.index', {})).toEqual([
      { country: 'Brazil', country_code: 'BR', projects: 1, issued: 500, retired: 100, has_profile: false, country_risk_score: null },
      { country: 'Kenya', country_code: 'KE', projects: 1, issued: 300, retired: 300, has_profile: false, country_risk_score: null },
      { country: 'kenya', country_code: 'KE', projects: 1, issued: 50, retired: 0, has_profile: false, country_risk_score: null },
    ]);
  });

  it('satellite: every cached boundary in one collection, with project fields and metrics as properties', async () => {
    writeSatellite(db, [
      { project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', integrity_score: 0.4 },
      { project_id: 'VCS-2', has_boundary: true, risk_level: 'LOW', integrity_score: 0.9 },
    ]);
    const sat = new SatelliteRepository(db);
    sat.putProjectBoundary('VCS-1', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(10, 10) }, properties: { source: 'x' } }] });
    sat.putProjectBoundary('VCS-2', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(20, 20) }, properties: null }] });
    sat.putProjectBoundary('GLD-3', null);
    const all = await call(ctx(), 'satellite.boundaries', {});
    expect(all.features.map((f) => f.properties?.project_id)).toEqual(['VCS-1', 'VCS-2']);
    expect(all.features[0]!.properties).toMatchObject({ source: 'x', name: '100% Forest', country: 'Brazil', risk_level: 'HIGH', integrity_score: 0.4 });
    expect((await call(ctx(), 'satellite.boundaries', { risk_level: 'LOW' })).features.map((f) => f.properties?.project_id)).toEqual(['VCS-2']);
    expect((await call(ctx(), 'satellite.list', { risk_level: 'HIGH' })).map((m) => m.project_id)).toEqual(['VCS-1']);
  });
  it("satellite: the app's table searches by id or name, sorts (risk by severity), pages, and says which boundaries are missing", async () => {
    writeSatellite(db, [
      { project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', integrity_score: 0.4, total_loss_ha: 12 },
      { project_id: 'VCS-2', has_boundary: true, risk_level: 'LOW', integrity_score: 0.9, total_loss_ha: null },
      { project_id: 'GLD-3', has_boundary: false, risk_level: 'VERY_LOW', integrity_score: 0.7, total_loss_ha: 3 },
      { project_id: 'ACR-4', has_boundary: true, risk_level: 'MEDIUM', integrity_score: null, total_loss_ha: 40 },
    ]);
    new SatelliteRepository(db).putProjectBoundary('VCS-1', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(1, 1) }, properties: null }] });
    const ids = async (q: Record<string, unknown>) => (await call(ctx(), 'satellite.list', q)).map((m) => m.project_id);
    // without the app's parameters, the service's answer: with a boundary, by project id
    expect(await ids({})).toEqual(['ACR-4', 'VCS-1', 'VCS-2']);
    expect(await ids({ has_boundary: false })).toEqual(['ACR-4', 'GLD-3', 'VCS-1', 'VCS-2']);
    // search: id or project name, any case, literal
    expect(await ids({ search: 'RIVER', has_boundary: false })).toEqual(['ACR-4', 'VCS-2']);
    expect(await ids({ search: 'r_d', has_boundary: false })).toEqual(['VCS-2']);
    expect(await ids({ search: '100%', has_boundary: false })).toEqual(['VCS-1']);
    expect(await ids({ search: 'gld', has_boundary: false })).toEqual(['GLD-3']);
    // risk level by severity, both ways; nulls last
    expect(await ids({ sort: ['risk_level'], has_boundary: false })).toEqual(['GLD-3', 'VCS-2', 'ACR-4', 'VCS-1']);
    expect(await ids({ sort: ['-risk_level'], has_boundary: false })).toEqual(['VCS-1', 'ACR-4', 'VCS-2', 'GLD-3']);
    expect(await ids({ sort: ['total_loss_ha'], has_boundary: false })).toEqual(['GLD-3', 'VCS-1', 'ACR-4', 'VCS-2']);
    expect(await ids({ sort: ['-integrity_score'], has_boundary: false })).toEqual(['VCS-2', 'GLD-3', 'VCS-1', 'ACR-4']);
    expect(await ids({ sort: ['name'], has_boundary: false })).toEqual(['VCS-1', 'GLD-3', 'VCS-2', 'ACR-4']);
    // boundaries: the ones the cache holds, and the ones the metrics promise that it does not hold yet
    expect(await ids({ boundary_cached: true })).toEqual(['VCS-1']);
    expect(await ids({ boundary_cached: false, has_boundary: false })).toEqual(['ACR-4', 'VCS-2']);
    // the table: the same rows in the pagination envelope
    const page = await call(ctx(), 'satellite.table', { has_boundary: false, sort: ['-risk_level'], current_page: 2, per_page: 3 });
    expect(page.pagination).toMatchObject({ total_entries: 4, current_page: 2, total_pages: 2, next_page: null });
    expect(page.data.map((m) => [m.project_id, m.project_name, m.country])).toEqual([['GLD-3', "O'Brien \\ Stoves", 'kenya']]);
    await expect(call(ctx(), 'satellite.table', { sort: ['colour'] } as never)).rejects.toThrow(/sort/);
  });

  it("satellite: one project's metrics whatever page it is on; none says why", async () => {
    writeSatellite(db, [{ project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', boundary_source: 'forest-carbon-boundaries', loss_by_year: { '2019': 5, '2021': 7 }, peak_loss_year: 2021, peak_loss_ha: 7, last_updated: '2026-06-01T10:00:00Z' }]);
    expect(await call(ctx(), 'satellite.project', { project_id: 'vcs-1' })).toMatchObject({
      project_id: 'VCS-1', has_boundary: true, boundary_source: 'forest-carbon-boundaries', loss_by_year: { '2019': 5, '2021': 7 }, peak_loss_year: 2021, last_updated: '2026-06-01T10:00:00Z',
    });
    // before the satellite list was synced: not downloaded yet; after: the service has none, with the day
    const before = await errorOf(() => call(ctx(), 'satellite.project', { project_id: 'VCS-2' }));
    expect(before.code).toBe('not_downloaded');
    db.prepare("INSERT INTO sync_state (job, state, last_success_at) VALUES ('satellite', 'done', '2026-06-29T08:00:00Z')").run();
    const after = await errorOf(() => call(ctx(), 'satellite.project', { project_id: 'VCS-2' }));
    expect(after.code).toBe('none_at_service');
    expect(after.message).toContain('its satellite list of 29 Jun 2026 does not include it');
    expect((await errorOf(() => call(ctx(), 'satellite.project', { project_id: 'VCS-404' }))).code).toBe('not_found');
  });
});

describe('rpc query handlers', () => {
  it('answer through the cache worker of the selected connection', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-query-rpc-'));
    const ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir) });
    try {
      const file = ctx.connections.cachePath(ctx.connections.selected()!.id);
      const cache = openQueryableCache(file);
      writeProjects(cache, [project({ project_id: 'VCS-9', name: 'Worker Forest', category: 'forest', issued: 9 })]);
      cache.close();
      const page = await dispatch('projects.list', { search: 'worker' }, ctx);
      expect(page.data.map((p) => p.project_id)).toEqual(['VCS-9']);
      await expect(dispatch('projects.get', { project_id: 'VCS-0' }, ctx)).rejects.toMatchObject({ code: 'not_found' });
      await expect(dispatch('projects.list', { sort: ['-bogus'] }, ctx)).rejects.toMatchObject({ code: 'invalid_input' });
    } finally {
      await ctx.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

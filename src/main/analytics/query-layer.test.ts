import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { buyerListQuery, creditListQuery, projectListQuery } from '../../shared/api/params';
import { ContractError } from '../../shared/errors';
import { createAppContext } from '../app-context';
import { openQueryableCache } from './schema';
import { CountryRepository } from '../cache/repositories/country-repository';
import { SatelliteRepository } from '../cache/repositories/satellite-repository';
import { dispatch } from '../rpc';
import { analyticsQueries } from './index';
import { credit, project, tinyMarket, writeCredits, writeProjects, writeSatellite } from './testing/tiny-market';
import { cliHostPorts } from '../hosts/cli/cli-ports';

let db: Database.Database;
beforeEach(() => {
  process.env.CARBON_TODAY = '2026-06-30';
  db = tinyMarket();
});
afterEach(() => db.close());

const square = (x: number, y: number): [number, number][][] => [[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]]];

describe('answers and errors', () => {
  const errorOf = (call: () => unknown): ContractError => {
    try {
      call();
    } catch (err) {
      if (err instanceof ContractError) return err;
      throw err;
    }
    throw new Error('expected an error');
  };

  it('an unknown buyer, project or country is a clear not_found error', () => {
    for (const call of [
      () => analyticsQueries['buyers.get'](db, { buyer_name: 'Nobody %' }),
      () => analyticsQueries['buyers.analytics'](db, { buyer_name: 'Nobody' }),
      () => analyticsQueries['projects.get'](db, { project_id: 'VCS-404' }),
      () => analyticsQueries['charts.retirementsByVintage'](db, { project_id: 'VCS-404' }),
      () => analyticsQueries['countries.get'](db, { country_code: 'ZZ' }),
      () => analyticsQueries['satellite.boundary'](db, { project_id: 'VCS-404' }),
      () => analyticsQueries['forensics.project'](db, { project_id: 'VCS-404' }),
    ]) {
      const error = errorOf(call);
      expect(error.code).toBe('not_found');
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  it('an item of a cached project that was not fetched is "not downloaded yet", a remembered 404 is "the service has none"', () => {
    db.prepare("INSERT OR REPLACE INTO project_countries (country, country_code) VALUES ('Brazil', 'BR')").run();
    for (const call of [
      () => analyticsQueries['countries.get'](db, { country_code: 'BR' }),
      () => analyticsQueries['satellite.boundary'](db, { project_id: 'VCS-1' }),
      () => analyticsQueries['forensics.project'](db, { project_id: 'VCS-1' }),
    ]) {
      const error = errorOf(call);
      expect(error.code).toBe('not_downloaded');
      expect(error.message).toMatch(/is not downloaded yet/);
      expect(error.message).not.toMatch(/not found/);
    }
    expect(errorOf(() => analyticsQueries['satellite.boundary'](db, { project_id: 'VCS-1' })).details).toMatchObject({ scheduled: true });
    // Set to the watchlist only, an unwatched project's items are not scheduled.
    db.prepare("INSERT INTO cache_facts (key, value) VALUES ('mirror_scope', 'watchlist')").run();
    expect(errorOf(() => analyticsQueries['satellite.boundary'](db, { project_id: 'VCS-1' })).details).toMatchObject({ scheduled: false });
    new SatelliteRepository(db).putProjectBoundary('VCS-1', null);
    const none = errorOf(() => analyticsQueries['satellite.boundary'](db, { project_id: 'VCS-1' }));
    expect(none.code).toBe('none_at_service');
    expect(none.message).toMatch(/The service has no boundary of project VCS-1 \(it answered "not found" on \d{1,2} [A-Z][a-z]{2} \d{4}\)/);
  });

  it('buyers match the harmonized name ignoring case; analytics per vintage, month and category', () => {
    const buyer = analyticsQueries['buyers.get'](db, { buyer_name: 'ACME AIR' });
    expect(buyer).toMatchObject({ total_volume: 100, total_transactions: 2, first_purchase: '2023-02-14', last_purchase: '2026-06-01', days_since_last: 29, top_category: 'forest', top_country: 'Brazil', top_registry: 'verra' });
    const analytics = analyticsQueries['buyers.analytics'](db, { buyer_name: 'acme air' });
    expect(analytics.retirements_by_vintage).toEqual([{ vintage: 2019, quantity: 60 }, { vintage: 2020, quantity: 40 }]);
    expect(analytics.retirements_time_series).toEqual([{ date: '2023-02', quantity: 60 }, { date: '2026-06', quantity: 40 }]);
    expect(analytics.portfolio_by_category).toEqual({ current_year: { forest: 40 }, previous_year: {}, previous_year_to_date: {}, as_of: '2026-06-30' });
    expect(analytics.summary).toEqual({ total_retirements: 100, avg_vintage: (2019 * 60 + 2020 * 40) / 100, total_transactions: 2 });
  });

  it('an unknown sort field is an invalid_input error', () => {
    expect(() => analyticsQueries['buyers.list'](db, { sort: ['-nope'] } as never)).toThrow(/unknown sort field 'nope'/);
  });

  it('paging: total_pages, next_page with the query, empty page past the end', () => {
    const page = analyticsQueries['projects.list'](db, projectListQuery.parse({ registry: ['verra', 'gold-standard'], per_page: 2, sort: ['-issued'] }));
    expect(page.pagination).toEqual({ total_entries: 3, current_page: 1, total_pages: 2, next_page: '/v1/projects/?sort=-issued&registry=verra&registry=gold-standard&current_page=2&per_page=2' });
    expect(page.data.map((p) => p.project_id)).toEqual(['VCS-1', 'VCS-2']);
    const past = analyticsQueries['projects.list'](db, projectListQuery.parse({ current_page: 9 }));
    expect(past.data).toEqual([]);
    expect(past.pagination.next_page).toBeNull();
    expect(analyticsQueries['projects.list'](db, projectListQuery.parse({ search: 'none at all' })).pagination.total_pages).toBe(0);
  });

  it('totals of a filtered list equal the sums over its rows, volumes kept per transaction type', () => {
    writeCredits(db, [credit({ project_id: 'VCS-2', quantity: 25, transaction_date: '2024-03-01', transaction_type: 'cancellation', vintage: 2020 })]);
    const all = analyticsQueries['credits.list'](db, { per_page: 1000 }).data;
    const totals = analyticsQueries['credits.totals'](db, {});
    expect(totals.transactions).toBe(all.length);
    const sumOf = (type: string) => all.filter((t) => t.transaction_type === type).reduce((s, t) => s + (t.quantity ?? 0), 0);
    const countOf = (type: string) => all.filter((t) => t.transaction_type === type).length;
    expect(totals.issued).toEqual({ transactions: countOf('issuance'), quantity: expect.closeTo(sumOf('issuance'), 9) });
    expect(totals.retired).toEqual({ transactions: countOf('retirement'), quantity: expect.closeTo(sumOf('retirement'), 9) });
    expect(totals.cancelled).toEqual({ transactions: countOf('cancellation'), quantity: expect.closeTo(sumOf('cancellation'), 9) });
    expect(totals.cancelled.transactions).toBeGreaterThan(0);
    expect(totals).not.toHaveProperty('quantity');
    expect(totals.projects).toBe(new Set(all.map((t) => t.projects[0]?.project_id)).size);
    // 'Acme Air' and 'acme air' are one buyer.
    expect(totals.buyers).toBe(new Set(all.map((t) => t.retirement_beneficiary_harmonized?.toLowerCase()).filter(Boolean)).size);
    expect(totals.issued.transactions + totals.retired.transactions + totals.cancelled.transactions + totals.other_types.reduce((s, t) => s + t.transactions, 0)).toBe(all.length);
    const retired = all.filter((t) => t.transaction_type === 'retirement').reduce((s, t) => s + (t.quantity ?? 0), 0);
    expect(totals.by_vintage.reduce((s, v) => s + v.retired, 0)).toBeCloseTo(retired, 9);
    const filtered = analyticsQueries['credits.list'](db, { per_page: 1000, project_id: ['VCS-1'] }).data;
    expect(analyticsQueries['credits.totals'](db, { project_id: ['VCS-1'] })).toMatchObject({ transactions: filtered.length, projects: 1 });
    const filteredTotals = analyticsQueries['credits.totals'](db, { project_id: ['VCS-1'] });
    expect(filteredTotals.issued.quantity + filteredTotals.retired.quantity + filteredTotals.cancelled.quantity).toBeCloseTo(filtered.reduce((s, t) => s + (t.quantity ?? 0), 0), 9);
    const ranged = analyticsQueries['credits.list'](db, { per_page: 1000, vintage_min: 2020, vintage_max: 2024 }).data;
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((t) => t.vintage !== null && t.vintage >= 2020 && t.vintage <= 2024)).toBe(true);
    expect(analyticsQueries['credits.totals'](db, { vintage_min: 2020, vintage_max: 2024 })).toMatchObject({
      transactions: ranged.length,
      retired: { transactions: ranged.filter((t) => t.transaction_type === 'retirement').length },
    });
    expect(analyticsQueries['credits.totals'](db, { vintage_min: 2020, vintage_max: 2024 }).by_vintage.every((v) => v.vintage !== null && v.vintage >= 2020)).toBe(true);
    const projects = analyticsQueries['projects.list'](db, { per_page: 1000 }).data;
    expect(analyticsQueries['projects.totals'](db, {})).toMatchObject({ projects: projects.length, issued: projects.reduce((s, p) => s + (p.issued ?? 0), 0) });
    expect(analyticsQueries['projects.totals'](db, { search: 'no such project %' })).toMatchObject({ projects: 0, issued: 0 });
  });

  it('sorts put nulls last in both directions', () => {
    const asc = analyticsQueries['projects.list'](db, projectListQuery.parse({ sort: ['listed_at'] })).data.map((p) => p.project_id);
    const desc = analyticsQueries['projects.list'](db, projectListQuery.parse({ sort: ['-listed_at'] })).data.map((p) => p.project_id);
    expect(asc.at(-1)).toBe('ACR-4');
    expect(desc.at(-1)).toBe('ACR-4');
    const byDate = analyticsQueries['credits.list'](db, creditListQuery.parse({ sort: ['transaction_date'] })).data;
    expect(byDate.at(-1)!.transaction_date).toBeNull();
  });

  it('remembered answers follow writes', () => {
    const q = buyerListQuery.parse({});
    expect(analyticsQueries['buyers.list'](db, q).pagination.total_entries).toBe(3);
    writeCredits(db, [credit({ project_id: 'GLD-3', retirement_beneficiary_harmonized: 'New Buyer' })]);
    expect(analyticsQueries['buyers.list'](db, q).pagination.total_entries).toBe(4);
    const credits = creditListQuery.parse({ project_id: ['gld-3'] });
    expect(analyticsQueries['credits.list'](db, credits).pagination.total_entries).toBe(2);
    writeCredits(db, [credit({ project_id: 'GLD-3' })]);
    expect(analyticsQueries['credits.list'](db, credits).pagination.total_entries).toBe(3);
  });

  it('countries: totals per project country, ISO code from the cache or from i18n-iso-countries', () => {
    new CountryRepository(db).replaceProjectCountries([{ country: 'Brazil', country_code: 'BR' }]);
    const index = analyticsQueries['countries.index'](db, {});
    expect(index).toEqual([
      { country: 'Brazil', country_code: 'BR', projects: 1, issued: 500, retired: 100, has_profile: false, country_risk_score: null },
      { country: 'Kenya', country_code: 'KE', projects: 1, issued: 300, retired: 300, has_profile: false, country_risk_score: null },
      { country: 'kenya', country_code: 'KE', projects: 1, issued: 50, retired: 0, has_profile: false, country_risk_score: null },
    ]);
  });

  it('satellite: every cached boundary in one collection, with project fields and metrics as properties', () => {
    writeSatellite(db, [
      { project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', integrity_score: 0.4 },
      { project_id: 'VCS-2', has_boundary: true, risk_level: 'LOW', integrity_score: 0.9 },
    ]);
    const sat = new SatelliteRepository(db);
    sat.putProjectBoundary('VCS-1', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(10, 10) }, properties: { source: 'x' } }] });
    sat.putProjectBoundary('VCS-2', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(20, 20) }, properties: null }] });
    sat.putProjectBoundary('GLD-3', null);
    const all = analyticsQueries['satellite.boundaries'](db, {});
    expect(all.features.map((f) => f.properties?.project_id)).toEqual(['VCS-1', 'VCS-2']);
    expect(all.features[0]!.properties).toMatchObject({ source: 'x', name: '100% Forest', country: 'Brazil', risk_level: 'HIGH', integrity_score: 0.4 });
    expect(analyticsQueries['satellite.boundaries'](db, { risk_level: 'LOW' }).features.map((f) => f.properties?.project_id)).toEqual(['VCS-2']);
    expect(analyticsQueries['satellite.list'](db, { risk_level: 'HIGH' }).map((m) => m.project_id)).toEqual(['VCS-1']);
  });

  it("satellite: the app's table searches by id or name, sorts (risk by severity), pages, and says which boundaries are missing", () => {
    writeSatellite(db, [
      { project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', integrity_score: 0.4, total_loss_ha: 12 },
      { project_id: 'VCS-2', has_boundary: true, risk_level: 'LOW', integrity_score: 0.9, total_loss_ha: null },
      { project_id: 'GLD-3', has_boundary: false, risk_level: 'VERY_LOW', integrity_score: 0.7, total_loss_ha: 3 },
      { project_id: 'ACR-4', has_boundary: true, risk_level: 'MEDIUM', integrity_score: null, total_loss_ha: 40 },
    ]);
    new SatelliteRepository(db).putProjectBoundary('VCS-1', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(1, 1) }, properties: null }] });
    const ids = (q: Record<string, unknown>) => analyticsQueries['satellite.list'](db, q as never).map((m) => m.project_id);
    // without the app's parameters, the service's answer: with a boundary, by project id
    expect(ids({})).toEqual(['ACR-4', 'VCS-1', 'VCS-2']);
    expect(ids({ has_boundary: false })).toEqual(['ACR-4', 'GLD-3', 'VCS-1', 'VCS-2']);
    // search: id or project name, any case, literal
    expect(ids({ search: 'RIVER', has_boundary: false })).toEqual(['ACR-4', 'VCS-2']);
    expect(ids({ search: 'r_d', has_boundary: false })).toEqual(['VCS-2']);
    expect(ids({ search: '100%', has_boundary: false })).toEqual(['VCS-1']);
    expect(ids({ search: 'gld', has_boundary: false })).toEqual(['GLD-3']);
    // risk level by severity, both ways; nulls last
    expect(ids({ sort: ['risk_level'], has_boundary: false })).toEqual(['GLD-3', 'VCS-2', 'ACR-4', 'VCS-1']);
    expect(ids({ sort: ['-risk_level'], has_boundary: false })).toEqual(['VCS-1', 'ACR-4', 'VCS-2', 'GLD-3']);
    expect(ids({ sort: ['total_loss_ha'], has_boundary: false })).toEqual(['GLD-3', 'VCS-1', 'ACR-4', 'VCS-2']);
    expect(ids({ sort: ['-integrity_score'], has_boundary: false })).toEqual(['VCS-2', 'GLD-3', 'VCS-1', 'ACR-4']);
    expect(ids({ sort: ['name'], has_boundary: false })).toEqual(['VCS-1', 'GLD-3', 'VCS-2', 'ACR-4']);
    // boundaries: the ones the cache holds, and the ones the metrics promise that it does not hold yet
    expect(ids({ boundary_cached: true })).toEqual(['VCS-1']);
    expect(ids({ boundary_cached: false, has_boundary: false })).toEqual(['ACR-4', 'VCS-2']);
    // the table: the same rows in the pagination envelope
    const page = analyticsQueries['satellite.table'](db, { has_boundary: false, sort: ['-risk_level'], current_page: 2, per_page: 3 });
    expect(page.pagination).toMatchObject({ total_entries: 4, current_page: 2, total_pages: 2, next_page: null });
    expect(page.data.map((m) => [m.project_id, m.project_name, m.country])).toEqual([['GLD-3', "O'Brien \\ Stoves", 'kenya']]);
    expect(() => analyticsQueries['satellite.table'](db, { sort: ['colour'] } as never)).toThrow(/sort/);
  });

  it("satellite: one project's metrics whatever page it is on; none says why", () => {
    writeSatellite(db, [{ project_id: 'VCS-1', has_boundary: true, risk_level: 'HIGH', boundary_source: 'forest-carbon-boundaries', loss_by_year: { '2019': 5, '2021': 7 }, peak_loss_year: 2021, peak_loss_ha: 7, last_updated: '2026-06-01T10:00:00Z' }]);
    expect(analyticsQueries['satellite.project'](db, { project_id: 'vcs-1' })).toMatchObject({
      project_id: 'VCS-1', has_boundary: true, boundary_source: 'forest-carbon-boundaries', loss_by_year: { '2019': 5, '2021': 7 }, peak_loss_year: 2021, last_updated: '2026-06-01T10:00:00Z',
    });
    // before the satellite list was synced: not downloaded yet; after: the service has none, with the day
    const before = errorOf(() => analyticsQueries['satellite.project'](db, { project_id: 'VCS-2' }));
    expect(before.code).toBe('not_downloaded');
    db.prepare("INSERT INTO sync_state (job, state, last_success_at) VALUES ('satellite', 'done', '2026-06-29T08:00:00Z')").run();
    const after = errorOf(() => analyticsQueries['satellite.project'](db, { project_id: 'VCS-2' }));
    expect(after.code).toBe('none_at_service');
    expect(after.message).toContain('its satellite list of 29 Jun 2026 does not include it');
    expect(errorOf(() => analyticsQueries['satellite.project'](db, { project_id: 'VCS-404' })).code).toBe('not_found');
  });

  it('palette: projects by id or name (FTS or short substring), buyers, countries; any input is safe', () => {
    const hits = (query: string, limit?: number) => analyticsQueries['palette.search'](db, { query, limit }).hits;
    expect(hits('vcs-1')[0]).toMatchObject({ kind: 'project', id: 'VCS-1', registry: 'verra', country: 'Brazil' });
    expect(hits('acme').map((h) => h.kind)).toEqual(['buyer']);
    expect(hits('keny').map((h) => [h.kind, h.label])).toEqual([['country', 'Kenya'], ['country', 'kenya']]);
    expect(hits('%').map((h) => h.id)).toEqual(['VCS-1', '100% Green_Co']);
    for (const query of ['"', "O'B", 'AND OR NOT', '*', 'river"delta', '{project_id}: x', '\\']) {
      expect(() => analyticsQueries['palette.search'](db, { query })).not.toThrow();
    }
    expect(hits("o'brien").map((h) => h.id)).toEqual(['GLD-3']);
    // how many match in all, whatever the limit shows: "vcs" is two projects, "r" many of each kind
    expect(analyticsQueries['palette.search'](db, { query: 'vcs', limit: 1 })).toMatchObject({ hits: [{ id: 'VCS-1' }], matches: { projects: 2, buyers: 0, countries: 0 } });
    const r = analyticsQueries['palette.search'](db, { query: 'r', limit: 1 });
    expect(r.hits).toHaveLength(1);
    expect(r.matches).toEqual({ projects: 4, buyers: 2, countries: 1 });
    // more matches than the palette reads for its hits: counted all the same
    writeProjects(db, Array.from({ length: 12 }, (_, i) => project({ project_id: `XR-${i}`, name: `Extra river ${i}`, country: `Riverland ${i}` })));
    const many = analyticsQueries['palette.search'](db, { query: 'river', limit: 2 });
    expect(many.hits).toHaveLength(2);
    expect(many.matches).toEqual({ projects: 14, buyers: 0, countries: 12 });
    expect(analyticsQueries['palette.search'](db, { query: '  ' })).toEqual({ hits: [], matches: { projects: 0, buyers: 0, countries: 0 } });
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

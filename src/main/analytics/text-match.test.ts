/**
 * User text in searches and string filters: literal (no wildcards, quotes and backslashes plain),
 * and ignoring case by the one folding rule (src/shared/case-folding.ts) for every letter, not only
 * A-Z; accents are kept. On both engines of the read model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { ReadContext } from './read-engine';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

let db: Database.Database;
let engines: BothEngines;
beforeAll(async () => {
  db = tinyMarket();
  // Names and countries beyond ASCII, in different cases.
  writeProjects(db, [
    project({ project_id: 'BRA-5', name: 'Rubim Produções', country: 'Brasil', registry: 'verra' }),
    project({ project_id: 'CHL-6', name: 'Bosque ÑUBLE', country: 'Chile', registry: 'verra' }),
    project({ project_id: 'TUR-7', name: 'Ege Rüzgar', country: 'Türkiye', registry: 'gold-standard' }),
    project({ project_id: 'TUR-8', name: 'Marmara', country: 'TÜRKIYE', registry: 'gold-standard' }),
  ]);
  writeCredits(db, [
    credit({ id: 901, project_id: 'BRA-5', quantity: 11, retirement_beneficiary_harmonized: 'Rubim Produções Ltda', retirement_beneficiary: 'RUBIM PRODUÇÕES LTDA.' }),
    credit({ id: 902, project_id: 'TUR-7', quantity: 12, retirement_beneficiary_harmonized: 'İstanbul Enerji' }),
  ]);
  engines = await bothEngines(db);
});
afterAll(async () => {
  await engines.close();
  db.close();
});

describe.each(ENGINES)('user text matches literally (%s)', (engine) => {
  const ctx = (): ReadContext => engines.ctx(engine);
  const projectIds = async (q: Record<string, unknown>) => (await call(ctx(), 'projects.list', q)).data.map((p) => p.project_id);
  const creditIds = async (q: Record<string, unknown>) => (await call(ctx(), 'credits.list', { sort: ['id'], ...q })).data.map((c) => c.id);

  it('% and _ are not wildcards in search', async () => {
    expect(await projectIds({ search: '%' })).toEqual(['VCS-1']);
    expect(await projectIds({ search: '_' })).toEqual(['VCS-2']);
    expect(await projectIds({ search: 'river_delta' })).toEqual(['VCS-2']);
    expect(await projectIds({ search: 'river%delta' })).toEqual([]);
  });

  it('quotes and backslashes are plain characters', async () => {
    expect(await projectIds({ search: "o'brien" })).toEqual(['GLD-3']);
    expect(await projectIds({ search: '\\ S' })).toEqual(['GLD-3']);
    expect(await projectIds({ search: "'; DROP TABLE projects; --" })).toEqual([]);
    expect(await projectIds({})).toHaveLength(8);
  });

  it('search ignores case and looks at the id and the name', async () => {
    expect(await projectIds({ search: 'vcs-' })).toEqual(['VCS-1', 'VCS-2']);
    expect(await projectIds({ search: 'FOREST' })).toEqual(['VCS-1']);
  });

  it('search folds every letter, not only A-Z, and keeps accents', async () => {
    expect(await projectIds({ search: 'RUBIM PRODUÇÕES' })).toEqual(['BRA-5']);
    expect(await projectIds({ search: 'produções' })).toEqual(['BRA-5']);
    expect(await projectIds({ search: 'ñuble' })).toEqual(['CHL-6']);
    expect(await projectIds({ search: 'EGE RÜZGAR' })).toEqual(['TUR-7']);
    // an accent is part of the letter: 'c' is not 'ç', 'u' is not 'ü'
    expect(await projectIds({ search: 'producoes' })).toEqual([]);
    expect(await projectIds({ search: 'ruzgar' })).toEqual([]);
  });

  it('string filters are exact but ignore case', async () => {
    expect(await projectIds({ country: ['KENYA'] })).toEqual(['GLD-3', 'VCS-2']);
    expect(await projectIds({ country: ['Ken'] })).toEqual([]);
    expect(await projectIds({ certifications: ['CCB-GOLD', 'corsia'] })).toEqual(['GLD-3', 'VCS-1']);
    expect(await projectIds({ sdg_goals: [13, 15] })).toEqual(['VCS-1']);
    expect(await projectIds({ sdg_goals: [13] })).toEqual(['VCS-1', 'VCS-2']);
  });

  it('string filters fold every letter: Türkiye, TÜRKIYE and TÜRKİYE are one country', async () => {
    for (const country of ['türkiye', 'TÜRKIYE', 'Türkiye', 'TÜRKİYE']) expect(await projectIds({ country: [country] }), country).toEqual(['TUR-7', 'TUR-8']);
    expect(await projectIds({ country: ['turkiye'] })).toEqual([]);
    expect(await projectIds({ country: ['BRASIL'] })).toEqual(['BRA-5']);
  });

  it('beneficiary search: literal substrings over the chosen fields, harmonized by default', async () => {
    expect(await creditIds({ beneficiary_search: '100%' })).toHaveLength(1);
    expect(await creditIds({ beneficiary_search: '_' })).toEqual(await creditIds({ beneficiary_search: 'n_c' }));
    expect(await creditIds({ beneficiary_search: '_' })).toHaveLength(1);
    expect(await creditIds({ beneficiary_search: '\\' })).toHaveLength(1);
    expect(await creditIds({ beneficiary_search: 'ACME' })).toHaveLength(2);
    expect(await creditIds({ beneficiary_search: "it's 50%", beneficiary_search_fields: ['retirement_beneficiary_note'] })).toHaveLength(1);
    expect(await creditIds({ beneficiary_search: "it's 50%" })).toEqual([]);
    expect(await creditIds({ beneficiary_search: 'ltd', beneficiary_search_fields: ['retirement_beneficiary', 'retirement_beneficiary_note'] })).toHaveLength(2);
  });

  it('beneficiary search and the buyer filter fold every letter', async () => {
    expect(await creditIds({ beneficiary_search: 'RUBIM PRODUÇÕES' })).toEqual([901]);
    expect(await creditIds({ beneficiary_search: 'rubim produções ltda.', beneficiary_search_fields: ['retirement_beneficiary'] })).toEqual([901]);
    expect(await creditIds({ buyer: 'RUBIM PRODUÇÕES LTDA' })).toEqual([901]);
    // İ (capital I with dot above) folds to i
    expect(await creditIds({ beneficiary_search: 'istanbul' })).toEqual([902]);
    expect(await creditIds({ buyer: 'İSTANBUL ENERJİ' })).toEqual([902]);
    expect((await call(ctx(), 'buyers.get', { buyer_name: 'rubim produções ltda' })).buyer_name).toBe('Rubim Produções Ltda');
  });
});

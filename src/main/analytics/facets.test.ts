import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { ProjectFacetKey } from '../../shared/contract';
import { foldCase } from '../../shared/case-folding';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { project, tinyMarket, writeProjects } from './testing/tiny-market';

let db: Database.Database;
let engines: BothEngines;
beforeAll(async () => {
  db = tinyMarket();
  writeProjects(db, [
    project({ project_id: 'GLD-5', registry: 'gold-standard', country: 'Brazil', category: 'forest', project_type: 'Cookstoves', certifications: ['CCB-Gold', 'sd-vista'] }),
    // one country in three spellings beyond ASCII case (Ü, İ), and one certification with a non-ASCII capital
    project({ project_id: 'TUR-6', registry: 'gold-standard', country: 'Türkiye', category: 'renewable-energy', certifications: ['ÉCO-label'] }),
    project({ project_id: 'TUR-7', registry: 'verra', country: 'TÜRKIYE', category: 'renewable-energy', certifications: ['éco-label'] }),
    project({ project_id: 'TUR-8', registry: 'verra', country: 'TÜRKİYE', category: 'forest' }),
  ]);
  engines = await bothEngines(db);
});
afterAll(async () => {
  await engines.close();
  db.close();
});

describe.each(ENGINES)('projects.facets (%s)', (engine) => {
  const facets = (q: Record<string, unknown>) => call(engines.ctx(engine), 'projects.facets', q);
  const total = async (q: Record<string, unknown>) => (await call(engines.ctx(engine), 'projects.totals', q)).projects;

  it('counts, for every value present, the projects choosing it would list given the other filters', async () => {
    let values = 0;
    for (const q of [{}, { registry: ['verra'] }, { category: ['forest'], country: ['Brazil'] }, { registry: ['gold-standard'], certifications: ['ccb-gold'] }, { country: ['türkiye'] }, { search: 'zzz' }]) {
      const f = await facets(q);
      for (const key of ['registry', 'category', 'country', 'project_type', 'certifications'] as ProjectFacetKey[]) {
        for (const { value, projects } of f[key]) {
          expect(projects, `${JSON.stringify(q)} ${key}=${value}`).toBe(await total({ ...q, [key]: [value] }));
          values++;
        }
      }
    }
    expect(values).toBeGreaterThan(40);
  });

  it('groups values ignoring case, leaves nulls out, and keeps a chosen value\'s siblings countable', async () => {
    const all = await facets({});
    // 'Kenya' and 'kenya' are one country, as the filter matches them
    expect(all.country.filter((c) => foldCase(c.value) === 'kenya')).toHaveLength(1);
    expect(all.country.find((c) => foldCase(c.value) === 'kenya')!.projects).toBe(2);
    expect(all.certifications.find((c) => foldCase(c.value) === 'ccb-gold')!.projects).toBe(2);
    expect(all.country.some((c) => c.value === null)).toBe(false);
    // with Verra chosen, the registry facet still lists Gold Standard (its own filter left out)
    const verra = await facets({ registry: ['verra'] });
    expect(verra.registry.map((r) => r.value).sort()).toEqual(['american-carbon-registry', 'gold-standard', 'verra']);
    expect(verra.country.find((c) => c.value === 'Brazil')!.projects).toBe(1);
    expect(all.country.find((c) => c.value === 'Brazil')!.projects).toBe(2);
  });

  it('groups every letter\'s case, not only A-Z, and shows the smallest spelling', async () => {
    const all = await facets({});
    // Türkiye, TÜRKIYE and TÜRKİYE fold alike; 'TÜRKIYE' is the smallest of the three by code point
    expect(all.country.filter((c) => foldCase(c.value) === 'türkiye')).toEqual([{ value: 'TÜRKIYE', projects: 3 }]);
    expect(all.certifications.filter((c) => foldCase(c.value) === 'éco-label')).toEqual([{ value: 'ÉCO-label', projects: 2 }]);
    // most projects first, then by the folded value
    const counts = all.country.map((c) => c.projects);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

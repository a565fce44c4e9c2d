import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { contract, type ProjectFacetKey } from '../../shared/contract';
import { analyticsQueries } from '.';
import { project, tinyMarket, writeProjects } from './testing/tiny-market';

let db: Database.Database;
beforeAll(() => {
  db = tinyMarket();
  writeProjects(db, [
    project({ project_id: 'GLD-5', registry: 'gold-standard', country: 'Brazil', category: 'forest', project_type: 'Cookstoves', certifications: ['CCB-Gold', 'sd-vista'] }),
  ]);
});
afterAll(() => db.close());

const facets = (q: Record<string, unknown>) => analyticsQueries['projects.facets'](db, contract['projects.facets'].input.parse(q) as never);
const total = (q: Record<string, unknown>) => analyticsQueries['projects.totals'](db, contract['projects.totals'].input.parse(q) as never).projects;

describe('projects.facets', () => {
  it('counts, for every value present, the projects choosing it would list given the other filters', () => {
    for (const q of [{}, { registry: ['verra'] }, { category: ['forest'], country: ['Brazil'] }, { registry: ['gold-standard'], certifications: ['ccb-gold'] }, { search: 'zzz' }]) {
      const f = facets(q);
      for (const key of ['registry', 'category', 'country', 'project_type', 'certifications'] as ProjectFacetKey[]) {
        for (const { value, projects } of f[key]) expect(projects, `${JSON.stringify(q)} ${key}=${value}`).toBe(total({ ...q, [key]: [value] }));
      }
    }
  });

  it('groups values ignoring case, leaves nulls out, and keeps a chosen value\'s siblings countable', () => {
    const all = facets({});
    // 'Kenya' and 'kenya' are one country, as the filter matches them
    expect(all.country.filter((c) => c.value.toLowerCase() === 'kenya')).toHaveLength(1);
    expect(all.country.find((c) => c.value.toLowerCase() === 'kenya')!.projects).toBe(2);
    expect(all.certifications.find((c) => c.value.toLowerCase() === 'ccb-gold')!.projects).toBe(2);
    expect(all.country.some((c) => c.value === null)).toBe(false);
    // with Verra chosen, the registry facet still lists Gold Standard (its own filter left out)
    const verra = facets({ registry: ['verra'] });
    expect(verra.registry.map((r) => r.value).sort()).toEqual(['american-carbon-registry', 'gold-standard', 'verra']);
    expect(verra.country.find((c) => c.value === 'Brazil')!.projects).toBe(1);
    expect(all.country.find((c) => c.value === 'Brazil')!.projects).toBe(2);
  });
});

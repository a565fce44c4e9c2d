import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { projectListQuery, creditListQuery } from '../../shared/api/params';
import { listCredits } from './credits';
import { listProjects } from './projects';
import { tinyMarket } from './testing/tiny-market';

let db: Database.Database;
beforeEach(() => (db = tinyMarket()));
afterEach(() => db.close());

const projectIds = (q: Record<string, unknown>) => listProjects(db, projectListQuery.parse(q)).data.map((p) => p.project_id);
const creditIds = (q: Record<string, unknown>) => listCredits(db, creditListQuery.parse(q)).data.map((c) => c.id);

describe('user text matches literally', () => {
  it('% and _ are not wildcards in search', () => {
    expect(projectIds({ search: '%' })).toEqual(['VCS-1']);
    expect(projectIds({ search: '_' })).toEqual(['VCS-2']);
    expect(projectIds({ search: 'river_delta' })).toEqual(['VCS-2']);
    expect(projectIds({ search: 'river%delta' })).toEqual([]);
  });

  it('quotes and backslashes are plain characters', () => {
    expect(projectIds({ search: "o'brien" })).toEqual(['GLD-3']);
    expect(projectIds({ search: '\\ S' })).toEqual(['GLD-3']);
    expect(projectIds({ search: "'; DROP TABLE projects; --" })).toEqual([]);
    expect(projectIds({})).toHaveLength(4);
  });

  it('search ignores case and looks at the id and the name', () => {
    expect(projectIds({ search: 'vcs-' })).toEqual(['VCS-1', 'VCS-2']);
    expect(projectIds({ search: 'FOREST' })).toEqual(['VCS-1']);
  });

  it('string filters are exact but ignore case', () => {
    expect(projectIds({ country: ['KENYA'] })).toEqual(['GLD-3', 'VCS-2']);
    expect(projectIds({ country: ['Ken'] })).toEqual([]);
    expect(projectIds({ certifications: ['CCB-GOLD', 'corsia'] })).toEqual(['GLD-3', 'VCS-1']);
    expect(projectIds({ sdg_goals: [13, 15] })).toEqual(['VCS-1']);
    expect(projectIds({ sdg_goals: [13] })).toEqual(['VCS-1', 'VCS-2']);
  });

  it('beneficiary search: literal substrings over the chosen fields, harmonized by default', () => {
    expect(creditIds({ beneficiary_search: '100%' }).length).toBe(1);
    expect(creditIds({ beneficiary_search: '_' })).toEqual(creditIds({ beneficiary_search: 'n_c' }));
    expect(creditIds({ beneficiary_search: '\\' }).length).toBe(1);
    expect(creditIds({ beneficiary_search: 'ACME' }).length).toBe(2);
    expect(creditIds({ beneficiary_search: "it's 50%", beneficiary_search_fields: ['retirement_beneficiary_note'] }).length).toBe(1);
    expect(creditIds({ beneficiary_search: "it's 50%" })).toEqual([]);
    expect(creditIds({ beneficiary_search: 'ltd', beneficiary_search_fields: ['retirement_beneficiary', 'retirement_beneficiary_note'] }).length).toBe(1);
  });
});

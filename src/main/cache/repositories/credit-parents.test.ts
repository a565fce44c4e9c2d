import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../shared/api';
import { DERIVED_PARENTS, readParents, storedParents } from './credit-parents';

type Parents = CreditTransaction['projects'];
const columns = { project_id: 'VCS-12', category: 'forest', project_type: 'REDD+' };

describe('a credit transaction\'s parent projects in the cache', () => {
  it('keeps nothing for one parent that is the row\'s own columns, and rebuilds it exactly', () => {
    for (const parent of [columns, { ...columns, category: null }, { ...columns, project_type: null }, { project_id: 'x', category: '', project_type: 'a "quoted" type' }]) {
      const stored = storedParents([parent] as Parents);
      expect(stored).toBe(DERIVED_PARENTS);
      const row = { project_id: parent.project_id, category: parent.category, project_type: parent.project_type };
      expect(JSON.stringify(readParents(stored, row))).toBe(JSON.stringify([parent]));
    }
  });

  it('keeps as it came every list the columns cannot say', () => {
    const lists: unknown[] = [
      [],
      [columns, { project_id: 'VCS-13', category: 'forest', project_type: null }],
      [{ category: 'forest', project_id: 'VCS-12', project_type: 'REDD+' }],
      [{ ...columns, registry: 'verra' }],
      [{ project_id: 'VCS-12', category: 'forest' }],
      [{ ...columns, project_type: 7 }],
    ];
    for (const list of lists) {
      const stored = storedParents(list as Parents);
      expect(stored).toBe(JSON.stringify(list));
      expect(readParents(stored, columns)).toEqual(list);
    }
  });

  it('reads the JSON that rows written before kept for a plain parent', () => {
    expect(readParents(JSON.stringify([columns]), { project_id: 'other', category: null, project_type: null })).toEqual([columns]);
  });
});

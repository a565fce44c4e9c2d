import { describe, expect, it } from 'vitest';
import { creditTransactionSchema } from '../../shared/api';
import { itemReader } from './item-intake';
import { plainCreditTransaction } from './plain-credit';

/**
 * The fast reading of plain credit transactions gives exactly what the schema gives (the same
 * values, keys in the same order, the same `extra`, the same items skipped), over seeded items whose
 * every field is drawn from what servers send: absent, null, the right type, the wrong type,
 * fractions, huge numbers, datetimes, malformed days, unknown fields, odd parents.
 */

function draws(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Mostly a value the schema reads as it is (so whole items often are), else an odd one. */
  return ([usual, odd]: readonly [readonly unknown[], readonly unknown[]]): unknown => pick(next() < 0.9 ? usual : odd);
}

const ABSENT = Symbol('absent');
const TEXTS = [[ABSENT, null, 'retirement', '', "O'Brien 100%", 'Ünïcode'], [7, true, ['x'], { a: 1 }]] as const;
const INTEGERS = [[ABSENT, null, 2015, 0, -3, 2 ** 53 - 1], [2.5, 2 ** 53, '2015', true]] as const;
const AMOUNTS = [[ABSENT, null, 1000, 0.125, -4, 1e300, 2 ** 60], ['12', false, {}]] as const;
const DAYS = [[ABSENT, null, '2024-03-01'], ['2024-03-01T00:00:00', '2024-03-01 10:20', '2024-3-1', '01/03/2024', '', 20240301, '2024-03-01Z']] as const;
const PARENTS = [
  [
    ABSENT, null, [],
    [{ project_id: 'VCS-1', category: 'forest', project_type: 'REDD+' }],
    [{ project_id: 'VCS-1' }],
    [{ project_type: 'x', category: null, project_id: 'VCS-2', registry: 'verra' }],
    [{ project_id: 'A', category: 'forest', project_type: null }, { project_id: 'B', category: null, project_type: 'IFM' }],
  ],
  ['VCS-1', [null], [{}], [{ project_id: 'VCS-1', category: 5 }], [{ project_id: 9, category: 'forest' }], [['VCS-1']]],
] as const;
const GOALS = [[ABSENT, null, [], [1, 2, 17]], [[1.5], ['3'], [null], 'all']] as const;
const CERTIFICATIONS = [[ABSENT, null, [], ['CCB'], ['CCB', 'CORSIA']], [[1], [null], {}]] as const;
const IDS = [[1, 42, 2 ** 53 - 1, -7], [2 ** 53, 1.5, '42', null, ABSENT]] as const;
const EXTRAS = [[ABSENT], ['kept', { nested: [1] }, null]] as const;

function item(pick: ReturnType<typeof draws>): Record<string, unknown> {
  const fields: Array<[string, unknown]> = [
    ['id', pick(IDS)], ['quantity', pick(AMOUNTS)], ['vintage', pick(INTEGERS)], ['transaction_date', pick(DAYS)],
    ['transaction_type', pick(TEXTS)], ['retirement_account', pick(TEXTS)], ['retirement_beneficiary', pick(TEXTS)],
    ['retirement_reason', pick(TEXTS)], ['retirement_note', pick(TEXTS)], ['retirement_beneficiary_harmonized', pick(TEXTS)],
    ['projects', pick(PARENTS)], ['sdg_goals', pick(GOALS)], ['certifications', pick(CERTIFICATIONS)], ['registry_extra', pick(EXTRAS)],
  ];
  // Servers send fields in their own order.
  if (pick([[true, false], []])) fields.reverse();
  return Object.fromEntries(fields.filter(([, v]) => v !== ABSENT).map(([k, v]) => [k, structuredClone(v)]));
}

/** A plain item: every field present and of its type, as the reference service sends it. */
const plainItem = (id: number) => ({
  id, quantity: 1200.5, vintage: 2019, transaction_date: '2024-03-01', transaction_type: 'retirement', retirement_account: null,
  retirement_beneficiary: 'Acme Ltd', retirement_reason: null, retirement_note: '', retirement_beneficiary_harmonized: 'Acme',
  projects: [{ project_id: 'VCS-1', category: 'forest', project_type: 'REDD+' }], sdg_goals: [13, 15], certifications: ['CCB'],
});

describe('plainCreditTransaction', () => {
  const bySchema = itemReader(creditTransactionSchema, ['id']);
  let plainReads = 0;
  const counted: typeof plainCreditTransaction = (raw, extra) => {
    const read = plainCreditTransaction(raw, extra);
    if (read) plainReads++;
    return read;
  };
  const fast = itemReader(creditTransactionSchema, ['id'], undefined, counted);

  it('reads every drawn item as the schema does, keys in the same order', () => {
    for (const seed of [1, 2, 3]) {
      const pick = draws(seed);
      for (let i = 0; i < 4000; i++) {
        const raw = item(pick);
        const a = bySchema.take(raw, i, 1);
        const b = fast.take(raw, i, 1);
        expect(b).toStrictEqual(a);
        if ('item' in a && 'item' in b) {
          expect(Object.keys(b.item)).toEqual(Object.keys(a.item));
          expect(JSON.stringify(b.item)).toBe(JSON.stringify(a.item));
        }
      }
    }
    // The draws reach the fast reading often enough to test it, and the schema for the rest.
    expect(plainReads).toBeGreaterThan(1000);
    expect(plainReads).toBeLessThan(11_000);
  });

  it('takes the fast reading for a plain item and leaves nothing shared with the raw item', () => {
    const raw = plainItem(5);
    const read = plainCreditTransaction(raw, null);
    expect(read).toStrictEqual({ ...creditTransactionSchema.parse(raw), extra: null });
    expect(read!.sdg_goals).not.toBe(raw.sdg_goals);
    expect(read!.projects[0]).not.toBe(raw.projects[0]);
  });

  it('leaves to the schema what it would read differently or refuse', () => {
    for (const odd of [
      { transaction_date: '2024-03-01T00:00:00' }, { id: 2 ** 53 }, { id: '5' }, { vintage: 2019.5 }, { quantity: '12' },
      { projects: [{ category: 'forest' }] }, { sdg_goals: [1.5] }, { certifications: [null] }, { retirement_note: 3 },
    ]) expect(plainCreditTransaction({ ...plainItem(5), ...odd }, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { buyerListQuery, creditListAppQuery, BUYER_SORT_FIELDS } from '../../../../shared/api/params';
import { BUYER_CHIP_SPECS, BUYER_CREDIT_KEYS, BUYER_FILTER_KEYS, BUYER_RANGE_CHIP_SPECS, buyerTransactionsLink, buyerTransactionsQuery } from './buyer-filters';

describe('buyer filters', () => {
  it('names only parameters the buyers endpoint takes, and every buyer filter of the spec', () => {
    const shape = Object.keys(buyerListQuery.shape);
    for (const k of [...BUYER_FILTER_KEYS, ...BUYER_CREDIT_KEYS]) expect(shape).toContain(k);
    for (const k of Object.keys(BUYER_CHIP_SPECS)) expect(shape).toContain(k);
    for (const r of BUYER_RANGE_CHIP_SPECS) expect(BUYER_CREDIT_KEYS).toEqual(expect.arrayContaining([r.min, r.max]));
    expect(BUYER_FILTER_KEYS).toHaveLength(11);
    expect(BUYER_SORT_FIELDS).toContain('days_since_last');
  });

  it('asks the credits list for the buyer\'s retirements by exact name, and links the Transactions view to the same query', () => {
    const q = buyerTransactionsQuery('Acme Corp');
    expect(creditListAppQuery.parse(q)).toEqual({ buyer: 'Acme Corp', transaction_type: ['retirement'] });
    const link = new URL(buyerTransactionsLink(`O'Neil & 50%_Co`), 'http://x/');
    expect(link.pathname).toBe('/transactions');
    expect(creditListAppQuery.parse({ buyer: link.searchParams.get('buyer'), transaction_type: link.searchParams.getAll('transaction_type') })).toEqual({
      buyer: `O'Neil & 50%_Co`,
      transaction_type: ['retirement'],
    });
  });
});

/** `exceeds_unretired`: the holding's quantity exceeds the unretired credits of its project and vintage. */
import { fmt } from '../tonnes';
import type { ScreeningRule } from '../screening-rule';
import { balanceEvidence, scope, vintageBalances } from './vintage-balance';

export const exceedsUnretired: ScreeningRule = {
  id: 'exceeds_unretired',
  severity: 'high',
  source: 'credit_transactions',
  definition: 'The holding\'s quantity exceeds the unretired credits of its project and vintage: issued minus retired minus cancelled over the cached transactions of that project and vintage (without a vintage: of the project). A quantity equal to the unretired credits is not flagged.',
  flags(db, portfolioId, shared) {
    return vintageBalances(db, portfolioId, shared)
      .filter((b) => b.quantity > b.issued - b.retired - b.cancelled)
      .map((b) => ({
        row: b.row,
        rule: 'exceeds_unretired',
        severity: 'high',
        message: b.transactions === 0
          ? `The holding of ${fmt(b.quantity)} t exceeds the unretired credits of ${scope(b)}: no transactions of it are cached.`
          : `The holding of ${fmt(b.quantity)} t exceeds the ${fmt(b.issued - b.retired - b.cancelled)} t unretired of ${scope(b)} (issued ${fmt(b.issued)}, retired ${fmt(b.retired)}, cancelled ${fmt(b.cancelled)}).`,
        evidence: balanceEvidence(b),
        source: 'credit_transactions',
      }));
  },
};

/** `vintage_over_retired`: retired plus cancelled exceed issued over the cached transactions of the project and vintage. */
import { fmt } from '../tonnes';
import type { ScreeningRule } from '../screening-rule';
import { balanceEvidence, scope, vintageBalances } from './vintage-balance';

export const vintageOverRetired: ScreeningRule = {
  id: 'vintage_over_retired',
  severity: 'medium',
  source: 'credit_transactions',
  definition: 'Over the cached transactions of the holding\'s project and vintage (without a vintage: of the project), retired plus cancelled exceed issued.',
  flags(db, portfolioId, shared) {
    return vintageBalances(db, portfolioId, shared)
      .filter((b) => b.retired + b.cancelled > b.issued)
      .map((b) => ({
        row: b.row,
        rule: 'vintage_over_retired',
        severity: 'medium',
        message: `The cached transactions of ${scope(b)} retire and cancel ${fmt(b.retired + b.cancelled)} t, more than the ${fmt(b.issued)} t they issue.`,
        evidence: balanceEvidence(b),
        source: 'credit_transactions',
      }));
  },
};

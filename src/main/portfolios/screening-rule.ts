/**
 * A screening rule: an id, its definition in words, and a function of the cache and a portfolio to
 * the flags it raises. Rules read the holdings' matched projects (`holdings.project_ref`) with
 * set-based SQL, one statement per rule whatever the number of holdings. A new rule is one module
 * added to the registry (rule-registry.ts).
 */
import type Database from 'better-sqlite3';

import type { FlagSeverity } from '../../shared/contract';

export type Severity = FlagSeverity;

export interface HoldingFlag {
  row: number;
  rule: string;
  severity: Severity;
  /** One sentence in words. */
  message: string;
  /** The figures and the ids or URLs they come from. */
  evidence: Record<string, unknown>;
  /** The resource of the cache the flag comes from. */
  source: string;
}

export interface ScreeningRule {
  id: string;
  severity: Severity;
  source: string;
  /** The rule's definition, as documented. */
  definition: string;
  /** `shared` lives for one screening: what several rules read (a portfolio's balances) is read once. */
  flags(db: Database.Database, portfolioId: number, shared: Map<string, unknown>): HoldingFlag[];
}

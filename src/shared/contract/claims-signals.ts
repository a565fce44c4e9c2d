/**
 * The contract's claim verification and integrity signals: their inputs, outputs and methods, spread
 * into THE contract (index.ts). Both are answered from the cache by the query layer.
 */
import { z } from 'zod';
import { contractQueries } from '../api/params';
import type { CreditTransaction, Page } from '../api';
import { method, query } from './define';
import { REPORT_FORMATS, type ReportFile } from './portfolio-types';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const paging = {
  current_page: z.number().int().min(1).max(1_000_000).optional(),
  per_page: z.number().int().min(1).max(1000).optional(),
};

export const claimVerifyInput = z.object({
  /** The claimed beneficiary: a retirement matches when its buyer name equals it ignoring case. */
  beneficiary: z.string().trim().min(1).max(300),
  /** Inclusive bounds on the transaction date. */
  from: day.optional(),
  to: day.optional(),
  /** The claimed tonnes, for the shortfall or excess. */
  tonnes: z.number().min(0).max(1e12).optional(),
  project_id: z.array(z.string().min(1).max(64)).max(200).optional(),
  vintage: z.array(z.number().int().min(1900).max(2200)).max(200).optional(),
  ...paging,
}).strict();
export type ClaimVerifyInput = z.output<typeof claimVerifyInput>;

/** The beneficiary fields a near match is found in (as written, not harmonized). */
export const NEAR_MATCH_FIELDS = ['retirement_beneficiary', 'retirement_account', 'retirement_note', 'retirement_reason'] as const;
export type NearMatchField = (typeof NEAR_MATCH_FIELDS)[number];

export interface ClaimVolume {
  quantity: number;
  transactions: number;
}

export interface ClaimVerification {
  /** The claimed name as matched (trimmed). */
  beneficiary: string;
  claimed_tonnes: number | null;
  matched: ClaimVolume;
  /** claimed − matched when the matched retirements fall short (null without claimed tonnes). */
  shortfall: number | null;
  /** matched − claimed when they exceed the claim (null without claimed tonnes). */
  excess: number | null;
  by_project: Array<ClaimVolume & { project_id: string | null; project_name: string | null }>;
  by_vintage: Array<ClaimVolume & { vintage: number | null }>;
  /** By the transaction date's year (null: undated). */
  by_year: Array<ClaimVolume & { year: number | null }>;
  /** The matched retirements, largest first. */
  transactions: Page<CreditTransaction>;
  /** Retirements not matched whose other beneficiary fields contain the name: never in `matched`. */
  near_matches: Array<ClaimVolume & { field: NearMatchField; value: string }>;
  near_match_total: ClaimVolume;
}

export const SIGNAL_KINDS = ['retired_exceeds_issued', 'retirement_before_issuance', 'totals_mismatch', 'large_retirement'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export interface IntegritySignal {
  /** Stable across recomputes while the signal holds: kind, project, vintage and what it rests on. */
  key: string;
  kind: SignalKind;
  project_id: string;
  project_name: string | null;
  registry: string | null;
  country: string | null;
  category: string | null;
  vintage: number | null;
  /** The figures the signal is computed from (tonnes, dates, shares), by name. */
  figures: Record<string, number | string | null>;
  /** The transaction ids and the fields the signal rests on. */
  evidence: { transaction_ids: number[]; fields: string[] };
  /** When the signal was first found (the run that found it). */
  detected_at: string;
}

export interface SignalSummary {
  total: number;
  projects: number;
  by_kind: Array<{ kind: SignalKind; signals: number; projects: number }>;
}

export const SIGNAL_SORTS = ['kind', '-kind', 'project_id', '-project_id', 'vintage', '-vintage', 'detected_at', '-detected_at'] as const;

const signalFilters = contractQueries.projectListQuery.omit({ current_page: true, per_page: true, sort: true }).extend({
  kind: z.array(z.enum(SIGNAL_KINDS)).max(SIGNAL_KINDS.length).optional(),
  project_id: z.array(z.string().min(1).max(64)).max(500).optional(),
});
export const signalListInput = signalFilters.extend({
  sort: z.array(z.enum(SIGNAL_SORTS)).max(4).optional(),
  ...paging,
}).strict();
export const signalSummaryInput = signalFilters.strict();
export type SignalListInput = z.output<typeof signalListInput>;
export type SignalFilterInput = z.output<typeof signalSummaryInput>;

export const claimsSignalsMethods = {
  'claims.verify': query(
    claimVerifyInput,
    'App-only: the retirements a beneficiary made (buyer name equal ignoring case), in a date range, projects and vintages: totals, per project, vintage and year, the shortfall or excess against claimed tonnes, the transactions, and near matches in the other beneficiary fields',
  ).returns<ClaimVerification>(),
  'claims.report': method(
    claimVerifyInput.omit({ current_page: true, per_page: true }).extend({ format: z.enum(REPORT_FORMATS) }).strict(),
    'App-only: the claim check as a one-page report (PDF, HTML or Markdown) with the provenance block',
  ).returns<ReportFile>(),
  'signals.list': query(
    signalListInput,
    'App-only: integrity signals computed from the cache after each sync (kind, project ids, group P filters, sort, paging)',
  ).returns<Page<IntegritySignal>>(),
  'signals.summary': query(
    signalSummaryInput,
    'App-only: integrity signals counted by kind, with the projects they concern',
  ).returns<SignalSummary>(),
} as const;

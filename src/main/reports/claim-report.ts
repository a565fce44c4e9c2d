/**
 * The one-page report of a retirement claim check: the claim, what the cache's retirements show
 * (matched total, shortfall or excess, per project, vintage and year), the near matches kept apart,
 * the largest matched transactions, and the same provenance block as the due-diligence report.
 */
import type { ClaimVerification, ClaimVerifyInput } from '../../shared/contract';
import { formatDay } from '../../shared/format-day';
import { type Provenance, provenanceBlocks, reportTime } from './provenance';
import { type ReportDocument, counted, orDash, tonnes } from './report-document';

/** The matched transactions a claim report lists (the largest first, as the answer pages them). */
const LISTED_TRANSACTIONS = 15;

function verdict(v: ClaimVerification): string {
  const matched = `${tonnes(v.matched.quantity)} t in ${counted(v.matched.transactions, 'retirement')}`;
  if (v.claimed_tonnes === null) return `The cache holds ${matched} for this beneficiary.`;
  if (v.shortfall !== null && v.shortfall > 0) return `Shortfall of ${tonnes(v.shortfall)} t: ${tonnes(v.claimed_tonnes)} t claimed, ${matched} found.`;
  if (v.excess !== null && v.excess > 0) return `Covered: ${matched} found, ${tonnes(v.excess)} t more than the ${tonnes(v.claimed_tonnes)} t claimed.`;
  return `Covered exactly: ${matched} found for ${tonnes(v.claimed_tonnes)} t claimed.`;
}

export function claimReport(input: ClaimVerifyInput, v: ClaimVerification, provenance: Provenance): ReportDocument {
  const period = input.from || input.to ? `${input.from ? formatDay(input.from) : 'the first retirement'} to ${input.to ? formatDay(input.to) : 'the last'}` : 'every date';
  return {
    title: `Retirement claim: ${v.beneficiary}`,
    subtitle: `Checked against the cache of ${provenance.connection?.name ?? 'no connection'}, ${reportTime(provenance.generatedAt)}`,
    blocks: [
      { kind: 'heading', level: 1, text: 'Claim and finding' },
      {
        kind: 'facts',
        rows: [
          { label: 'Beneficiary', value: v.beneficiary },
          { label: 'Period (transaction date)', value: period },
          { label: 'Claimed', value: v.claimed_tonnes === null ? '—' : `${tonnes(v.claimed_tonnes)} t` },
          { label: 'Projects', value: input.project_id?.join(', ') || 'any' },
          { label: 'Vintages', value: input.vintage?.join(', ') || 'any' },
        ],
      },
      { kind: 'paragraph', tone: v.shortfall !== null && v.shortfall > 0 ? 'warning' : 'plain', text: verdict(v) },
      {
        kind: 'paragraph',
        tone: 'muted',
        text: 'Matched: retirements whose buyer name (the harmonized name, or the beneficiary as written where there is none) equals the claimed name ignoring case. Near matches contain the name in another beneficiary field and are never added to the matched total.',
      },
      { kind: 'heading', level: 2, text: 'Per project' },
      { kind: 'table', columns: [{ label: 'Project', weight: 1.2 }, { label: 'Name', weight: 2.6 }, { label: 'Retirements', align: 'right' }, { label: 'Tonnes', align: 'right', weight: 1.2 }], rows: v.by_project.map((p) => [orDash(p.project_id), orDash(p.project_name), String(p.transactions), tonnes(p.quantity)]), empty: 'No matched retirement.' },
      { kind: 'heading', level: 2, text: 'Per vintage and per year' },
      { kind: 'table', columns: [{ label: 'Vintage' }, { label: 'Tonnes', align: 'right' }, { label: 'Year' }, { label: 'Tonnes', align: 'right' }], rows: Array.from({ length: Math.max(v.by_vintage.length, v.by_year.length) }, (_, i) => [orDash(v.by_vintage[i]?.vintage ?? (v.by_vintage[i] ? null : '')), v.by_vintage[i] ? tonnes(v.by_vintage[i]!.quantity) : '', orDash(v.by_year[i]?.year ?? (v.by_year[i] ? null : '')), v.by_year[i] ? tonnes(v.by_year[i]!.quantity) : '']), empty: 'No matched retirement.' },
      { kind: 'heading', level: 2, text: `Largest matched retirements (${Math.min(LISTED_TRANSACTIONS, v.transactions.data.length)} of ${v.matched.transactions.toLocaleString('en-GB')})` },
      { kind: 'table', columns: [{ label: 'Id', align: 'right', weight: 0.8 }, { label: 'Date', weight: 0.9 }, { label: 'Project', weight: 1 }, { label: 'Vintage', align: 'right', weight: 0.6 }, { label: 'Tonnes', align: 'right', weight: 1 }, { label: 'Beneficiary as written', weight: 2 }], rows: v.transactions.data.slice(0, LISTED_TRANSACTIONS).map((t) => [String(t.id), t.transaction_date ? formatDay(t.transaction_date) : '—', t.projects.map((p) => p.project_id).join(', ') || '—', orDash(t.vintage), tonnes(t.quantity), orDash(t.retirement_beneficiary)]), empty: 'No matched retirement.' },
      { kind: 'heading', level: 2, text: `Near matches (${tonnes(v.near_match_total.quantity)} t in ${counted(v.near_match_total.transactions, 'retirement')}, not counted)` },
      { kind: 'table', columns: [{ label: 'Field', weight: 1.2 }, { label: 'Value', weight: 3 }, { label: 'Retirements', align: 'right' }, { label: 'Tonnes', align: 'right' }], rows: v.near_matches.map((n) => [n.field.replace(/_/g, ' '), n.value, String(n.transactions), tonnes(n.quantity)]), empty: 'No near match.' },
      { kind: 'page-break' },
      ...provenanceBlocks(provenance),
    ],
  };
}

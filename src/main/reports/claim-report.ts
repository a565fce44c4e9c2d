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
const LISTED_TRANSACTIONS = 8;
/** The rows of each breakdown; the rest are summed in one line, so the claim fits its first page. */
const BREAKDOWN_ROWS = 8;

interface Volume { quantity: number; transactions: number }

/** The first `BREAKDOWN_ROWS` rows as `cells`, the rest summed in one line labelled `rest`. */
function capped<T extends Volume>(rows: readonly T[], cells: (r: T) => string[], rest: (n: number) => string[], width: number): string[][] {
  const shown = rows.slice(0, BREAKDOWN_ROWS).map(cells);
  const more = rows.slice(BREAKDOWN_ROWS);
  if (more.length === 0) return shown;
  const sum = more.reduce((s, r) => ({ quantity: s.quantity + r.quantity, transactions: s.transactions + r.transactions }), { quantity: 0, transactions: 0 });
  const label = rest(more.length);
  return [...shown, [...label, ...Array(Math.max(0, width - label.length - 2)).fill(''), String(sum.transactions), tonnes(sum.quantity)]];
}

function verdict(v: ClaimVerification): string {
  const matched = `${tonnes(v.matched.quantity)} t in ${counted(v.matched.transactions, 'retirement')}`;
  if (v.claimed_tonnes === null) return `The cache holds ${matched} for this beneficiary.`;
  if (v.shortfall !== null && v.shortfall > 0) return `Shortfall of ${tonnes(v.shortfall)} t: ${tonnes(v.claimed_tonnes)} t claimed, ${matched} found.`;
  if (v.excess !== null && v.excess > 0) return `Covered: ${matched} found, ${tonnes(v.excess)} t more than the ${tonnes(v.claimed_tonnes)} t claimed.`;
  return `Covered exactly: ${matched} found for ${tonnes(v.claimed_tonnes)} t claimed.`;
}

/** Two tables of three columns as one of six, row by row. */
function sideBySide(left: string[][], right: string[][]): string[][] {
  return Array.from({ length: Math.max(left.length, right.length) }, (_, i) => [...(left[i] ?? ['', '', '']), ...(right[i] ?? ['', '', ''])]);
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
      { kind: 'table', columns: [{ label: 'Project', weight: 1.2 }, { label: 'Name', weight: 2.6 }, { label: 'Retirements', align: 'right' }, { label: 'Tonnes', align: 'right', weight: 1.2 }], rows: capped(v.by_project, (p) => [orDash(p.project_id), orDash(p.project_name), String(p.transactions), tonnes(p.quantity)], (n) => [`${n} more`], 4), empty: 'No matched retirement.' },
      { kind: 'heading', level: 2, text: 'Per vintage and per year' },
      {
        kind: 'table',
        columns: [{ label: 'Vintage' }, { label: 'Retirements', align: 'right' }, { label: 'Tonnes', align: 'right' }, { label: 'Year' }, { label: 'Retirements', align: 'right' }, { label: 'Tonnes', align: 'right' }],
        rows: sideBySide(
          capped([...v.by_vintage].reverse(), (r) => [orDash(r.vintage), String(r.transactions), tonnes(r.quantity)], (n) => [`${n} earlier`], 3),
          capped([...v.by_year].reverse(), (r) => [orDash(r.year), String(r.transactions), tonnes(r.quantity)], (n) => [`${n} earlier`], 3),
        ),
        empty: 'No matched retirement.',
      },
      { kind: 'heading', level: 2, text: `Largest matched retirements (${Math.min(LISTED_TRANSACTIONS, v.transactions.data.length)} of ${v.matched.transactions.toLocaleString('en-GB')})` },
      { kind: 'table', columns: [{ label: 'Id', align: 'right', weight: 0.8 }, { label: 'Date', weight: 0.9 }, { label: 'Project', weight: 1 }, { label: 'Vintage', align: 'right', weight: 0.6 }, { label: 'Tonnes', align: 'right', weight: 1 }, { label: 'Beneficiary as written', weight: 2 }], rows: v.transactions.data.slice(0, LISTED_TRANSACTIONS).map((t) => [String(t.id), t.transaction_date ? formatDay(t.transaction_date) : '—', t.projects.map((p) => p.project_id).join(', ') || '—', orDash(t.vintage), tonnes(t.quantity), orDash(t.retirement_beneficiary)]), empty: 'No matched retirement.' },
      { kind: 'heading', level: 2, text: `Near matches (${tonnes(v.near_match_total.quantity)} t in ${counted(v.near_match_total.transactions, 'retirement')}, not counted)` },
      { kind: 'table', columns: [{ label: 'Field', weight: 1.2 }, { label: 'Value', weight: 3 }, { label: 'Retirements', align: 'right' }, { label: 'Tonnes', align: 'right' }], rows: capped(v.near_matches, (n) => [n.field.replace(/_/g, ' '), n.value, String(n.transactions), tonnes(n.quantity)], (k) => [`${k} more`], 4), empty: 'No near match.' },
      ...provenanceBlocks(provenance),
    ],
  };
}

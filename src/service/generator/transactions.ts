/**
 * Credit transactions of one project: issuances first, then retirements and cancellations that
 * never exceed what was issued by their date; retirements name buyers through varied raw
 * beneficiary spellings and a harmonized canonical name. Dates follow the market's activity curves
 * within the project's active span.
 */
import { fromDayNumber, toDayNumber } from '../calendar';
import type { ActivityCurve } from './activity-curve';
import { ACCOUNT_HOLDERS, NOTE_TEMPLATES, RETIREMENT_REASONS, type BuyerSeed } from './names';
import type { Rng } from './rng';
import { VintageBalance } from './vintage-balance';

export interface TransactionDraft {
  /** Null or fractional only in a messy market. */
  quantity: number | null;
  vintage: number | null;
  transaction_date: string | null;
  /** Any string (a messy market has types no client knows) or null. */
  transaction_type: string | null;
  retirement_account: string | null;
  retirement_beneficiary: string | null;
  retirement_reason: string | null;
  retirement_note: string | null;
  retirement_beneficiary_harmonized: string | null;
}

type KnownType = 'issuance' | 'retirement' | 'cancellation';

interface Dated {
  day: number;
  quantity: number;
  type: KnownType;
}

export interface ActivityCurves {
  issuance: ActivityCurve;
  retirement: ActivityCurve;
}

const TYPE_ORDER = { issuance: 0, retirement: 1, cancellation: 2 } as const;

export function projectTransactions(
  rng: Rng,
  count: number,
  earliestIssuance: string,
  today: string,
  smallVolumes: boolean,
  pickBuyer: (rng: Rng) => BuyerSeed,
  curves: ActivityCurves,
): TransactionDraft[] {
  if (count <= 0) return [];
  const lastDay = toDayNumber(today) - 1;
  const firstIssuance = Math.min(toDayNumber(earliestIssuance), lastDay - 14);
  const nIssuance = count === 1 ? 1 : Math.max(1, Math.round(count * (0.15 + rng.float() * 0.2)));
  const nCancellation = count - nIssuance >= 5 && rng.chance(0.4) ? Math.max(1, Math.round(count * 0.03)) : 0;
  const nRetirement = count - nIssuance - nCancellation;

  const issuances: Dated[] = [];
  for (let i = 0; i < nIssuance; i++) {
    const day = i === 0 ? firstIssuance : curves.issuance.draw(rng, firstIssuance, lastDay - 6);
    issuances.push({ day, quantity: issuanceQuantity(rng, smallVolumes), type: 'issuance' });
  }
  issuances.sort((a, b) => a.day - b.day);
  const minimum = 20 * (nRetirement + nCancellation + 1);
  let issued = issuances.reduce((s, x) => s + x.quantity, 0);
  if (issued < minimum) {
    issuances[0]!.quantity += minimum - issued;
    issued = minimum;
  }

  // Retirement and cancellation volumes: a share of what was issued, split unevenly.
  const outflows: Dated[] = [];
  const retiredBudget = Math.floor(issued * (0.15 + rng.float() * 0.7));
  const cancelledBudget = Math.floor(issued * 0.02);
  const split = (n: number, budget: number, type: Dated['type']) => {
    const weights = Array.from({ length: n }, () => rng.logNormal(1, 1.2));
    const total = weights.reduce((s, w) => s + w, 0);
    for (const w of weights) {
      const day = curves.retirement.draw(rng, firstIssuance, lastDay);
      outflows.push({ day, quantity: Math.max(1, Math.floor((budget * w) / total)), type });
    }
  };
  split(nRetirement, retiredBudget, 'retirement');
  split(nCancellation, Math.max(nCancellation, cancelledBudget), 'cancellation');
  outflows.sort((a, b) => a.day - b.day);

  // Move an outflow later when earlier issuances do not yet cover the cumulative outflow.
  let cumulativeOut = 0;
  let floorDay = firstIssuance;
  let cursor = 0;
  let cumulativeIssued = 0;
  for (const o of outflows) {
    cumulativeOut += o.quantity;
    o.day = Math.max(o.day, floorDay);
    while (cursor < issuances.length && (issuances[cursor]!.day <= o.day || cumulativeIssued < cumulativeOut)) {
      cumulativeIssued += issuances[cursor]!.quantity;
      if (issuances[cursor]!.day > o.day) o.day = issuances[cursor]!.day;
      cursor++;
    }
    floorDay = o.day;
  }

  const all = [...issuances, ...outflows].sort((a, b) => a.day - b.day || TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
  const balance = new VintageBalance();
  const out: TransactionDraft[] = [];
  for (const t of all) {
    const date = fromDayNumber(t.day);
    const year = Number(date.slice(0, 4));
    let vintage: number | null;
    let quantity = t.quantity;
    if (t.type === 'issuance') {
      vintage = rng.chance(0.01) ? null : year - rng.int(0, 2);
      balance.issue(vintage, quantity);
    } else {
      // Credits of a vintage that still has them (a vintage short of the whole outflow gives what it has).
      const taken = balance.take(rng, quantity);
      if (!taken) continue;
      ({ vintage, quantity } = taken);
      // Now and then the registry's record leaves the vintage out.
      if (rng.chance(0.01)) vintage = null;
    }
    out.push({ quantity, vintage, transaction_date: date, transaction_type: t.type, ...outflowFields(rng, t.type, year, pickBuyer) });
  }
  return out;
}

export const issuanceQuantity = (rng: Rng, smallVolumes: boolean): number => Math.max(10, Math.round(rng.logNormal(smallVolumes ? 900 : 11_000, 1.1)));

type OutflowFields = Pick<TransactionDraft, 'retirement_account' | 'retirement_beneficiary' | 'retirement_reason' | 'retirement_note' | 'retirement_beneficiary_harmonized'>;

export function outflowFields(rng: Rng, type: KnownType, year: number, pickBuyer: (rng: Rng) => BuyerSeed): OutflowFields {
  const none: OutflowFields = { retirement_account: null, retirement_beneficiary: null, retirement_reason: null, retirement_note: null, retirement_beneficiary_harmonized: null };
  if (type === 'issuance') return none;
  const account = rng.chance(0.9) ? `${rng.pick(ACCOUNT_HOLDERS)} - ${rng.int(100000, 999999)}` : null;
  if (type === 'cancellation') {
    return { ...none, retirement_account: account, retirement_reason: rng.chance(0.6) ? rng.pick(['Buffer pool cancellation', 'Registry correction', 'Double issuance reversal']) : null };
  }
  const reason = rng.chance(0.8) ? rng.pick(RETIREMENT_REASONS) : null;
  const note = rng.chance(0.4) ? rng.pick(NOTE_TEMPLATES).replace('{y}', String(year)).replace('{n}', String(rng.int(1, 99999))) : null;
  const roll = rng.float();
  if (roll < 0.1) return { ...none, retirement_account: account, retirement_reason: reason, retirement_note: note };
  if (roll < 0.12) {
    return { retirement_account: account, retirement_beneficiary: rng.pick(['Private individual', 'Anonymous', 'Various', 'n/a']), retirement_reason: reason, retirement_note: note, retirement_beneficiary_harmonized: null };
  }
  const buyer = pickBuyer(rng);
  return {
    retirement_account: account,
    retirement_beneficiary: rng.pick(buyer.variants),
    retirement_reason: reason,
    retirement_note: note,
    retirement_beneficiary_harmonized: buyer.canonical,
  };
}

/**
 * The hot path of a sync's intake: a credit transaction whose every field is already what the schema
 * reads (a safe integer id, numbers, plain YYYY-MM-DD days, strings or nulls, lists of the right
 * items) is read here in one pass, into the value zod would give, with the same keys in the same
 * order. Anything else (a field of another type, a datetime, a fraction where an integer belongs, a
 * parent without its id) answers null, and the schema reads the item as usual: liberal reading
 * stays in one place (item-intake.ts), this only skips its cost for the items that need none of it:
 * zod's reading, and the objects it builds, which are slower to read and to pass between threads.
 */
import type { CreditTransaction, ExtraFields, WithExtra } from '../../shared/api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Not what the schema reads as it is: the item goes to the schema. */
const UNUSUAL = Symbol('unusual');

const text = (v: unknown): string | null | typeof UNUSUAL => (v === undefined || v === null ? null : typeof v === 'string' ? v : UNUSUAL);
const integer = (v: unknown): number | null | typeof UNUSUAL => (v === undefined || v === null ? null : Number.isSafeInteger(v) ? (v as number) : UNUSUAL);
const amount = (v: unknown): number | null | typeof UNUSUAL => (v === undefined || v === null ? null : typeof v === 'number' && Number.isFinite(v) ? v : UNUSUAL);
const day = (v: unknown): string | null | typeof UNUSUAL => (v === undefined || v === null ? null : typeof v === 'string' && v.length === 10 && DAY.test(v) ? v : UNUSUAL);

function parents(v: unknown): CreditTransaction['projects'] | typeof UNUSUAL {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return UNUSUAL;
  const out: CreditTransaction['projects'] = [];
  for (const p of v as unknown[]) {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return UNUSUAL;
    const r = p as Record<string, unknown>;
    const category = text(r.category);
    const type = text(r.project_type);
    if (typeof r.project_id !== 'string' || category === UNUSUAL || type === UNUSUAL) return UNUSUAL;
    out.push({ project_id: r.project_id, category, project_type: type });
  }
  return out;
}

function listOf<T>(v: unknown, ok: (item: unknown) => boolean): T[] | typeof UNUSUAL {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return UNUSUAL;
  for (const item of v as unknown[]) if (!ok(item)) return UNUSUAL;
  return (v as T[]).slice();
}

/** The transaction as the schema reads it, with `extra` (the fields it does not model); null when the schema must read it. */
export function plainCreditTransaction(raw: Record<string, unknown>, extra: ExtraFields | null): WithExtra<CreditTransaction> | null {
  const id = raw.id;
  if (!Number.isSafeInteger(id)) return null;
  const quantity = amount(raw.quantity);
  const vintage = integer(raw.vintage);
  const date = day(raw.transaction_date);
  const type = text(raw.transaction_type);
  const account = text(raw.retirement_account);
  const beneficiary = text(raw.retirement_beneficiary);
  const reason = text(raw.retirement_reason);
  const note = text(raw.retirement_note);
  const harmonized = text(raw.retirement_beneficiary_harmonized);
  const projects = parents(raw.projects);
  const sdgGoals = listOf<number>(raw.sdg_goals, Number.isSafeInteger);
  const certifications = listOf<string>(raw.certifications, (c) => typeof c === 'string');
  if (
    quantity === UNUSUAL || vintage === UNUSUAL || date === UNUSUAL || type === UNUSUAL || account === UNUSUAL || beneficiary === UNUSUAL ||
    reason === UNUSUAL || note === UNUSUAL || harmonized === UNUSUAL || projects === UNUSUAL || sdgGoals === UNUSUAL || certifications === UNUSUAL
  ) return null;
  return {
    id: id as number,
    quantity,
    vintage,
    transaction_date: date,
    transaction_type: type,
    retirement_account: account,
    retirement_beneficiary: beneficiary,
    retirement_reason: reason,
    retirement_note: note,
    retirement_beneficiary_harmonized: harmonized,
    projects,
    sdg_goals: sdgGoals,
    certifications,
    extra,
  };
}

/**
 * How the client takes in the items a server sends: liberal in what it accepts, exact in what it
 * keeps. An item is read with its shared zod schema; a field the schema cannot read (a string where
 * a number belongs, a malformed date) does not cost the item: the field is stored as null and its
 * value is kept, as it came, in the item's `extra` fields, beside every field Carbon Desk does not
 * model, and described (position, the item's id, field, reason, the value) so the user learns that it
 * did not fit. Only an item without a usable identity (its `id`, `project_id`…) cannot be stored: it
 * is skipped and described (position, field, reason, an excerpt) so the user can see what was left out.
 */
import type { z } from 'zod';
import type { ExtraFields, WithExtra } from '../../shared/api';
import type { SkippedItem, UnfitValue } from '../../shared/contract';

export type { ExtraFields, WithExtra } from '../../shared/api';
export type { SkippedItem, UnfitValue } from '../../shared/contract';


export interface Intake<T> {
  items: WithExtra<T>[];
  skipped: SkippedItem[];
  /** Fields stored as null because their values did not fit (the values are in `extra`), described. */
  unfit: UnfitValue[];
}

/** What a single-object answer gave: the value (null when it was unusable), what was skipped and what did not fit. */
export interface Taken<T> {
  value: T;
  skipped: SkippedItem[];
  unfit: UnfitValue[];
}

export const EXCERPT_CHARS = 300;

interface SchemaNode {
  shape?: Record<string, unknown>;
  def?: { in?: SchemaNode; innerType?: SchemaNode; schema?: SchemaNode };
  _zod?: { def?: { in?: SchemaNode; innerType?: SchemaNode } };
}

/** The field names an object schema models (through transforms, pipes and optional wrappers). */
export function modelledFields(schema: z.ZodTypeAny): Set<string> {
  let node = schema as unknown as SchemaNode | undefined;
  for (let depth = 0; node && depth < 10; depth++) {
    if (node.shape && typeof node.shape === 'object') return new Set(Object.keys(node.shape));
    const def = node.def ?? node._zod?.def;
    node = def?.in ?? def?.innerType ?? (def as { schema?: SchemaNode } | undefined)?.schema;
  }
  throw new Error('modelledFields: not an object schema');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function refOf(raw: unknown, identity: readonly string[]): string | null {
  if (!isRecord(raw)) return null;
  for (const key of [...identity, 'id', 'project_id', 'country_code']) {
    const v = raw[key];
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
  }
  return null;
}

/** Why an identity field is unusable, in words. */
function identityProblem(value: unknown, message: string): string {
  if (value === undefined) return 'the item has no such field, so it cannot be told apart from others';
  if (value === null) return 'the field is null, so the item cannot be told apart from others';
  return `unusable as an identity: ${message}`;
}

export interface ItemReader<S extends z.ZodTypeAny> {
  /** One item; `skipped` describes it when it cannot be stored. */
  take(raw: unknown, position: number, page: number | null): { item: WithExtra<z.output<S>>; unfit: UnfitValue[] } | { skipped: SkippedItem };
  /** Every item of a list. */
  takeAll(raws: readonly unknown[], page: number | null): Intake<z.output<S>>;
}

/**
 * Reads an item that needs no liberal reading into what the schema would give (with `extra`), or
 * answers null and leaves it to the schema: see plain-credit.ts.
 */
export type PlainReader<T> = (raw: Record<string, unknown>, extra: ExtraFields | null) => WithExtra<T> | null;

/**
 * A reader of one kind of item: `identity` names the fields without which an item cannot be stored;
 * `redact` cleans excerpts (a key echoed by a server never reaches the cache); `plain`, a faster
 * reading of the items the schema would read unchanged; `excerptChars`, where an excerpt is cut
 * (Infinity for a reader without the key, whose excerpts finishSkipped redacts and cuts later).
 */
export function itemReader<S extends z.ZodTypeAny>(
  schema: S,
  identity: readonly string[],
  redact: (text: string) => string = (t) => t,
  plain?: PlainReader<z.output<S>>,
  excerptChars = EXCERPT_CHARS,
): ItemReader<S> {
  const modelled = modelledFields(schema);
  const excerptOf = (value: unknown): string => {
    let json: string;
    try {
      json = JSON.stringify(value) ?? String(value);
    } catch {
      json = String(value);
    }
    // Redacted before it is shortened: a cut must not leave part of a key behind.
    return redact(json).slice(0, excerptChars);
  };
  const refFor = (raw: unknown): string | null => {
    const ref = refOf(raw, identity);
    return ref === null ? null : redact(ref);
  };
  const skip = (raw: unknown, position: number, page: number | null, field: string, reason: string): { skipped: SkippedItem } =>
    ({ skipped: { page, position, ref: refFor(raw), field, reason, excerpt: excerptOf(raw) } });

  const take: ItemReader<S>['take'] = (raw, position, page) => {
    if (!isRecord(raw)) return skip(raw, position, page, '(item)', 'not an object');
    let extra: ExtraFields | null = null;
    for (const key of Object.keys(raw)) {
      if (!modelled.has(key)) (extra ??= {})[key] = raw[key];
    }
    const read = plain?.(raw, extra);
    if (read) return { item: read, unfit: [] };
    let value: Record<string, unknown> = raw;
    const unfit: UnfitValue[] = [];
    for (;;) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return { item: { ...(parsed.data as object), extra } as WithExtra<z.output<S>>, unfit };
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0];
      if (typeof field !== 'string') return skip(raw, position, page, '(item)', issue.message);
      if (identity.includes(field)) return skip(raw, position, page, field, identityProblem(raw[field], issue.message));
      // A field that stays unreadable even as null is one the schema cannot do without.
      if (unfit.some((u) => u.field === field)) return skip(raw, position, page, field, issue.message);
      unfit.push({ page, position, ref: refFor(raw), field, reason: unfitReason(issue), excerpt: excerptOf(raw[field]) });
      if (value === raw) value = { ...raw };
      if (field in raw) (extra ??= {})[field] = raw[field];
      value[field] = null;
    }
  };

  return {
    take,
    takeAll(raws, page) {
      const items: WithExtra<z.output<S>>[] = [];
      const skipped: SkippedItem[] = [];
      const unfit: UnfitValue[] = [];
      raws.forEach((raw, position) => {
        const r = take(raw, position, page);
        if ('item' in r) {
          items.push(r.item);
          unfit.push(...r.unfit);
        } else skipped.push(r.skipped);
      });
      return { items, skipped, unfit };
    },
  };
}

/** What a field takes, in words, from the schema's first complaint about it (with the path inside it, when deeper). */
function unfitReason(issue: z.ZodError['issues'][number]): string {
  const inner = issue.path.slice(1).map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  const message = issue.message.replace(/^Invalid input: /, '');
  return inner ? `${inner.replace(/^\./, '')}: ${message}` : message;
}

/** True when something on the list could not be read as it should (skipped items, values that did not fit). */
export const hasTrouble = (intake: Pick<Intake<unknown>, 'skipped' | 'unfit'>): boolean => intake.skipped.length > 0 || intake.unfit.length > 0;

/** What went wrong on a list, as a comparable string: two fetches with the same one saw the same answer. */
export function troubleSignature(intake: Pick<Intake<unknown>, 'skipped' | 'unfit'>): string {
  return JSON.stringify([intake.skipped.map((s) => [s.position, s.field]), intake.unfit.map((s) => [s.position, s.field])]);
}

/**
 * Skipped items or unfit values described by a reader without the key (excerpts whole): redacted,
 * then cut as any reader cuts them, so that a cut never leaves part of a key behind.
 */
export const finishSkipped = <T extends SkippedItem | UnfitValue>(items: readonly T[], redact: (text: string) => string): T[] =>
  items.map((s) => ({ ...s, ref: s.ref === null ? null : redact(s.ref), excerpt: redact(s.excerpt).slice(0, EXCERPT_CHARS) }));

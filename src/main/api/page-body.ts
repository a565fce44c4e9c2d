/**
 * A page of a paginated list read from its body: parsed, its envelope checked strictly, its items
 * taken in liberally (item-intake.ts). The client reads most pages on the thread that fetched them;
 * the credit transactions' pages are read by the cache's writer, which stores their rows
 * (`../workers/credit-pages.ts`), so that a page's rows are never copied from one thread to another.
 */
import { z } from 'zod';
import { paginationSchema, type Pagination } from '../../shared/api';
import { ContractError } from '../../shared/errors';
import { hasTrouble, troubleSignature, type ItemReader, type SkippedItem, type UnfitValue, type WithExtra } from './item-intake';

const envelopeSchema = z.object({ pagination: paginationSchema, data: z.array(z.unknown()) });

/** The first issue of a zod error as `path: message`. */
export function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return prefix;
  const p = [prefix, ...issue.path.map((x) => (typeof x === 'number' ? `[${x}]` : `.${String(x)}`))].join('').replace(/\.\[/g, '[');
  return `${p}: ${issue.message}`;
}

const utf8 = new TextDecoder();

/**
 * A body as text: UTF-8 decoded as a browser decodes it (invalid bytes become U+FFFD, a leading
 * byte-order mark is dropped), wherever it is read.
 */
export const decodeBody = (bytes: Uint8Array): string => utf8.decode(bytes);

/** A body's JSON (null for an empty body), or null when it is not JSON. */
export function parseJson(text: string): { json: unknown } | null {
  try {
    return { json: text === '' ? null : JSON.parse(text) };
  } catch {
    return null;
  }
}

/** What a page's body held. */
export interface PageRead<T> {
  pagination: Pagination;
  items: WithExtra<T>[];
  /** Items without a usable identity, described. */
  skipped: SkippedItem[];
  /** Values that did not fit their field (stored as null, kept in `extra`), described. */
  unfit: UnfitValue[];
  /** What could not be read as it should (items skipped, values that did not fit), comparable between two fetches; null when nothing. */
  trouble: string | null;
  /** True when the items carried the `clips` field (projects). */
  rawHasClips: boolean;
}

/**
 * Page `pageNo` of `what` read from its body text: null when the text is not JSON (cut off in
 * transfer: worth fetching again); an envelope that is not a page is an `invalid_response` error.
 */
export function readPage<S extends z.ZodTypeAny>(text: string, reader: ItemReader<S>, pageNo: number, what: string): PageRead<z.output<S>> | null {
  const parsed = parseJson(text);
  if (parsed === null) return null;
  const envelope = envelopeSchema.safeParse(parsed.json);
  if (!envelope.success) {
    throw new ContractError('invalid_response', `Malformed page ${pageNo} of ${what}: ${firstIssue(envelope.error, 'body')}`, { page: pageNo, issues: envelope.error.issues });
  }
  const intake = reader.takeAll(envelope.data.data, pageNo);
  const first = envelope.data.data[0];
  return {
    pagination: envelope.data.pagination,
    items: intake.items,
    skipped: intake.skipped,
    unfit: intake.unfit,
    trouble: hasTrouble(intake) ? troubleSignature(intake) : null,
    rawHasClips: typeof first === 'object' && first !== null && 'clips' in first,
  };
}

/**
 * The writer reads the credit transactions' pages itself (`pages:readCredits`, cache-store.ts): the
 * main thread fetches a page and moves its body here untouched; this reads it as the API client
 * would (`../api/page-body.ts`, the same item readers) and encodes its items as the rows the cache
 * stores (CreditRow), so no row crosses between threads: the main thread only fetches
 * (docs/decisions/010-credit-pages-read-by-the-writer.md).
 *
 * This thread has no API key, so skipped items and unfit values are described with whole excerpts;
 * the client redacts and cuts them (item-intake.ts finishSkipped).
 */
import { createItemReaders } from '../api/item-readers';
import { decodeBody, readPage } from '../api/page-body';
import type { CacheHooks } from '../cache/cache-store';
import { creditRows } from '../cache/repositories/credit-rows';

const reader = createItemReaders((text) => text, Infinity).creditTransaction;

export const readCreditsPage: NonNullable<CacheHooks['readCreditsPage']> = (body, page, what) => {
  const read = readPage(decodeBody(body), reader, page, what);
  if (read === null) return null;
  return { facts: { pagination: read.pagination, count: read.items.length, skipped: read.skipped, unfit: read.unfit, trouble: read.trouble }, rows: creditRows(read.items) };
};

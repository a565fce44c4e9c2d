/**
 * What every sync job runs on: its run context (client, cache, gate, progress callbacks) and the
 * shapes of its work. A step writes a page's rows and advances the job's cursor in ONE transaction,
 * so a crash resumes at the next page.
 */
import { ContractError } from '../../shared/errors';
import type { SkippedItem, SyncJobName, UnfitValue } from '../../shared/contract';
import type { ApiClient, PageFacts } from '../api/api-client';
import type { CacheClient } from '../cache/cache-client';
import type { CacheWrite, PageTotals } from '../cache/cache-protocol';
import type { SyncCheckpoint, SyncCursor } from '../cache/repositories/sync-state-repository';

export const PER_PAGE = 200;

export interface JobRun {
  job: SyncJobName;
  client: ApiClient;
  cache: CacheClient;
  signal: AbortSignal;
  /** Waits while the sync is paused; throws when it is cancelled. */
  gate(): Promise<void>;
  /** A request is about to be sent for this job. */
  request(): void;
  /** A step of `pages` pages (default 1) was written. */
  page(rows: number, totals: PageTotals, pages?: number): void;
  /** A step recorded items it could not store. */
  skipped(count: number): void;
  /** A step recorded values that did not fit their field. */
  unfit(count: number): void;
  /** The pass resumed or started (progress counters from the checkpoint). */
  checkpoint(cp: SyncCheckpoint): void;
  /** A full pass was asked for (credits). */
  full: boolean;
  /** Requests in flight at most, now (it may grow once the server shows itself far). */
  readonly concurrency: number;
  /** Learned from the key listing. */
  setRateLimit(perMinute: number | null): void;
  log(line: string): void;
}

export interface Step {
  writes: CacheWrite[];
  rows: number;
  /** Pages this step holds (default 1). */
  pages?: number;
  /** Items met that could not be stored (recorded in the same transaction). */
  skipped?: SkippedItem[];
  /** Values met that did not fit their field, stored as null (recorded in the same transaction). */
  unfit?: UnfitValue[];
}

/** Pages already fetched are written together, up to this many rows per transaction (fewer commits, less index write amplification). */
export const MAX_ROWS_PER_STEP = 20_000;
/**
 * Read-ahead of a paginated list, by the size of the bodies held (fetched, not yet written): what a
 * sync holds in memory stays bounded whatever a page weighs. At least `concurrency` pages are in flight.
 * A page's parsed and checked rows weigh several times its body, and more pages waiting do not make
 * a sync faster where the writer, not the wire, sets the pace.
 */
export const READ_AHEAD_BYTES = 2 ** 20;

export async function begin(run: JobRun, mode: SyncCheckpoint['mode'], cursor: SyncCursor, windowFrom: string | null = null): Promise<SyncCheckpoint> {
  const cp = await run.cache.call('sync:begin', { job: run.job, mode, cursor, windowFrom });
  run.checkpoint(cp);
  return cp;
}

export async function step(run: JobRun, s: Step, cursor: SyncCursor | null, totals: PageTotals): Promise<void> {
  const skipped = s.skipped ?? [];
  const unfit = s.unfit ?? [];
  const writes: CacheWrite[] = [
    ...s.writes,
    ...(skipped.length ? [{ op: 'write:skippedItems' as const, args: { job: run.job, items: skipped } }] : []),
    ...(unfit.length ? [{ op: 'write:unfitValues' as const, args: { job: run.job, items: unfit } }] : []),
  ];
  await run.cache.call('sync:step', { job: run.job, writes, cursor, rows: s.rows, totals, pages: s.pages ?? 1 });
  run.page(s.rows, totals, s.pages ?? 1);
  if (skipped.length) run.skipped(skipped.length);
  if (unfit.length) run.unfit(unfit.length);
}

/** Keeps a rejected prefetch from being reported as unhandled before it is awaited. */
export function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** A one-request job: fetch, write, done. */
export async function singleStep(run: JobRun, fetchStep: () => Promise<Step>): Promise<void> {
  const cp = await begin(run, 'full', { index: 0 });
  if (cp.cursor?.done) return;
  await run.gate();
  run.request();
  const s = await fetchStep();
  await step(run, s, null, { rows: s.rows, pages: 1 });
}

/**
 * A paginated list: pages fetched ahead (`concurrency` at a time, READ_AHEAD_BYTES of bodies held at
 * most), written strictly in order. Every
 * next_page link is resolved and checked against the configured origin before anything follows it.
 */
export async function pagedJob<P extends PageFacts>(
  run: JobRun,
  options: {
    path: string;
    query: Record<string, unknown>;
    mode: SyncCheckpoint['mode'];
    windowFrom?: string | null;
    fetchPage: (url: string) => Promise<P>;
    writes: (page: P, pass: number) => Step['writes'];
  },
): Promise<void> {
  const cp = await begin(run, options.mode, { next_page: 1 }, options.windowFrom ?? null);
  if (cp.cursor?.done) return;
  let pageNo = cp.cursor?.next_page ?? 1;
  let template = new URL(run.client.url(options.path, { ...options.query, per_page: PER_PAGE, current_page: pageNo }));
  let totalPages = cp.total_pages;
  const inflight = new Map<number, Promise<P>>();
  const settled = new Set<number>();
  let bodyBytes = 0;
  let bodies = 0;
  const urlOf = (p: number) => {
    const u = new URL(template);
    u.searchParams.set('current_page', String(p));
    return u.toString();
  };
  const fetchPage = (p: number) => {
    let pending = inflight.get(p);
    if (!pending) {
      const url = urlOf(p);
      // A prefetch not yet sent waits while the sync is paused (and fails fast when it is cancelled).
      pending = quiet(run.gate().then(() => {
        run.request();
        return options.fetchPage(url);
      }));
      pending.then((page) => {
        settled.add(p);
        bodyBytes += page.bytes;
        bodies++;
      }, () => undefined);
      inflight.set(p, pending);
    }
    return pending;
  };
  const take = (p: number) => {
    inflight.delete(p);
    settled.delete(p);
  };
  for (;;) {
    await run.gate();
    const perPage = bodies ? bodyBytes / bodies : null;
    const ahead = perPage ? Math.max(run.concurrency, Math.min(Math.ceil(MAX_ROWS_PER_STEP / PER_PAGE), Math.floor(READ_AHEAD_BYTES / perPage))) : run.concurrency * 2;
    const last = totalPages ? Math.min(totalPages, pageNo + ahead - 1) : pageNo;
    for (let p = pageNo; p <= last; p++) void fetchPage(p);
    // Pages already here are written together (fewer, larger transactions); the cursor moves past all of them.
    const batch: Step = { writes: [], rows: 0, pages: 0, skipped: [], unfit: [] };
    let nextNo: number | null = null;
    let totals: { rows: number; pages: number } = { rows: 0, pages: 0 };
    for (;;) {
      const page = await fetchPage(pageNo);
      take(pageNo);
      totalPages = page.pagination.total_pages;
      totals = { rows: page.pagination.total_entries, pages: totalPages };
      batch.writes.push(...options.writes(page, cp.pass));
      batch.rows += page.count;
      batch.pages! += 1;
      batch.skipped!.push(...page.skipped);
      batch.unfit!.push(...page.unfit);
      let next: string | null;
      try {
        next = page.pagination.next_page ? run.client.resolveNextPage(page.pagination.next_page) : null;
      } catch (err) {
        // A link off the configured origin: the pages here are valid and kept; the link is not followed.
        await step(run, batch, { next_page: pageNo + 1 }, totals);
        throw err;
      }
      nextNo = null;
      if (next && page.count > 0) {
        const nextUrl = new URL(next);
        nextNo = Number(nextUrl.searchParams.get('current_page') ?? pageNo + 1);
        if (!Number.isInteger(nextNo) || nextNo <= pageNo) {
          throw new ContractError('invalid_response', `The service's next_page after page ${pageNo} points at page ${nextUrl.searchParams.get('current_page')}`);
        }
        template = nextUrl;
      }
      if (!nextNo) break;
      if (nextNo !== pageNo + 1) for (const k of [...inflight.keys()]) take(k);
      pageNo = nextNo;
      if (batch.rows >= MAX_ROWS_PER_STEP || !settled.has(pageNo)) break;
    }
    await step(run, batch, nextNo ? { next_page: nextNo } : null, totals);
    if (!nextNo) break;
  }
}

/** Most items a step of `itemsInOrder` writes. */
export const MAX_ITEMS_PER_STEP = 256;

/**
 * Items of one request each, written in order: a step writes every answer in order that has come in
 * by then (up to MAX_ITEMS_PER_STEP), in one transaction with the cursor past them. Twice `concurrency`
 * items are asked ahead of the writer (the pacer sends `concurrency` of them at a time, the next as an
 * answer comes in), so the requests go on while a step is written. Written one step an item, the
 * round trip to the writer would be a large share of each item's time.
 *
 * `write` records a step; `next` is the index after its last item. An item whose request failed is
 * given to `trouble` first in a step of its own: it returns the step to record for it, or throws to
 * stop the job (the items before it are written by then).
 */
export async function itemsInOrder(
  run: JobRun,
  range: { from: number; to: number },
  fetchItem: (i: number) => Promise<Step>,
  write: (s: Step, next: number) => Promise<void>,
  trouble: (err: unknown, i: number) => Step = (err) => {
    throw err;
  },
): Promise<void> {
  const answers = new Map<number, Promise<Step>>();
  /** Items whose answer is in: true when it came, false when its request failed. */
  const arrived = new Map<number, boolean>();
  const ask = (i: number) => {
    if (answers.has(i)) return;
    // An item not yet sent waits while the sync is paused (and fails fast when it is cancelled).
    const pending = quiet(run.gate().then(() => {
      run.request();
      return fetchItem(i);
    }));
    pending.then(() => arrived.set(i, true), () => arrived.set(i, false));
    answers.set(i, pending);
  };
  for (let i = range.from; i < range.to;) {
    await run.gate();
    for (let k = i; k < Math.min(range.to, i + 2 * run.concurrency); k++) ask(k);
    const batch: Step = { writes: [], rows: 0, pages: 0, skipped: [], unfit: [] };
    do {
      let s: Step;
      try {
        s = await answers.get(i)!;
      } catch (err) {
        s = trouble(err, i);
      } finally {
        answers.delete(i);
        arrived.delete(i);
      }
      batch.writes.push(...s.writes);
      batch.rows += s.rows;
      batch.pages! += s.pages ?? 1;
      batch.skipped!.push(...(s.skipped ?? []));
      batch.unfit!.push(...(s.unfit ?? []));
      i++;
    } while (i < range.to && batch.pages! < MAX_ITEMS_PER_STEP && arrived.get(i) === true);
    await write(batch, i);
  }
}

/** A list of items fetched one by one (countries, watchlist projects), fetched ahead, written in order. */
export async function itemJob<I>(run: JobRun, items: I[], fetchItem: (item: I) => Promise<Step>): Promise<void> {
  const cp = await begin(run, 'full', { index: 0 });
  if (cp.cursor?.done) return;
  if (items.length === 0) {
    await step(run, { writes: [], rows: 0 }, null, { rows: 0, pages: 0 });
    return;
  }
  await itemsInOrder(run, { from: cp.cursor?.index ?? 0, to: items.length }, (i) => fetchItem(items[i]!), (s, next) =>
    step(run, s, next < items.length ? { index: next } : null, { pages: items.length }));
}

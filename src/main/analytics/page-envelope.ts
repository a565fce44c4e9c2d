/**
 * The pagination envelope as the service forms it: total_pages = ceil(total/per_page)
 * (0 when nothing matches), a page past the end is empty, and next_page is the relative URL
 * `/v1/<path>?<query>` with current_page and per_page moved to the end, null on the last page.
 */
import { PAGING_DEFAULTS, toQueryString } from '../../shared/api/params';
import type { Page } from '../../shared/api/resources';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

export function pageRequest(q: { current_page?: number; per_page?: number }): PageRequest {
  const page = q.current_page ?? PAGING_DEFAULTS.current_page;
  const perPage = q.per_page ?? PAGING_DEFAULTS.per_page;
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * The rows a walk of the list's order (its first sort key's index) reads before the page is full, when
 * the `total` matches among `all` rows are spread evenly along it: (offset + per_page) * all / total.
 * A filtered page whose walk reads at least its matches is sooner answered by sorting the matches.
 */
export function walkLength(req: PageRequest, all: number, total: number): number {
  return Math.ceil(((req.offset + req.perPage) * all) / total);
}

/**
 * `path` is the endpoint path (e.g. `/v1/projects/`); `query` the method's input as given (its
 * other parameters are kept, in their order, repeated ones repeated).
 */
export function pageEnvelope<T>(path: string, query: Record<string, unknown>, req: PageRequest, total: number, data: T[]): Page<T> {
  const totalPages = Math.ceil(total / req.perPage);
  let next: string | null = null;
  if (req.page < totalPages) {
    const { current_page: _c, per_page: _p, ...rest } = query;
    const qs = toQueryString({ ...rest, current_page: req.page + 1, per_page: req.perPage });
    next = `${path}${qs}`;
  }
  return { pagination: { total_entries: total, current_page: req.page, total_pages: totalPages, next_page: next }, data };
}

/** Chart answers: every point in one page. */
export function singlePage<T>(data: T[]): Page<T> {
  return { pagination: { total_entries: data.length, current_page: 1, total_pages: 1, next_page: null }, data };
}

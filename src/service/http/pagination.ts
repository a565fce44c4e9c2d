/** The pagination envelope and its `next_page` link, in one of the styles real services use. */
import type { Page } from '../../shared/api/resources';

export interface PageRequest {
  page: number;
  perPage: number;
}

/**
 * How `next_page` is written:
 * - `relative` (default): the request path (API root included) and query, `/v1/credits/?…`
 * - `absolute`: scheme, host and port of the request, then the path, as FastAPI services build it
 * - `prefixless`: the path without the API root (`/credits/?…` when served under `/v1`), as a service
 *   behind a path-rewriting proxy writes it
 * - `other-origin`: an absolute link on another origin (`https://next-page.example/…`), which a client
 *   must refuse to follow
 */
export const NEXT_PAGE_STYLES = ['relative', 'absolute', 'prefixless', 'other-origin'] as const;
export type NextPageStyle = (typeof NEXT_PAGE_STYLES)[number];

export const OTHER_ORIGIN = 'https://next-page.example';

export interface PageLinks {
  style: NextPageStyle;
  /** The API root the service is served under: `/v1`, `/api/v1`, or `` for the host root. */
  apiRoot: string;
  /** `http://host:port` as the request addressed it. */
  origin: string;
}

export const pageOffset = (p: PageRequest): number => (p.page - 1) * p.perPage;
export const totalPages = (total: number, perPage: number): number => Math.ceil(total / perPage);

/**
 * The next page's URL: the request path and query with current_page and per_page set (other
 * parameters kept in their order), or null on the last page and past it.
 */
export function nextPageUrl(url: URL, p: PageRequest, total: number, links: PageLinks): string | null {
  if (p.page >= totalPages(total, p.perPage)) return null;
  const sp = new URLSearchParams(url.search);
  sp.delete('current_page');
  sp.delete('per_page');
  sp.append('current_page', String(p.page + 1));
  sp.append('per_page', String(p.perPage));
  const pathAndQuery = `${url.pathname}?${sp.toString()}`;
  switch (links.style) {
    case 'relative':
      return pathAndQuery;
    case 'absolute':
      return `${links.origin}${pathAndQuery}`;
    case 'prefixless':
      return links.apiRoot && pathAndQuery.startsWith(`${links.apiRoot}/`) ? pathAndQuery.slice(links.apiRoot.length) : pathAndQuery;
    case 'other-origin':
      return `${OTHER_ORIGIN}${pathAndQuery}`;
  }
}

export function pageEnvelope<T>(url: URL, p: PageRequest, total: number, data: T[], links: PageLinks): Page<T> {
  return {
    pagination: { total_entries: total, current_page: p.page, total_pages: totalPages(total, p.perPage), next_page: nextPageUrl(url, p, total, links) },
    data,
  };
}

/** Chart endpoints answer every point in one page. */
export function singlePage<T>(data: T[]): Page<T> {
  return { pagination: { total_entries: data.length, current_page: 1, total_pages: 1, next_page: null }, data };
}

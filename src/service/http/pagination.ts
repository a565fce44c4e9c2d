/** The pagination envelope (spec 2.1) and its relative `next_page` URL. */
import type { Page } from '../../shared/api/resources';

export interface PageRequest {
  page: number;
  perPage: number;
}

export const pageOffset = (p: PageRequest): number => (p.page - 1) * p.perPage;
export const totalPages = (total: number, perPage: number): number => Math.ceil(total / perPage);

/**
 * Relative URL of the next page: the request path and query with current_page and per_page set
 * (other parameters kept in their order), or null on the last page and past it.
 */
export function nextPageUrl(url: URL, p: PageRequest, total: number): string | null {
  if (p.page >= totalPages(total, p.perPage)) return null;
  const sp = new URLSearchParams(url.search);
  sp.delete('current_page');
  sp.delete('per_page');
  sp.append('current_page', String(p.page + 1));
  sp.append('per_page', String(p.perPage));
  return `${url.pathname}?${sp.toString()}`;
}

export function pageEnvelope<T>(url: URL, p: PageRequest, total: number, data: T[]): Page<T> {
  return {
    pagination: { total_entries: total, current_page: p.page, total_pages: totalPages(total, p.perPage), next_page: nextPageUrl(url, p, total) },
    data,
  };
}

/** Chart endpoints answer every point in one page (API_NOTES). */
export function singlePage<T>(data: T[]): Page<T> {
  return { pagination: { total_entries: data.length, current_page: 1, total_pages: 1, next_page: null }, data };
}

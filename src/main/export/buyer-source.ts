/**
 * Buyers are an aggregate the query layer computes (src/main/analytics/buyers.ts): an export takes
 * the query layer's own buyer list for the same query (every page at once: buyers number in the
 * thousands, and the query layer aggregates them in memory anyway), so it holds exactly what the
 * Buyers view lists, in its order.
 */
import type Database from 'better-sqlite3';
import type { BuyerListQuery } from '../../shared/api/params';
import { listBuyers } from '../analytics/buyers';
import type { CacheRow, RowSource } from './row-source';

export function buyerRows(db: Database.Database, query: Partial<BuyerListQuery>): RowSource {
  const { current_page: _page, per_page: _perPage, ...filters } = query;
  const page = listBuyers(db, { ...filters, current_page: 1, per_page: Number.MAX_SAFE_INTEGER } as BuyerListQuery);
  return { total: page.pagination.total_entries, rows: page.data as unknown as CacheRow[] };
}

/**
 * Buyers are an aggregate the read model computes (src/main/analytics/buyers.ts): an export takes
 * its buyer list for the same query, every page at once, so it holds exactly what the Buyers view
 * lists, in its order.
 */
import type Database from 'better-sqlite3';
import type { BuyerListQuery } from '../../shared/api/params';
import { allBuyers } from '../analytics/buyers';
import { sqliteContext } from '../analytics/read-engine';
import type { CacheRow, RowSource } from './row-source';

export async function buyerRows(db: Database.Database, query: Partial<BuyerListQuery>): Promise<RowSource> {
  const { current_page: _page, per_page: _perPage, ...filters } = query;
  const buyers = await allBuyers(sqliteContext(db), filters);
  return { total: buyers.length, rows: buyers as unknown as CacheRow[] };
}

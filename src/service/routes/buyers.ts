/** GET /buyers/, /buyers/{buyer_name}, /buyers/{buyer_name}/analytics below the API root. */
import { BUYER_SORT_FIELDS, DEFAULT_SORT, PAGING_DEFAULTS, buyerListQuery, parseSort, type BuyerListQuery, type SortKey } from '../../shared/api/params';
import type { Buyer } from '../../shared/api/resources';
import { notFound } from '../http/errors';
import { pageOffset } from '../http/pagination';
import { creditWhere } from '../store/sql-filters';
import { containsFolded } from '../../shared/case-folding';
import { aggregateBuyers, buyerAnalytics, compareText, findBuyer } from './buyer-aggregates';
import { defineRoute, ok, type RouteDef } from './route';

function matchesBuyerFilters(b: Buyer, q: BuyerListQuery): boolean {
  const within = (v: number, min?: number, max?: number) => (min === undefined || v >= min) && (max === undefined || v <= max);
  if (q.search && !containsFolded(b.buyer_name, q.search)) return false;
  return within(b.total_volume, q.total_volume_min, q.total_volume_max)
    && within(b.volume_12m, q.volume_12m_min, q.volume_12m_max)
    && within(b.avg_transaction_size, q.avg_transaction_size_min, q.avg_transaction_size_max)
    && within(b.total_transactions, q.total_transactions_min, q.total_transactions_max)
    && (q.is_active_12m === undefined || b.is_active_12m === q.is_active_12m)
    && (q.is_active_60d === undefined || b.is_active_60d === q.is_active_60d);
}

/** Sort keys in order, nulls last in both directions, strings ignoring case, buyer_name as the final tie-breaker. */
export function compareBuyers(keys: readonly SortKey[]): (a: Buyer, b: Buyer) => number {
  return (a, b) => {
    for (const k of keys) {
      const va = a[k.field as keyof Buyer] as string | number | boolean | null;
      const vb = b[k.field as keyof Buyer] as string | number | boolean | null;
      if (va === vb) continue;
      if (va === null) return 1;
      if (vb === null) return -1;
      const c = typeof va === 'string' && typeof vb === 'string' ? compareText(va, vb) : va < vb ? -1 : va > vb ? 1 : 0;
      if (c !== 0) return k.descending ? -c : c;
    }
    return compareText(a.buyer_name, b.buyer_name);
  };
}

export const buyerRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/buyers/',
    resource: 'buyers',
    summary: 'List buyers',
    shape: 'buyer-page',
    query: buyerListQuery,
    handler: (ctx, q) => {
      const page = { page: q.current_page ?? PAGING_DEFAULTS.current_page, perPage: q.per_page ?? PAGING_DEFAULTS.per_page };
      // The buyer `search` filters buyer names; it is not the project search here.
      const where = creditWhere({ ...q, search: undefined });
      const all = aggregateBuyers(ctx.market, where, ctx.today);
      const sorted = all.filter((b) => matchesBuyerFilters(b, q)).sort(compareBuyers(parseSort(q.sort, BUYER_SORT_FIELDS, DEFAULT_SORT.buyers)));
      const offset = pageOffset(page);
      return ok(ctx.page(page, sorted.length, sorted.slice(offset, offset + page.perPage)));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/buyers/:buyer_name',
    resource: 'buyers',
    summary: 'Get a buyer',
    shape: 'buyer',
    handler: (ctx) => {
      const buyer = findBuyer(ctx.market, ctx.params.buyer_name ?? '', ctx.today);
      if (!buyer) throw notFound(`Buyer '${ctx.params.buyer_name}'`);
      return ok(buyer);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/buyers/:buyer_name/analytics',
    resource: 'buyers',
    summary: "A buyer's retirement analytics",
    shape: 'buyer-analytics',
    handler: (ctx) => {
      const buyer = findBuyer(ctx.market, ctx.params.buyer_name ?? '', ctx.today);
      if (!buyer) throw notFound(`Buyer '${ctx.params.buyer_name}'`);
      return ok(buyerAnalytics(ctx.market, buyer, ctx.today));
    },
  }),
];

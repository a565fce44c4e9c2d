/**
 * GET /credits/ below the API root. Pages in id order are a keyset range on the primary key (deep
 * pages cost the same as page 1). The generator numbers credits in (project_id, date) order, so the
 * default sort `project_id` (ties by id) is id order too, as long as the market has not been
 * advanced (advanced days append higher ids to any project); the store knows which holds.
 */
import { CREDIT_SORT_FIELDS, DEFAULT_SORT, PAGING_DEFAULTS, creditListQuery, parseSort, type SortKey } from '../../shared/api/params';
import { pageOffset } from '../http/pagination';
import { CREDIT_SELECT, mapCredit, type CreditRow } from '../store/credit-rows';
import { creditWhere, whereSql, type Where } from '../store/sql-filters';
import { orderBySql, type SortColumn } from '../store/sort-sql';
import type { z } from 'zod';
import type { MarketStore } from '../store/market-store';
import { defineRoute, ok, type RouteDef } from './route';

const text = (sql: string): SortColumn => ({ sql, text: true });
const value = (sql: string): SortColumn => ({ sql, text: false });
const CREDIT_SORT: Record<(typeof CREDIT_SORT_FIELDS)[number], SortColumn> = {
  id: value('c.id'), project_id: text('c.project_id'), quantity: value('c.quantity'), vintage: value('c.vintage'),
  transaction_date: value('c.transaction_date'), transaction_type: text('c.transaction_type'), retirement_account: text('c.retirement_account'),
  retirement_beneficiary: text('c.retirement_beneficiary'), retirement_reason: text('c.retirement_reason'), retirement_note: text('c.retirement_note'),
  retirement_beneficiary_harmonized: text('c.retirement_beneficiary_harmonized'),
};

/** True when the order equals ascending id order (see the module comment). */
function isIdOrder(keys: readonly SortKey[], idsInProjectOrder: boolean): boolean {
  if (keys.some((k) => k.descending)) return false;
  if (keys[0]?.field === 'id') return true;
  return idsInProjectOrder && keys.every((k) => k.field === 'project_id' || k.field === 'id');
}

type CreditListQuery = z.output<typeof creditListQuery>;

/**
 * Pages of every transaction in id order are a keyset range on the primary key: answered without
 * any secondary index (a sync's full pass asks exactly these).
 */
const keyset = (market: MarketStore, idOrder: boolean, where: Where): boolean => idOrder && !where.clauses.length && market.creditIdsContiguous;

const keysetPaged = (market: MarketStore, q: CreditListQuery): boolean =>
  keyset(market, isIdOrder(parseSort(q.sort, CREDIT_SORT_FIELDS, DEFAULT_SORT.credits), market.creditIdsInProjectOrder), creditWhere(q));

export const creditRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/credits/',
    resource: 'credits',
    summary: 'List credit transactions',
    shape: 'credit-page',
    query: creditListQuery,
    answersWithoutIndexes: keysetPaged,
    handler: (ctx, q) => {
      const page = { page: q.current_page ?? PAGING_DEFAULTS.current_page, perPage: q.per_page ?? PAGING_DEFAULTS.per_page };
      const sort = parseSort(q.sort, CREDIT_SORT_FIELDS, DEFAULT_SORT.credits);
      const where = creditWhere(q);
      const offset = pageOffset(page);
      const idOrder = isIdOrder(sort, ctx.market.creditIdsInProjectOrder);
      const total = where.clauses.length ? ctx.market.count(`SELECT c.id FROM credits c ${whereSql(where)}`, where.params) : ctx.market.creditCount;
      let inner: string;
      let params: unknown[];
      if (keyset(ctx.market, idOrder, where)) {
        // Keyset: credit ids run 1..N without gaps, so the page after `offset` rows starts above id `offset`.
        inner = 'SELECT * FROM credits c WHERE c.id > ? ORDER BY c.id LIMIT ?';
        params = [offset, page.perPage];
      } else {
        const order = idOrder ? 'ORDER BY c.id' : orderBySql(sort, CREDIT_SORT, 'c.id');
        inner = `SELECT * FROM credits c ${whereSql(where)} ${order} LIMIT ? OFFSET ?`;
        params = [...where.params, page.perPage, offset];
      }
      const outerOrder = idOrder ? 'ORDER BY c.id' : orderBySql(sort, CREDIT_SORT, 'c.id');
      const rows = ctx.market.all<CreditRow>(`SELECT ${CREDIT_SELECT} FROM (${inner}) c LEFT JOIN projects p ON p.project_id = c.project_id ${outerOrder}`, params);
      return ok(ctx.page(page, total, rows.map(mapCredit)));
    },
  }),
];

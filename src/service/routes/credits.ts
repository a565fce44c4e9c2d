/**
 * GET /v1/credits/ (spec 4.4). Credit ids are assigned in (project_id, transaction) order when the
 * market is generated, so the default sort `project_id` (ties by id) is simply id order, and an
 * unfiltered page in that order is a keyset range on the primary key: deep pages cost the same as
 * page 1 (no OFFSET scan).
 */
import { CREDIT_SORT_FIELDS, DEFAULT_SORT, PAGING_DEFAULTS, creditListQuery, parseSort, type SortKey } from '../../shared/api/params';
import { pageEnvelope, pageOffset } from '../http/pagination';
import { parseWith } from '../http/validation';
import { CREDIT_SELECT, mapCredit, type CreditRow } from '../store/credit-rows';
import { creditWhere, whereSql } from '../store/sql-filters';
import { orderBySql, type SortColumn } from '../store/sort-sql';
import { ok, type RouteDef } from './route';

const text = (sql: string): SortColumn => ({ sql, text: true });
const value = (sql: string): SortColumn => ({ sql, text: false });
const CREDIT_SORT: Record<(typeof CREDIT_SORT_FIELDS)[number], SortColumn> = {
  id: value('c.id'), project_id: text('c.project_id'), quantity: value('c.quantity'), vintage: value('c.vintage'),
  transaction_date: value('c.transaction_date'), transaction_type: text('c.transaction_type'), retirement_account: text('c.retirement_account'),
  retirement_beneficiary: text('c.retirement_beneficiary'), retirement_reason: text('c.retirement_reason'), retirement_note: text('c.retirement_note'),
  retirement_beneficiary_harmonized: text('c.retirement_beneficiary_harmonized'),
};

/** True when the order equals ascending id order (see the module comment). */
const isIdOrder = (keys: readonly SortKey[]) => keys.every((k) => !k.descending) && (keys[0]?.field === 'id' || keys.every((k) => k.field === 'project_id' || k.field === 'id'));

export const creditRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/credits/',
    handler: (ctx) => {
      const q = parseWith(creditListQuery, ctx.query, 'query');
      const page = { page: q.current_page ?? PAGING_DEFAULTS.current_page, perPage: q.per_page ?? PAGING_DEFAULTS.per_page };
      const sort = parseSort(q.sort, CREDIT_SORT_FIELDS, DEFAULT_SORT.credits);
      const where = creditWhere(q);
      const offset = pageOffset(page);
      let total: number;
      let inner: string;
      let params: unknown[];
      if (isIdOrder(sort)) {
        if (!where.clauses.length) {
          total = ctx.market.creditCount;
          inner = 'SELECT * FROM credits c WHERE c.id > ? ORDER BY c.id LIMIT ?';
          params = [offset, page.perPage];
        } else {
          total = ctx.market.count(`SELECT c.id FROM credits c ${whereSql(where)}`, where.params);
          inner = `SELECT * FROM credits c ${whereSql(where)} ORDER BY c.id LIMIT ? OFFSET ?`;
          params = [...where.params, page.perPage, offset];
        }
      } else {
        total = where.clauses.length ? ctx.market.count(`SELECT c.id FROM credits c ${whereSql(where)}`, where.params) : ctx.market.creditCount;
        inner = `SELECT * FROM credits c ${whereSql(where)} ${orderBySql(sort, CREDIT_SORT, 'c.id')} LIMIT ? OFFSET ?`;
        params = [...where.params, page.perPage, offset];
      }
      const outerOrder = isIdOrder(sort) ? 'ORDER BY c.id' : orderBySql(sort, CREDIT_SORT, 'c.id');
      const rows = ctx.market.all<CreditRow>(`SELECT ${CREDIT_SELECT} FROM (${inner}) c LEFT JOIN projects p ON p.project_id = c.project_id ${outerOrder}`, params);
      return ok(pageEnvelope(ctx.url, page, total, rows.map(mapCredit)));
    },
  },
];

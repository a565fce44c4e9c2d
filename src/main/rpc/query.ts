/**
 * The query methods: every contract method declared with `query(...)` runs the query layer's
 * function of the same name in the current connection's cache worker (op `query:<method>`).
 */
import { QUERY_METHODS, type QueryMethod } from '../../shared/contract';
import type { CacheOpArgs } from '../cache/cache-protocol';
import type { Handler, HandlerSlice } from './types';

const fromCache = <K extends QueryMethod>(method: K): Handler<K> =>
  (input, ctx) => ctx.currentCache().call(`query:${method}`, ...([input] as unknown as CacheOpArgs<`query:${K}`>)) as ReturnType<Handler<K>>;

export const queryHandlers = Object.fromEntries(QUERY_METHODS.map((m) => [m, fromCache(m)])) as HandlerSlice<QueryMethod>;

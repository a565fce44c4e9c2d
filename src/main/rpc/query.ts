/**
 * The query methods: each one runs the offline query layer's function of the same name
 * (src/main/analytics) in the cache worker, on the current connection's cache.
 */
import type { MethodName, MethodOutput, ParsedInput } from '../../shared/contract';
import type { AnalyticsQueryName } from '../analytics/index';
import { getCache } from '../cache/cache-client';
import type { Handler, HandlerSlice } from './types';

type QueryMethods = AnalyticsQueryName & MethodName;

const fromCache = <K extends QueryMethods>(name: K): Handler<K> =>
  async (input: ParsedInput<K>, ctx) => (await getCache(ctx)).call<MethodOutput<K>>(`query:${name}`, input);

export const queryHandlers: HandlerSlice<QueryMethods> = {
  'projects.list': fromCache('projects.list'),
  'projects.get': fromCache('projects.get'),
  'projects.types': fromCache('projects.types'),
  'credits.list': fromCache('credits.list'),
  'charts.retirementsByVintage': fromCache('charts.retirementsByVintage'),
  'charts.creditsByTransactionDate': fromCache('charts.creditsByTransactionDate'),
  'charts.creditsByTransactionDateAll': fromCache('charts.creditsByTransactionDateAll'),
  'charts.creditsByCategory': fromCache('charts.creditsByCategory'),
  'charts.projectsByListingDate': fromCache('charts.projectsByListingDate'),
  'charts.supplyDemand': fromCache('charts.supplyDemand'),
  'buyers.list': fromCache('buyers.list'),
  'buyers.get': fromCache('buyers.get'),
  'buyers.analytics': fromCache('buyers.analytics'),
  'forensics.latest': fromCache('forensics.latest'),
  'forensics.project': fromCache('forensics.project'),
  'forensics.diff': fromCache('forensics.diff'),
  'forensics.legacy': fromCache('forensics.legacy'),
  'satellite.list': fromCache('satellite.list'),
  'satellite.boundary': fromCache('satellite.boundary'),
  'satellite.boundaries': fromCache('satellite.boundaries'),
  'countries.index': fromCache('countries.index'),
  'countries.get': fromCache('countries.get'),
  'countries.updates': fromCache('countries.updates'),
  'palette.search': fromCache('palette.search'),
};

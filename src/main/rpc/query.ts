import { notReady } from './not-ready';
import type { HandlerSlice } from './types';

type QueryMethods =
  | 'projects.list' | 'projects.get' | 'projects.types' | 'credits.list'
  | 'charts.retirementsByVintage' | 'charts.creditsByTransactionDate' | 'charts.creditsByTransactionDateAll'
  | 'charts.creditsByCategory' | 'charts.projectsByListingDate' | 'charts.supplyDemand'
  | 'buyers.list' | 'buyers.get' | 'buyers.analytics'
  | 'forensics.latest' | 'forensics.project' | 'forensics.diff' | 'forensics.legacy'
  | 'satellite.list' | 'satellite.boundary' | 'satellite.boundaries'
  | 'countries.index' | 'countries.get' | 'countries.updates' | 'palette.search';

export const queryHandlers: HandlerSlice<QueryMethods> = {
  'projects.list': notReady('projects.list'),
  'projects.get': notReady('projects.get'),
  'projects.types': notReady('projects.types'),
  'credits.list': notReady('credits.list'),
  'charts.retirementsByVintage': notReady('charts.retirementsByVintage'),
  'charts.creditsByTransactionDate': notReady('charts.creditsByTransactionDate'),
  'charts.creditsByTransactionDateAll': notReady('charts.creditsByTransactionDateAll'),
  'charts.creditsByCategory': notReady('charts.creditsByCategory'),
  'charts.projectsByListingDate': notReady('charts.projectsByListingDate'),
  'charts.supplyDemand': notReady('charts.supplyDemand'),
  'buyers.list': notReady('buyers.list'),
  'buyers.get': notReady('buyers.get'),
  'buyers.analytics': notReady('buyers.analytics'),
  'forensics.latest': notReady('forensics.latest'),
  'forensics.project': notReady('forensics.project'),
  'forensics.diff': notReady('forensics.diff'),
  'forensics.legacy': notReady('forensics.legacy'),
  'satellite.list': notReady('satellite.list'),
  'satellite.boundary': notReady('satellite.boundary'),
  'satellite.boundaries': notReady('satellite.boundaries'),
  'countries.index': notReady('countries.index'),
  'countries.get': notReady('countries.get'),
  'countries.updates': notReady('countries.updates'),
  'palette.search': notReady('palette.search'),
};

/**
 * The offline query layer: one function per contract method declared with `query(...)`, called in
 * the cache worker as op `query:<method>` with the method's parsed input. The read model's queries
 * (lists, aggregates, charts) run on the engine the context gives (read-engine.ts); the others read
 * the cache's SQLite tables directly (`onCache`). The table's type comes from the contract: a missing
 * query, or one whose input or output differs from its method's, is a compile error.
 */
import type Database from 'better-sqlite3';
import type { MethodOutput, ParsedInput, QueryMethod } from '../../shared/contract';
import { buyerAnalytics, getBuyer, listBuyers } from './buyers';
import { categoryByYear } from './category-by-year';
import { verifyClaim } from './claims';
import { listSignals, signalSummary } from './signals';
import { changesSummary, listChanges } from './changes';
import { projectFacets } from './facets';
import { creditsByCategory, creditsByTransactionDate, creditsByTransactionDateAll, projectsByListingDate, retirementsByVintage } from './charts';
import { countryIndex, countryProfile, countryUpdates } from './countries';
import { listCredits } from './credits';
import { forensicCounts, forensicDiff, latestFeed, legacyForensics, projectForensics } from './forensics';
import { paletteSearch } from './palette-search';
import { getProject, listProjects, projectTypes } from './projects';
import { allBoundaries, listSatellite, projectBoundary, projectSatellite, satelliteTable } from './satellite';
import { supplyDemand } from './supply-demand';
import type { ReadContext } from './read-engine';
import { creditTotals, projectTotals } from './totals';

export type QueryTable = { [K in QueryMethod]: (ctx: ReadContext, input: ParsedInput<K>) => MethodOutput<K> | Promise<MethodOutput<K>> };

/** A query of the cache's own tables only, on the context's SQLite connection. */
const onCache = <I, O>(fn: (db: Database.Database, input: I) => O) => (ctx: ReadContext, input: I): O => fn(ctx.db, input);

export const analyticsQueries: QueryTable = {
  'changes.list': onCache(listChanges),
  'changes.summary': onCache(changesSummary),
  'projects.list': listProjects,
  'projects.totals': projectTotals,
  'projects.facets': projectFacets,
  'credits.totals': creditTotals,
  'projects.get': getProject,
  'projects.types': projectTypes,
  'credits.list': listCredits,
  'charts.retirementsByVintage': retirementsByVintage,
  'charts.creditsByTransactionDate': creditsByTransactionDate,
  'charts.creditsByTransactionDateAll': creditsByTransactionDateAll,
  'charts.creditsByCategory': creditsByCategory,
  'charts.projectsByListingDate': projectsByListingDate,
  'charts.categoryByYear': categoryByYear,
  'charts.supplyDemand': supplyDemand,
  'buyers.list': listBuyers,
  'buyers.get': getBuyer,
  'buyers.analytics': buyerAnalytics,
  'forensics.latest': onCache(latestFeed),
  'forensics.counts': onCache(forensicCounts),
  'forensics.project': onCache(projectForensics),
  'forensics.diff': onCache(forensicDiff),
  'forensics.legacy': onCache(legacyForensics),
  'satellite.list': onCache(listSatellite),
  'satellite.table': onCache(satelliteTable),
  'satellite.project': onCache(projectSatellite),
  'satellite.boundary': onCache(projectBoundary),
  'satellite.boundaries': onCache(allBoundaries),
  'countries.index': onCache(countryIndex),
  'countries.get': onCache(countryProfile),
  'countries.updates': onCache(countryUpdates),
  'palette.search': paletteSearch,
  'claims.verify': verifyClaim,
  'signals.list': listSignals,
  'signals.summary': signalSummary,
};

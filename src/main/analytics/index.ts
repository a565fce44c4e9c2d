/**
 * The offline query layer: one function per contract method declared with `query(...)`, called in
 * the cache worker as op `query:<method>` with the method's parsed input. Pure synchronous reads of
 * the cache. The table's type comes from the contract: a missing query, or one whose input or output
 * differs from its method's, is a compile error.
 */
import type Database from 'better-sqlite3';
import type { MethodOutput, ParsedInput, QueryMethod } from '../../shared/contract';
import { buyerAnalytics, getBuyer, listBuyers } from './buyers';
import { categoryByYear } from './category-by-year';
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
import { creditTotals, projectTotals } from './totals';

export type QueryTable = { [K in QueryMethod]: (db: Database.Database, input: ParsedInput<K>) => MethodOutput<K> };

export const analyticsQueries: QueryTable = {
  'changes.list': listChanges,
  'changes.summary': changesSummary,
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
  'forensics.latest': latestFeed,
  'forensics.counts': forensicCounts,
  'forensics.project': projectForensics,
  'forensics.diff': forensicDiff,
  'forensics.legacy': legacyForensics,
  'satellite.list': listSatellite,
  'satellite.table': satelliteTable,
  'satellite.project': projectSatellite,
  'satellite.boundary': projectBoundary,
  'satellite.boundaries': allBoundaries,
  'countries.index': countryIndex,
  'countries.get': countryProfile,
  'countries.updates': countryUpdates,
  'palette.search': paletteSearch,
};

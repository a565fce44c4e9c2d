/**
 * The offline query layer: every query the cache worker answers as op `query:<name>`, called as
 * `fn(db, args)` with the contract method's parsed input. Pure synchronous reads of the cache.
 */
import type Database from 'better-sqlite3';
import { buyerAnalytics, getBuyer, listBuyers } from './buyers';
import { creditsByCategory, creditsByTransactionDate, creditsByTransactionDateAll, projectsByListingDate, retirementsByVintage } from './charts';
import { countryIndex, countryProfile, countryUpdates } from './countries';
import { listCredits } from './credits';
import { forensicDiff, latestFeed, legacyForensics, projectForensics } from './forensics';
import { paletteSearch } from './palette-search';
import { getProject, listProjects, projectTypes } from './projects';
import { allBoundaries, listSatellite, projectBoundary } from './satellite';
import { supplyDemand } from './supply-demand';

export const analyticsQueries = {
  'projects.list': listProjects,
  'projects.get': getProject,
  'projects.types': projectTypes,
  'credits.list': listCredits,
  'charts.retirementsByVintage': retirementsByVintage,
  'charts.creditsByTransactionDate': creditsByTransactionDate,
  'charts.creditsByTransactionDateAll': creditsByTransactionDateAll,
  'charts.creditsByCategory': creditsByCategory,
  'charts.projectsByListingDate': projectsByListingDate,
  'charts.supplyDemand': supplyDemand,
  'buyers.list': listBuyers,
  'buyers.get': getBuyer,
  'buyers.analytics': buyerAnalytics,
  'forensics.latest': latestFeed,
  'forensics.project': projectForensics,
  'forensics.diff': forensicDiff,
  'forensics.legacy': legacyForensics,
  'satellite.list': listSatellite,
  'satellite.boundary': projectBoundary,
  'satellite.boundaries': allBoundaries,
  'countries.index': countryIndex,
  'countries.get': countryProfile,
  'countries.updates': countryUpdates,
  'palette.search': paletteSearch,
} satisfies Record<string, (db: Database.Database, args: any) => unknown>;

export type AnalyticsQueryName = keyof typeof analyticsQueries;

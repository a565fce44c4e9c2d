/**
 * What a report reads, taken from the current connection's cache through the query layer: the
 * facts of a project (ReportReader) and the provenance block's connection, freshness and version.
 */
import type { AppContext } from '../app-context';
import type { ReportReader } from '../reports/project-evidence';
import type { Provenance } from '../reports/provenance';
import { reportFonts } from '../reports/report-fonts';
import { appInfo } from './app';

export function cacheReportReader(ctx: AppContext): ReportReader {
  const cache = ctx.currentCache();
  return {
    project: (project_id) => cache.call('query:projects.get', { project_id }),
    totals: (project_id) => cache.call('query:credits.totals', { project_id: [project_id] }),
    satellite: (project_id) => cache.call('query:satellite.project', { project_id }),
    forensics: (project_id) => cache.call('query:forensics.project', { project_id }),
    country: (country_code) => cache.call('query:countries.get', { country_code }),
  };
}

export async function reportProvenance(ctx: AppContext, definitions: Provenance['definitions'], now = new Date()): Promise<Provenance> {
  const info = appInfo(ctx);
  const cacheInfo = await ctx.currentCache().call('read:cacheInfo');
  return {
    connection: info.connection ? { name: info.connection.name, baseUrl: info.connection.baseUrl } : null,
    appName: info.name,
    appVersion: info.version,
    host: info.host,
    generatedAt: now.toISOString(),
    resources: cacheInfo.coverage.map((c) => ({ label: c.label, cached: c.cached, known: c.known, lastSuccessAt: c.lastSuccessAt, notOffered: c.notOffered })),
    definitions,
    embeddedFont: reportFonts().embedded,
  };
}

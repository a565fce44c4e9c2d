/**
 * A holdings file imported as a portfolio: read, parsed, saved and screened, or refused with one
 * error and nothing written. Without the columns it needs, nothing is saved and the headers found
 * go back for the mapping dialog.
 */
import type Database from 'better-sqlite3';
import type { HoldingField, PortfolioImport } from '../../shared/contract';
import { parseHoldings } from './holdings-parse';
import { portfolioSummary, savePortfolio, screenPortfolio } from './portfolio-store';
import { readTable } from './table-reader';

export interface ImportRequest {
  name: string;
  file_name: string | null;
  bytes: Buffer;
  sheet?: string;
  mapping?: Partial<Record<HoldingField, string>>;
}

/** Reads the file (outside any transaction), so a refused file leaves the cache untouched. */
export async function readHoldingsFile(req: ImportRequest) {
  return parseHoldings(await readTable(req.bytes, { sheet: req.sheet }), req.mapping ?? {});
}

export function saveAndScreen(db: Database.Database, req: Omit<ImportRequest, 'bytes'>, parsed: Awaited<ReturnType<typeof readHoldingsFile>>, now: string): PortfolioImport {
  if (parsed.missing.length > 0) return { portfolio: null, headers: parsed.headers, missing: parsed.missing };
  const id = savePortfolio(db, { name: req.name, file_name: req.file_name, parsed, now });
  screenPortfolio(db, id, now);
  return { portfolio: portfolioSummary(db, id), headers: parsed.headers, missing: [] };
}

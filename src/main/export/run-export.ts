/**
 * One export, start to finish, against an open cache database: count the rows, stream them (CSV,
 * XLSX or GeoJSON) to a temporary file next to the target, then rename it into place. A failed or
 * cancelled export leaves no file behind (the target is never half-written). Runs inside the
 * export worker.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { ExportStartInput } from '../../shared/contract/export-types';
import { CSV_TABLES } from './csv-tables';
import { writeCsv, type WriteHooks } from './csv-writer';
import { openBoundaries, writeBoundaries } from './geojson-export';
import { writeXlsx, type XlsxChanges } from './xlsx-writer';

export interface RunHooks extends WriteHooks {
  onTotal?(total: number): void;
  onSkipped?(problem: string): void;
}

export interface RunResult {
  rows: number;
  skipped: string[];
  changedCells: XlsxChanges | null;
}

export async function runExport(db: Database.Database, input: ExportStartInput, target: string, hooks: RunHooks = {}): Promise<RunResult> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`);
  const out = fs.createWriteStream(partial, { encoding: 'utf8' });
  try {
    let result: RunResult;
    if (input.table === 'boundaries') {
      const source = openBoundaries(db, input.query ?? {});
      hooks.onTotal?.(source.total);
      const written = await writeBoundaries(source.rows, out, hooks);
      result = { rows: written.rows, skipped: written.skipped, changedCells: null };
    } else {
      const table = CSV_TABLES[input.table];
      const source = await table.open(db, (input.query ?? {}) as Record<string, unknown>);
      hooks.onTotal?.(source.total);
      if (input.format === 'xlsx') {
        const written = await writeXlsx(source.rows, table.columns, out, { ...hooks, total: source.total, sheetName: input.table });
        result = { rows: written.rows, skipped: [], changedCells: written.changes };
      } else {
        const rows = await writeCsv(source.rows, table.columns, out, { ...hooks, bom: input.bom ?? false });
        result = { rows, skipped: [], changedCells: null };
      }
    }
    fs.renameSync(partial, target);
    return result;
  } catch (err) {
    // The file may still be opening: remove it only once the stream has closed.
    await closeStream(out);
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

function closeStream(stream: fs.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) return resolve();
    stream.once('close', () => resolve());
    stream.destroy();
  });
}

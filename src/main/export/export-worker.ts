/**
 * The export worker thread: opens its OWN read-only connection to the connection's cache file (WAL
 * lets it read while the cache worker writes a sync), runs one export, and reports back. The main
 * thread never touches a row. Cancellation is a shared flag polled between rows.
 * In:  workerData {cachePath, input, target, cancelFlag: SharedArrayBuffer}
 * Out: {type:'total', total} | {type:'progress', rows} | {type:'done', rows, skipped, changedCells}
 *      | {type:'cancelled'} | {type:'failed', code, message}
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ExportStartInput } from '../../shared/contract/export-types';
import { ContractError } from '../../shared/errors';
import { ExportCancelled } from './csv-writer';
import { prepareReadConnection } from '../analytics/read-views';
import { runExport } from './run-export';
import type { XlsxChanges } from './xlsx-writer';

export interface ExportWorkerData {
  cachePath: string;
  input: ExportStartInput;
  target: string;
  cancelFlag: SharedArrayBuffer;
}

export type ExportWorkerMessage =
  | { type: 'total'; total: number }
  | { type: 'progress'; rows: number }
  | { type: 'done'; rows: number; skipped: string[]; changedCells: XlsxChanges | null }
  | { type: 'cancelled' }
  | { type: 'failed'; code: string; message: string };

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('export-worker must run in a worker thread');
  const data = workerData as ExportWorkerData;
  const cancel = new Int32Array(data.cancelFlag);
  const post = (m: ExportWorkerMessage) => port.postMessage(m);
  let db: Database.Database | null = null;
  try {
    try {
      db = new Database(data.cachePath, { readonly: true, fileMustExist: true });
    } catch {
      throw new ContractError('not_found', 'There is no cache for this connection yet. Sync first.');
    }
    db.pragma('busy_timeout = 5000');
    prepareReadConnection(db);
    const result = await runExport(db, data.input, data.target, {
      onTotal: (total) => post({ type: 'total', total }),
      onProgress: (rows) => post({ type: 'progress', rows }),
      isCancelled: () => Atomics.load(cancel, 0) === 1,
    });
    post({ type: 'done', rows: result.rows, skipped: result.skipped, changedCells: result.changedCells });
  } catch (err) {
    if (err instanceof ExportCancelled) post({ type: 'cancelled' });
    else if (err instanceof ContractError) post({ type: 'failed', code: err.code, message: err.message });
    else post({ type: 'failed', code: /^SQLITE_/.test(String((err as { code?: unknown }).code)) ? 'cache_error' : 'export_failed', message: err instanceof Error ? err.message : String(err) });
  } finally {
    db?.close();
  }
}

void main();

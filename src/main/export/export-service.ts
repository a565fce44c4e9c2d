/**
 * The main thread's side of exports: starts one export worker per export (so the window and the
 * cache worker stay free), keeps each job's state, forwards progress as `export.progress` events
 * (at most ~5 per second per export, plus every state change) and cancels on request.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ContractEvents } from '../../shared/contract';
import type { ExportJob, ExportStartInput } from '../../shared/contract/export-types';
import { ContractError } from '../../shared/errors';
import { locateWorkerEntry, startWorker } from '../worker-thread';
import { exportFileName, formatOf } from './export-file-name';
import type { ExportDestination, ExportTarget } from './export-target';
import type { ExportWorkerData, ExportWorkerMessage } from './export-worker';

const PROGRESS_INTERVAL_MS = 200;

/**
 * The worker's heap is capped: an export streams, so it never needs more than a few pages of rows;
 * the cap makes V8 collect early instead of letting garbage pile up, which keeps the app's memory
 * flat during a long export (bench/export measures it). Exceeding it fails the export, never the app.
 */
export const EXPORT_WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 } as const;

function startExportWorker(data: ExportWorkerData): Worker {
  const entry = locateWorkerEntry([path.join(__dirname, 'export-worker.js'), path.join(__dirname, 'export-worker.ts')]);
  return startWorker(entry, { workerData: data, resourceLimits: EXPORT_WORKER_LIMITS });
}

interface Running {
  job: ExportJob;
  target: string | null;
  worker: Worker | null;
  cancelFlag: Int32Array;
  finished: Promise<ExportJob>;
}

export interface StartOptions extends ExportDestination {
  /** The cache file to read. */
  cachePath: string;
}

/** Where the service reports an export's progress (the app's event bus). */
export type ExportProgressSink = (payload: ContractEvents['export.progress']) => void;

export class ExportService {
  private readonly jobs = new Map<string, Running>();

  constructor(
    private readonly target: ExportTarget,
    private readonly progress: ExportProgressSink,
  ) {}

  /** Asks the host where the file goes (a save dialog may be cancelled), then starts the export. */
  async export(input: ExportStartInput, cachePath: string): Promise<ExportJob> {
    const plan = this.plan(input);
    const destination = await this.target.destinationOf({ ...plan, format: formatOf(input) });
    if (!destination) return this.recordCancelled(input, plan);
    return this.start(input, plan, { cachePath, ...destination });
  }

  /** A new export id and its file name (before anything runs: the save dialog needs the name). */
  plan(input: ExportStartInput): { exportId: string; fileName: string } {
    return { exportId: randomUUID(), fileName: exportFileName(input) };
  }

  /** Records an export the user abandoned before it started (e.g. closed the save dialog). */
  recordCancelled(input: ExportStartInput, plan: { exportId: string; fileName: string }): ExportJob {
    const job = this.newJob(input, plan, null, null);
    job.state = 'cancelled';
    job.finishedAt = job.startedAt;
    this.jobs.set(job.exportId, { job, target: null, worker: null, cancelFlag: new Int32Array(1), finished: Promise.resolve(job) });
    this.emit(job);
    return { ...job };
  }

  start(input: ExportStartInput, plan: { exportId: string; fileName: string }, options: StartOptions): ExportJob {
    if (!fs.existsSync(options.cachePath)) throw new ContractError('not_found', 'There is no cache for this connection yet. Sync first.');
    const job = this.newJob(input, plan, options.revealPath ? options.target : null, null);
    const shared = new SharedArrayBuffer(4);
    const cancelFlag = new Int32Array(shared);
    const worker = startExportWorker({ cachePath: options.cachePath, input, target: options.target, cancelFlag: shared });
    let lastEmit = 0;
    const finished = new Promise<ExportJob>((resolve) => {
      const finish = (state: ExportJob['state'], error: string | null) => {
        if (job.state !== 'running') return;
        job.state = state;
        job.error = error;
        job.finishedAt = new Date().toISOString();
        if (state === 'done') job.downloadUrl = options.downloadUrl ?? null;
        else job.path = null;
        this.emit(job);
        resolve({ ...job });
      };
      worker.on('message', (m: ExportWorkerMessage) => {
        if (m.type === 'total') {
          job.totalRows = m.total;
          this.emit(job);
        } else if (m.type === 'progress') {
          job.rows = m.rows;
          const now = Date.now();
          if (now - lastEmit >= PROGRESS_INTERVAL_MS) {
            lastEmit = now;
            this.emit(job);
          }
        } else if (m.type === 'done') {
          job.rows = m.rows;
          job.skipped = m.skipped;
          job.changedCells = m.changedCells;
          finish('done', null);
        } else if (m.type === 'cancelled') finish('cancelled', null);
        else finish('failed', `${m.code}: ${m.message}`);
      });
      worker.on('error', (err) => {
        const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish('failed', outOfMemory ? 'export_failed: the export needed more memory than an export may use' : `export_failed: ${err.message}`);
      });
      worker.on('exit', () => finish(Atomics.load(cancelFlag, 0) === 1 ? 'cancelled' : 'failed', 'export_failed: the export worker stopped'));
    });
    this.jobs.set(job.exportId, { job, target: options.target, worker, cancelFlag, finished });
    this.emit(job);
    return { ...job };
  }

  status(exportId: string): ExportJob {
    return { ...this.running(exportId).job };
  }

  /** The file behind an export (for the web host's download route; never sent to the renderer). */
  fileOf(exportId: string): { target: string; fileName: string; format: ExportJob['format']; state: ExportJob['state'] } {
    const r = this.running(exportId);
    if (!r.target) throw new ContractError('not_found', `Export '${exportId}' has no file`);
    return { target: r.target, fileName: r.job.fileName, format: r.job.format, state: r.job.state };
  }

  /** Resolves when the export has finished (done, failed or cancelled). */
  wait(exportId: string): Promise<ExportJob> {
    return this.running(exportId).finished;
  }

  /** Asks the worker to stop after the row in hand; it removes its partial file. Stops it hard after 5 s. */
  async cancel(exportId: string): Promise<ExportJob> {
    const r = this.running(exportId);
    if (r.job.state !== 'running') return { ...r.job };
    Atomics.store(r.cancelFlag, 0, 1);
    const timer = setTimeout(() => void r.worker?.terminate(), 5000);
    timer.unref();
    const job = await r.finished;
    clearTimeout(timer);
    return job;
  }

  /** Cancels everything still running (on shutdown). */
  async cancelAll(): Promise<void> {
    await Promise.all([...this.jobs.values()].filter((r) => r.job.state === 'running').map((r) => this.cancel(r.job.exportId)));
  }

  private running(exportId: string): Running {
    const r = this.jobs.get(exportId);
    if (!r) throw new ContractError('not_found', `No export '${exportId}'`);
    return r;
  }

  private newJob(input: ExportStartInput, plan: { exportId: string; fileName: string }, target: string | null, downloadUrl: string | null): ExportJob {
    return {
      exportId: plan.exportId,
      table: input.table,
      format: formatOf(input),
      fileName: plan.fileName,
      state: 'running',
      rows: 0,
      totalRows: null,
      path: target,
      downloadUrl,
      skipped: [],
      changedCells: null,
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
  }

  private emit(job: ExportJob): void {
    this.progress({ exportId: job.exportId, rows: job.rows, totalRows: job.totalRows, state: job.state, error: job.error });
  }
}

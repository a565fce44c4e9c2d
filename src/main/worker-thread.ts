/**
 * Starting a worker thread from its entry file: a built `.js` file runs as is (the desktop bundle);
 * a `.ts` source (web host, CLI, tests under tsx or vitest) is started through a tiny bootstrap
 * that registers tsx's CommonJS hook first.
 */
import fs from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { ContractError } from '../shared/errors';

/** The first of `candidates` that exists (a bundle's `.js` before the source's `.ts`). */
export function locateWorkerEntry(candidates: string[]): string {
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new ContractError('internal_error', `Worker entry not found (looked for ${candidates.join(', ')})`);
  return found;
}

export function startWorker(entry: string, options: Omit<WorkerOptions, 'eval'>): Worker {
  if (entry.endsWith('.js')) return new Worker(entry, options);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { ...options, eval: true });
}

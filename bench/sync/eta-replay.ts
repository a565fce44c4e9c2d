/**
 * The whole-run ETA judged on recorded syncs, so that two versions of the estimator (`SyncProgress`
 * and its `SyncEta`) can be compared on the same run (a machine's speed differs from one run to the
 * next; a 10x bench takes 25 minutes).
 *
 *   npx tsx bench/sync/eta-replay.ts record FILE   a fresh complete sync against the reference service
 *                                                  (BENCH_SCALE, BENCH_SERVICE_FROM as in index.ts); every
 *                                                  call the engine makes into SyncProgress and its
 *                                                  SyncEta, with its time
 *   npx tsx bench/sync/eta-replay.ts replay FILE…  each recording fed to this tree's SyncProgress on a
 *                                                  simulated clock, its ETA judged every 250 ms as
 *                                                  index.ts judges a live one (etaError)
 *
 * To judge another version, replay from a checkout of it. Replayed on the code that recorded it, a
 * recording reproduces the ETA that was shown live.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYNC_JOBS } from '../../src/shared/contract';
import { ApiClient } from '../../src/main/api/api-client';
import { openCache } from '../../src/main/workers/open-cache';
import { spawnReferenceService, stopReferenceService } from '../../src/main/connections/demo-service';
import { SyncEngine } from '../../src/main/sync/sync-engine';
import { SyncEta } from '../../src/main/sync/sync-eta';
import { SyncProgress } from '../../src/main/sync/sync-progress';
import { etaError, etaSample, settled, type EtaSample } from './wire';

/**
 * What the engine tells SyncProgress and its SyncEta (their methods that change them; SyncProgress's
 * `page`, `pause` and `resumed` tell the SyncEta themselves), and the fields it sets directly.
 */
const TOLD = {
  progress: ['fromCheckpoint', 'fromIssueCounts', 'unfit', 'newPass', 'skipped', 'queue', 'begin', 'request', 'pause', 'resumed', 'page', 'finish'],
  eta: ['rememberPublish', 'remember', 'size', 'fullPass', 'publishing'],
} as const;
const FIELDS = ['state', 'rateLimitPerMinute'] as const;
type Target = keyof typeof TOLD;

interface Recording {
  startMs: number;
  endMs: number;
  calls: Array<{ atMs: number; target: Target; method: string; args: unknown[]; fields: Record<string, unknown> }>;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

async function record(file: string): Promise<void> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-eta-record-'));
  const rec: Recording = { startMs: 0, endMs: 0, calls: [] };
  // The engine builds its own SyncProgress (and it its SyncEta): their prototypes are wrapped, for this
  // process only. Only the outermost call is recorded (SyncProgress's calls into its SyncEta are its
  // own), with SyncProgress's fields as its own calls find them.
  let depth = 0;
  for (const [target, methods] of Object.entries(TOLD) as Array<[Target, readonly string[]]>) {
    const proto = (target === 'progress' ? SyncProgress.prototype : SyncEta.prototype) as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of methods) {
      const original = proto[method]!;
      proto[method] = function (this: Record<string, unknown>, ...args: unknown[]) {
        if (depth === 0) {
          const fields = target === 'progress' ? Object.fromEntries(FIELDS.map((f) => [f, this[f]])) : {};
          rec.calls.push({ atMs: Date.now(), target, method, args: structuredClone(args), fields });
        }
        depth++;
        try {
          return original.apply(this, args);
        } finally {
          depth--;
        }
      };
    }
  }
  const dbPath = path.join(work, 'service.sqlite');
  if (process.env.BENCH_SERVICE_FROM) fs.copyFileSync(process.env.BENCH_SERVICE_FROM, dbPath);
  say(`starting the reference service at scale ${scale}...`);
  const service = await spawnReferenceService({ scale, dbPath, extraArgs: ['--rate-limit-pro', '1000000'], timeoutMs: 1_800_000 });
  try {
    const cache = openCache(path.join(work, 'cache.sqlite'));
    await settled(cache);
    const engine = new SyncEngine({ cache, client: new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey }) });
    rec.startMs = Date.now();
    engine.start();
    const status = await engine.whenDone();
    rec.endMs = Date.now();
    await cache.close();
    if (status.state !== 'done') throw new Error(`sync ${status.state}: ${JSON.stringify(status.lastError)}`);
    fs.writeFileSync(file, JSON.stringify(rec));
    say(`recorded ${rec.calls.length} calls over ${((rec.endMs - rec.startMs) / 1000).toFixed(1)} s: ${file}`);
  } finally {
    await stopReferenceService(service);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A recording fed to this tree's SyncProgress: the ETA it would have shown every `everyMs`. */
function replay(rec: Recording, everyMs = 250): { samples: EtaSample[]; seconds: number } {
  let now = rec.startMs;
  const progress = new SyncProgress(SYNC_JOBS, { now: () => now });
  const samples: EtaSample[] = [];
  let next = rec.startMs + everyMs;
  for (const call of rec.calls) {
    for (; next <= call.atMs; next += everyMs) {
      now = next;
      samples.push(etaSample(progress.snapshot(), (now - rec.startMs) / 1000));
    }
    now = call.atMs;
    Object.assign(progress, call.fields);
    const target = (call.target === 'eta' ? progress.eta : progress) as unknown as Record<string, (...args: unknown[]) => unknown>;
    target[call.method]!.apply(target, call.args);
  }
  return { samples, seconds: (rec.endMs - rec.startMs) / 1000 };
}

async function main() {
  const [mode, ...files] = process.argv.slice(2);
  if (mode === 'record' && files.length === 1) return record(files[0]!);
  if (mode !== 'replay' || !files.length) {
    say('usage: eta-replay.ts record FILE | replay FILE…');
    process.exit(2);
  }
  for (const file of files) {
    const { samples, seconds } = replay(JSON.parse(fs.readFileSync(file, 'utf8')) as Recording);
    const e = etaError(samples, seconds);
    const sized = e.leftOutUntil === null ? '' : `; after ${e.leftOutUntil.toFixed(1)} s (every job sized) ${(e.maxBeyondRoundingSized * 100).toFixed(0)}%`;
    say(`${path.basename(file)} (${seconds.toFixed(1)} s): median ${(e.median * 100).toFixed(0)}%, max beyond the rounding ${(e.maxBeyondRounding * 100).toFixed(0)}% (${e.worst})${sized}`);
    say(`  shown / actually left: ${e.trace}`);
  }
}

main().catch((err: unknown) => {
  say(`eta-replay failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});

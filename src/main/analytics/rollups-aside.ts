/**
 * The rollups of a full credits pass, built beside its publishing. Publishing is one transaction on
 * the writer: every index of the new transactions is built, then every rollup, each reading all the
 * staged rows, while the second core has nothing to do. Here a `rollups` thread reads the staged pass
 * as last committed (its own connection: the writer's publishing, uncommitted, is invisible to it)
 * and writes the rollups into a scratch file beside the cache while the writer builds the indexes;
 * the writer then copies them into the live rollups inside its transaction (adoptPrepared in
 * aggregates.ts). The staged rows are exactly the rows published, so the copies equal a rebuild.
 * When the thread fails, stalls, or its windows are of another day, the writer rebuilds the rollups
 * itself as before. A crash leaves only the scratch file, removed by the next publishing.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { REBUILD, type PreparedRollups, type RollupSource } from './aggregates';
import { marketToday } from './market-calendar';
import { ROLLUPS, rollupTable, type Rollup } from './rollup-state';

/** The name the scratch file is attached under, on the writer's connection. */
const SCHEMA = 'aside';
/** The name the cache file is attached under, on the rollups thread's connection. */
const CACHE = 'cache';
/**
 * The rollups built beside: credit days and months, the beneficiary names, the (buyer, project) pairs
 * and the buyers folded from them. The writer builds the counts per project once its indexes are in.
 * Timed at the default market, the writer's eight index builds take 2.4 s, and this thread (its start
 * 0.28 s under tsx, days 0.39, months 0.06, names 0.14, pairs 0.7, buyers 1.17) ends with them; the
 * counts (0.3 s) are then the writer's last rollup. At ten times that market the writer's indexes
 * take 31 s, and the thread ends with them again (days 4.8, names 1.7, pairs 9.0, buyers 15.3 s).
 * With the days, months and names on the writer instead, it built them for 0.5 s (5 s at 10x) after
 * its indexes while this thread's counts were done early.
 */
export const BESIDE: readonly Rollup[] = ['credit_days', 'credit_months', 'beneficiary_names', 'buyer_projects', 'buyers'];
/** The rollups thread's page caches (KiB): the scratch file, the cache file it reads, its temporary tables. */
const PAGE_CACHE_KIB = { main: 512, [CACHE]: 256, temp: 256 } as const;
/** How long the writer waits for the thread's next rollup before it builds them itself. */
const STALL_MS = 120_000;
/** The thread's state in its shared signal: how many rollups it built so far, or one of these. */
const DONE = 100;
const FAILED = -1;

/** What a rollups thread is started with. */
export interface RollupsAsideData {
  /** The cache file. */
  path: string;
  /** The scratch file, with an empty table per rollup and the `built` record (made by the writer). */
  aside: string;
  /** The staged transactions, a table of the cache file. */
  staging: string;
  /** The day the windows end. */
  today: string;
  /** Which rollups to build (in the order of ROLLUPS, each on those before it). */
  rollups: readonly Rollup[];
  /** One Int32 the thread counts its rollups in (then DONE or FAILED), for the writer to wait on. */
  signal: SharedArrayBuffer;
}

/** A thread started by the composition root (the cache worker's entry in its `rollups` role). */
export interface RollupsThread {
  terminate(): void;
}

/** Rollups being built beside a publishing; `end` after the publishing's transaction ended (committed or not). */
export interface RollupsAside extends PreparedRollups {
  end(): void;
}

/** The scratch file of a cache's publishing. */
export const asideFile = (cacheFile: string): string => `${cacheFile}-rollups`;

function removeAside(file: string): void {
  for (const f of [file, `${file}-journal`]) fs.rmSync(f, { force: true });
}

/**
 * Starts building the rollups of staged table `staging` beside the publishing, on the writer's
 * connection `db` to `file` (outside any transaction: the scratch file is attached here). Answers
 * null when it cannot (an in-memory cache, a scratch file that cannot be made): the publishing then
 * rebuilds them itself.
 */
export function startRollupsAside(
  db: Database.Database,
  file: string,
  staging: string,
  spawn: (data: RollupsAsideData) => RollupsThread,
): RollupsAside | null {
  if (file === ':memory:' || file === '' || db.inTransaction) return null;
  const aside = asideFile(file);
  let thread: RollupsThread | null = null;
  const detach = () => {
    try {
      db.exec(`DETACH DATABASE ${SCHEMA}`);
    } catch {
      // Not attached (the attach failed).
    }
  };
  try {
    removeAside(aside);
    db.prepare(`ATTACH DATABASE ? AS ${SCHEMA}`).run(aside);
    db.transaction(() => {
      for (const name of BESIDE) {
        const sql = db.prepare("SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?").pluck().get(rollupTable(name)) as string;
        db.exec(`CREATE TABLE ${SCHEMA}.${rollupTable(name)} ${sql.slice(sql.indexOf('('))}`);
      }
      db.exec(`CREATE TABLE ${SCHEMA}.built (name TEXT NOT NULL, rows INTEGER NOT NULL, ms REAL NOT NULL, today TEXT NOT NULL)`);
    })();
    const signal = new SharedArrayBuffer(4);
    thread = spawn({ path: file, aside, staging, today: marketToday(), rollups: BESIDE, signal });
    return {
      schema: SCHEMA,
      planned: BESIDE,
      take: () => {
        const state = waitFor(new Int32Array(signal));
        if (state !== DONE) return { today: '', built: [] };
        const built = db.prepare(`SELECT name, rows, ms, today FROM ${SCHEMA}.built`).all() as Array<{ name: Rollup; rows: number; ms: number; today: string }>;
        return { today: built[0]?.today ?? '', built };
      },
      end: () => {
        thread?.terminate();
        detach();
        try {
          removeAside(aside);
        } catch {
          // Still open elsewhere (Windows): the next publishing removes it.
        }
      },
    };
  } catch {
    thread?.terminate();
    detach();
    return null;
  }
}

/** Waits while the thread makes progress; answers its last state (DONE, FAILED, or a count when it stalled). */
function waitFor(state: Int32Array): number {
  for (;;) {
    const seen = Atomics.load(state, 0);
    if (seen === DONE || seen === FAILED) return seen;
    if (Atomics.wait(state, 0, seen, STALL_MS) === 'timed-out') return Atomics.load(state, 0);
  }
}

/**
 * The rollups thread's work: on its own connection to the scratch file, with the cache attached,
 * the rollups asked for, from the staged rows, each built on those before it (buyers on their
 * pairs), then the signal. The writer's connection reads what it wrote once the signal says DONE.
 */
export function buildRollupsAside(data: RollupsAsideData): void {
  const state = new Int32Array(data.signal);
  let outcome = FAILED;
  let db: Database.Database | null = null;
  try {
    db = new Database(data.aside, { fileMustExist: true });
    // A scratch file: a crash discards it, so it keeps no journal and waits for no disk.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('temp_store = FILE');
    db.pragma('busy_timeout = 5000');
    const conn = db;
    conn.prepare(`ATTACH DATABASE ? AS ${CACHE}`).run(data.path);
    // Small page caches: the rollups read every row once and write in order. With SQLite's default
    // (2 MB each) the thread held about 45 MB at its peak, with these about 20 MB, as fast.
    for (const [schema, kib] of Object.entries(PAGE_CACHE_KIB)) conn.pragma(`${schema}.cache_size = -${kib}`);
    const built = new Set<Rollup>();
    const from: RollupSource = { transactions: `${CACHE}.${data.staging}`, today: data.today, current: (r) => built.has(r) };
    const record = conn.prepare('INSERT INTO built (name, rows, ms, today) VALUES (?, ?, ?, ?)');
    conn.transaction(() => {
      for (const name of ROLLUPS.filter((r) => data.rollups.includes(r))) {
        const t0 = performance.now();
        const rows = REBUILD[name](conn, from);
        record.run(name, rows, performance.now() - t0, data.today);
        built.add(name);
        Atomics.store(state, 0, built.size);
        Atomics.notify(state, 0);
      }
    })();
    outcome = DONE;
  } catch {
    outcome = FAILED;
  } finally {
    db?.close();
    Atomics.store(state, 0, outcome);
    Atomics.notify(state, 0);
  }
}

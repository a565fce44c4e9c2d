/**
 * The credit transactions' indexes of a freshly generated market, built while the service already
 * serves: they take about half as long again as generating the market. The projects (what an app
 * shows first) need none of them, so the service listens as soon
 * as the rows are in, and a worker thread builds the indexes on its own connection (WAL: the
 * service's connection keeps reading the committed market meanwhile). Requests that need them to
 * read the transactions (and every write) wait until the build is done; the rest, pages of every
 * transaction in id order among them, are answered at once.
 *
 * A build stopped half-way (the process killed) leaves the indexes it finished; the next start
 * builds the missing ones. Should the thread fail, the indexes are built on the service's own
 * connection instead (the requests waiting meanwhile).
 */
import { Worker } from 'node:worker_threads';
import { buildMissingCreditIndexesNow, missingCreditIndexes, type Db } from './open-store';

export interface CreditIndexBuild {
  /** Settles when every credit index exists (resolves also when the build failed and was redone here). */
  readonly ready: Promise<void>;
  building(): boolean;
  /** Stops a build under way (at its current statement's end); resolves when the thread is gone. */
  stop(): Promise<void>;
}

/** The thread's whole program: the driver is passed by path so no module of ours is loaded there. */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
try {
  db.pragma('busy_timeout = 60000');
  db.pragma('temp_store = MEMORY');
  for (const sql of workerData.statements) db.exec(sql);
  db.exec('ANALYZE credits');
} finally {
  db.close();
}
`;

/**
 * Starts building the credit indexes `db` lacks; `log` gets one line when the thread fails.
 * `inThread: false` builds them on `db` itself, on the next turn of the event loop.
 */
export function buildMissingCreditIndexes(db: Db, dbPath: string, log: (line: string) => void, options: { inThread?: boolean } = {}): CreditIndexBuild {
  const statements = missingCreditIndexes(db);
  if (statements.length === 0) return { ready: Promise.resolve(), building: () => false, stop: () => Promise.resolve() };
  let building = true;
  let worker: Worker | null = null;
  let stopped = false;
  const buildHere = () => {
    buildMissingCreditIndexesNow(db);
    db.exec('ANALYZE credits');
  };
  const ready = new Promise<void>((resolve, reject) => {
    const finish = (threadFailure?: unknown) => {
      worker = null;
      if (stopped) return resolve();
      try {
        if (threadFailure !== undefined) {
          log(`building the credit indexes in a thread failed (${threadFailure instanceof Error ? threadFailure.message : String(threadFailure)}); building them here`);
        }
        if (threadFailure !== undefined || options.inThread === false) buildHere();
        // This connection reads the statistics the thread wrote only when told to.
        db.exec('ANALYZE sqlite_schema');
        building = false;
        resolve();
      } catch (caught) {
        building = false;
        reject(caught instanceof Error ? caught : new Error(String(caught)));
      }
    };
    if (options.inThread === false) {
      setImmediate(() => finish());
      return;
    }
    try {
      const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: require.resolve('better-sqlite3'), path: dbPath, statements } });
      worker = thread;
      let failure: unknown;
      thread.on('error', (error) => {
        failure = error;
      });
      thread.on('exit', (code) => finish(failure ?? (code === 0 ? undefined : new Error(`the thread exited with code ${code}`))));
    } catch (error) {
      setImmediate(() => finish(error));
    }
  });
  return {
    ready,
    building: () => building,
    stop: async () => {
      stopped = true;
      building = false;
      const thread = worker;
      if (thread) await thread.terminate();
    },
  };
}

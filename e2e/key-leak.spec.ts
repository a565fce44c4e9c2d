/**
 * After a full sync of a real service connection, the API key appears in
 * none of: the cache database (and its WAL), any file in the data folder (logs included), the
 * host's own output, any contract response (every read method, and every response the renderer
 * received while walking every view), the renderer's DOM, localStorage, sessionStorage, IndexedDB
 * and cookies. The key is searched as text, UTF-16, URL-encoded and base64.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { expect, test } from '@playwright/test';
import { contract, METHOD_NAMES, type MethodName } from '../src/shared/contract';
import { startWebHostProcess, type RunningWebHost } from './web-host';

const ROOT = path.resolve(__dirname, '..');
const NAV = ['Dashboard', 'Projects', 'Transactions', 'Buyers', 'Forensics', 'Satellite', 'Countries', 'Sync', 'Settings'];
/** Methods that change state or hand out a new key (its one-time display is allowed): not called here. */
const NOT_CALLED = new Set<MethodName>([
  'connections.add', 'connections.remove', 'connections.select', 'sync.start', 'sync.pause', 'sync.resume', 'sync.cancel',
  'watchlist.set', 'projects.refresh', 'keys.create', 'keys.revoke', 'cache.clear', 'export.start', 'export.cancel',
]);

interface ReferenceService {
  baseUrl: string;
  key: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function startReferenceService(): Promise<ReferenceService> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/service/index.ts', '--port', '0', '--scale', '0.01', '--seed', '91', '--rate-limit-pro', '100000'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const ready = await new Promise<{ baseUrl: string; keys: { pro: string } }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reference service not ready in 90 s\n${err}`)), 90_000);
    child.once('exit', (code) => reject(new Error(`reference service exited with ${code}\n${err}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const msg = JSON.parse(line) as { event?: string; baseUrl: string; keys: { pro: string } };
      if (msg.event === 'ready') {
        clearTimeout(timer);
        resolve(msg);
      }
    });
  });
  return {
    baseUrl: ready.baseUrl,
    key: ready.keys.pro,
    process: child,
    output: () => err,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** Every form the key could take in a file or a payload. */
function keyForms(key: string): Array<{ name: string; bytes: Buffer }> {
  return [
    { name: 'utf8', bytes: Buffer.from(key, 'utf8') },
    { name: 'utf16le', bytes: Buffer.from(key, 'utf16le') },
    { name: 'url-encoded', bytes: Buffer.from(encodeURIComponent(key), 'utf8') },
    { name: 'base64', bytes: Buffer.from(Buffer.from(key).toString('base64').replace(/=+$/, ''), 'utf8') },
  ].filter((f, i, all) => all.findIndex((g) => g.bytes.equals(f.bytes)) === i);
}

function leaksIn(haystack: Buffer | string, key: string): string[] {
  const bytes = typeof haystack === 'string' ? Buffer.from(haystack, 'utf8') : haystack;
  return keyForms(key).filter((f) => bytes.includes(f.bytes)).map((f) => f.name);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

test.describe.configure({ mode: 'serial' });

let service: ReferenceService;
let host: RunningWebHost;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  service = await startReferenceService();
  host = await startWebHostProcess({ env: { CARBON_DEMO_SCALE: '0.01' } });
});

test.afterAll(async () => {
  await host?.stop();
  await service?.stop();
  if (host) fs.rmSync(host.dataDir, { recursive: true, force: true });
});

test('the API key appears nowhere after a full sync', async ({ page, context }) => {
  test.setTimeout(300_000);
  const key = service.key;
  expect(key.length).toBeGreaterThanOrEqual(16);
  const responses: Array<{ what: string; body: string }> = [];
  const call = async <T>(method: string, input: unknown = {}): Promise<T> => {
    const res = await page.request.post(`${host.origin}/rpc/${method}`, {
      headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
      data: input,
    });
    const text = await res.text();
    responses.push({ what: `rpc ${method}`, body: text });
    const body = JSON.parse(text) as { result?: T; error?: { code: string; message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.code}: ${body.error.message}`);
    return body.result as T;
  };
  page.on('response', async (response) => {
    if (!response.url().startsWith(host.origin) || response.url().includes('/events')) return;
    const body = await response.text().catch(() => '');
    responses.push({ what: `renderer ${response.request().method()} ${new URL(response.url()).pathname}`, body });
  });

  // 1. Add the service connection with its key, select it, sync everything.
  await page.goto(host.url);
  const connection = await call<{ id: string; keyStorage: string }>('connections.add', { name: 'Leak check', baseUrl: service.baseUrl, apiKey: key });
  await call('connections.select', { id: connection.id });
  await call('sync.start', { full: true });
  let status: { state: string; jobs: Array<{ job: string; state: string; rows: number; lastError: unknown }> } = { state: 'running', jobs: [] };
  await expect
    .poll(async () => (status = await call('sync.status')).state, { timeout: 240_000, intervals: [500, 1000, 2000] })
    .toMatch(/^(done|failed|cancelled)$/);
  expect(status.state, JSON.stringify(status.jobs.filter((j) => j.lastError))).toBe('done');
  const info = await call<{ path: string; tables: Record<string, number> }>('cache.info');
  expect(info.tables.projects ?? 0).toBeGreaterThan(0);
  expect(info.tables.credit_transactions ?? 0).toBeGreaterThan(0);

  // 2. Every read method of the contract, with the simplest valid input.
  const sample: Record<string, unknown> = { projectId: 'VCS-1', buyerName: 'Acme', countryCode: 'US', exportId: 'none', query: 'a' };
  for (const method of METHOD_NAMES.filter((m) => !NOT_CALLED.has(m))) {
    const shape = (contract[method].input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    const input = Object.fromEntries(Object.keys(shape).filter((k) => k in sample).map((k) => [k, sample[k]]));
    await call(method, input).catch(() => undefined); // an error body is recorded and searched too
  }

  // 3. The renderer: walk every view, then its DOM and storage.
  const doms: Array<{ view: string; html: string }> = [];
  await page.goto(host.url);
  for (const label of NAV) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    doms.push({ view: label, html: await page.content() });
    doms.push({ view: `${label} (text)`, html: await page.innerText('body') });
  }
  // Evaluated in the page (a string: the e2e project is typed for Node, not the DOM).
  const storage = await page.evaluate(`(async () => {
    const dump = (s) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)).map((k) => [k, s.getItem(k)]));
    const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
    return { local: dump(localStorage), session: dump(sessionStorage), indexedDB: databases, cookie: document.cookie, title: document.title, url: location.href };
  })()`);
  const cookies = await context.cookies();

  // 4. Search everything.
  const findings: string[] = [];
  const search = (what: string, haystack: Buffer | string) => {
    for (const form of leaksIn(haystack, key)) findings.push(`${what} (${form})`);
  };
  const files = filesUnder(host.dataDir);
  expect(files.some((f) => f === info.path || f.endsWith('.sqlite')), files.join('\n')).toBe(true);
  for (const file of files) search(`file ${path.relative(host.dataDir, file)}`, fs.readFileSync(file));
  search('web host stderr (its log)', host.stderr());
  for (const r of responses) search(r.what, r.body);
  for (const d of doms) search(`DOM of ${d.view}`, d.html);
  search('renderer storage', JSON.stringify(storage));
  search('cookies', JSON.stringify(cookies));
  expect(responses.length).toBeGreaterThan(METHOD_NAMES.length / 2);
  expect(findings, `the API key leaked into:\n${findings.join('\n')}`).toEqual([]);

  // The search itself works: the key is found where it must be (the service's own copy is not ours).
  expect(leaksIn(`header X-API-Key: ${key}`, key)).toContain('utf8');
});

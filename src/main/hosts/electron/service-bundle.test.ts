/**
 * The reference service as the desktop app ships it: `electron-vite build` (its `build()` API, the
 * repository's electron.vite.config.ts) into a temporary folder under out/, then the bundle beside the
 * main bundle is started the way the demo connection starts it, with plain Node instead of a utility
 * process (there is no Electron binary here). The folder sits inside the repository so that the
 * bundle's `require`s walk up to its node_modules, as they walk up to app.asar/node_modules once packaged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnReferenceService, stopReferenceService, type DemoService } from '../../connections/demo-service';
import { nodeServiceLauncher } from '../../connections/node-service-launcher';
import { referenceServiceEntry, SERVICE_BUNDLE } from '../../connections/service-entry';

const root = path.resolve(__dirname, '../../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
let outDir = '';
let mainDir = '';
let service: DemoService | null = null;

/** Every module the file requires, following its relative requires (the shared chunks). */
function requiresOf(file: string, seen = new Set<string>()): Set<string> {
  const bare = new Set<string>();
  if (seen.has(file)) return bare;
  seen.add(file);
  for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)) {
    if (spec!.startsWith('.')) for (const b of requiresOf(path.resolve(path.dirname(file), spec!), seen)) bare.add(b);
    else bare.add(spec!);
  }
  return bare;
}

const packageName = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'out'), { recursive: true });
  outDir = fs.mkdtempSync(path.join(root, 'out', 'bundle-test-'));
  mainDir = path.join(outDir, 'main');
  const { build } = await import('electron-vite');
  await build({ root, build: { outDir }, logLevel: 'error', mode: 'production' });
}, 120_000);

afterAll(async () => {
  if (service) await stopReferenceService(service);
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the main bundle\'s own paths', () => {
  it('resolves every path it builds from __dirname: no module whose __dirname matters sits in a shared chunk', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name.endsWith('.js')) files.push(path.join(dir, e.name));
      }
    };
    walk(mainDir);
    let checked = 0;
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      // join(__dirname, "a", "b") with literal parts only: the build keeps them as written.
      for (const m of code.matchAll(/\bjoin\(__dirname,((?:\s*"[^"]*"\s*,?)+)\)/g)) {
        const parts = [...m[1]!.matchAll(/"([^"]*)"/g)].map((p) => p[1]!);
        const target = path.join(path.dirname(file), ...parts);
        if (target.endsWith('.ts')) continue; // the source fallback, for runs without a build
        checked++;
        expect(fs.existsSync(target), `${path.relative(outDir, file)} looks for ${path.relative(outDir, target)}`).toBe(true);
      }
    }
    // The cache and export workers' entries, the renderer and the preload are all looked up this way.
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('leaves DuckDB to node_modules: the cache worker requires its package, with its native binding, at run time', () => {
    const worker = fs.readFileSync(path.join(mainDir, 'cache-worker.js'), 'utf8');
    expect(worker).toMatch(/require\("@duckdb\/node-api"\)/);
    expect(fs.readdirSync(mainDir).some((f) => f.endsWith('.node'))).toBe(false);
  });
});

describe('the bundled reference service', () => {
  it('is written beside the main bundle, where the demo connection looks for it', () => {
    expect(fs.existsSync(path.join(mainDir, 'index.js'))).toBe(true);
    expect(referenceServiceEntry(mainDir)).toBe(path.join(mainDir, SERVICE_BUNDLE));
    // Bundled main code may sit in out/main/chunks: the bundle is found from there too.
    expect(referenceServiceEntry(path.join(mainDir, 'chunks'))).toBe(path.join(mainDir, SERVICE_BUNDLE));
  });

  it('needs no sources: it requires only Node built-ins and packages the installer ships (dependencies)', () => {
    const required = requiresOf(path.join(mainDir, SERVICE_BUNDLE));
    expect(required.size).toBeGreaterThan(0);
    for (const spec of required) {
      if (spec.startsWith('node:')) continue;
      expect(spec, 'no TypeScript or source import is left').not.toMatch(/\.tsx?$|src\//);
      const name = packageName(spec);
      expect(pkg.dependencies[name], `${name} is a runtime dependency`).toBeDefined();
      expect(pkg.devDependencies[name], `${name} is not a devDependency`).toBeUndefined();
    }
    expect([...required].map(packageName)).toContain('better-sqlite3'); // the native module stays external
  });

  it('runs under plain Node, prints its ready line and answers /v1/projects/ with its key; SIGTERM stops it cleanly', async () => {
    const entry = referenceServiceEntry(mainDir);
    service = await spawnReferenceService({ entry, launcher: nodeServiceLauncher, scale: 0.01, timeoutMs: 60_000 });
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${service.baseUrl}/v1/projects/?per_page=5`, { headers: { 'X-API-KEY': service.apiKey } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data?: unknown[]; pagination?: { total_entries: number } };
    expect(body.data?.length).toBe(5);
    expect(body.pagination?.total_entries).toBeGreaterThan(5);
    const denied = await fetch(`${service.baseUrl}/v1/projects/`);
    expect(denied.status).toBe(401);
    const running = service;
    service = null;
    await stopReferenceService(running);
    expect(running.process.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});

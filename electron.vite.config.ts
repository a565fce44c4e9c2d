/**
 * electron-vite build of the desktop app:
 * - main: the Electron host (src/main/hosts/electron/index.ts) plus three more entries beside it in
 *   out/main, where their callers look for them: the cache and export workers, and the reference
 *   service (`reference-service.js`, the built-in demo, started in a utility process by the Electron
 *   host, see src/main/hosts/electron/utility-service-launcher.ts). Package.json `dependencies` stay
 *   external (native modules: better-sqlite3, keytar, DuckDB's binding) and are required from
 *   node_modules at run time.
 * - preload: one self-contained CommonJS file (a sandboxed preload cannot require node_modules).
 * - renderer: src/renderer (the same sources as the web build), with THE CSP written into index.html.
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { cspMetaPlugin } from './src/main/security/csp-meta-plugin';

const root = __dirname;
const cacheWorker = resolve(root, 'src/main/workers/cache-worker.ts');
const exportWorker = resolve(root, 'src/main/export/export-worker.ts');
/** The reference service's CLI entry (it imports only src/service, src/shared and packages); the src/shared
 * code it has in common with the other entries goes to out/main/chunks, which ships with it. */
const referenceService = resolve(root, 'src/service/index.ts');
/** The .sql migration sets read at run time (the cache's own and the query layer's), by set name. */
const migrationSets = { cache: resolve(root, 'src/main/cache/migrations'), analytics: resolve(root, 'src/main/analytics/migrations') };

/** Copies each migration set beside the main bundle, to `out/main/migrations/<set>/`, where the loader looks, and the reports' font to `out/main/fonts/`. */
const copyMigrations = () => ({
  name: 'carbon-desk-copy-migrations',
  writeBundle(options: { dir?: string }) {
    for (const [set, dir] of Object.entries(migrationSets)) {
      const out = resolve(options.dir ?? resolve(root, 'out/main'), 'migrations', set);
      fs.mkdirSync(out, { recursive: true });
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.sql')) fs.copyFileSync(resolve(dir, f), resolve(out, f));
    }
    // The reports' font (src/main/reports/report-fonts.ts looks for it beside the bundle).
    fs.cpSync(resolve(root, 'resources/fonts'), resolve(options.dir ?? resolve(root, 'out/main'), 'fonts'), { recursive: true });
  },
});

export default defineConfig({
  main: {
    plugins: [copyMigrations()],
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/hosts/electron/index.ts'),
          ...(fs.existsSync(cacheWorker) ? { 'cache-worker': cacheWorker } : {}),
          ...(fs.existsSync(exportWorker) ? { 'export-worker': exportWorker } : {}),
          'reference-service': referenceService,
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        external: ['electron'],
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react(), cspMetaPlugin()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      chunkSizeWarningLimit: 2500,
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});

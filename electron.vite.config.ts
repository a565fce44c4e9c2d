/**
 * electron-vite build of the desktop app:
 * - main: the Electron host (src/main/hosts/electron/index.ts) plus three more entries beside it in
 *   out/main, where their callers look for them: the cache and export workers, and the reference
 *   service (`reference-service.js`, the built-in demo, started in a utility process by the Electron
 *   host, see src/main/hosts/electron/utility-service-launcher.ts). Package.json `dependencies` stay
 *   external (native modules: better-sqlite3, keytar) and are required from node_modules at run time.
 * - preload: one self-contained CommonJS file (a sandboxed preload cannot require node_modules).
 * - renderer: src/renderer (the same sources as the web build), with THE CSP written into index.html.
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { cspMetaPlugin } from './src/main/security/csp-meta-plugin';

const root = __dirname;
const cacheWorker = resolve(root, 'src/main/cache/cache-worker.ts');
const exportWorker = resolve(root, 'src/main/export/export-worker.ts');
/** The reference service's CLI entry (it imports only src/service, src/shared and packages); the src/shared
 * code it has in common with the other entries goes to out/main/chunks, which ships with it. */
const referenceService = resolve(root, 'src/service/index.ts');
const migrations = resolve(root, 'src/main/cache/migrations');

/** The cache's .sql migrations are read at run time: copy them beside the main bundle. */
const copyCacheMigrations = () => ({
  name: 'carbon-desk-copy-cache-migrations',
  writeBundle(options: { dir?: string }) {
    const out = resolve(options.dir ?? resolve(root, 'out/main'), 'migrations');
    fs.mkdirSync(out, { recursive: true });
    for (const f of fs.readdirSync(migrations)) if (f.endsWith('.sql')) fs.copyFileSync(resolve(migrations, f), resolve(out, f));
  },
});

export default defineConfig({
  main: {
    plugins: [copyCacheMigrations()],
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

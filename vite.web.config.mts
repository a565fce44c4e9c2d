/** Build of the renderer for the web host (`npm run web`, Playwright): same sources as Electron's. */
import react from '@vitejs/plugin-react';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { cspMetaPlugin } from './src/main/security/csp-meta-plugin';

const __dirname = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  base: './',
  plugins: [react(), cspMetaPlugin()],
  build: {
    outDir: resolve(__dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    sourcemap: false,
  },
});

/**
 * Where the reference service's entry is: the bundle electron-vite writes beside the main bundle
 * (`out/main/reference-service.js`, inside app.asar once packaged), else, when the back end runs from
 * the sources (tsx, vitest, the web host, the bench), the repository's `src/service/index.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ContractError } from '../../shared/errors';

/** The file name of the bundled service (an electron-vite main entry, see electron.vite.config.ts). */
export const SERVICE_BUNDLE = 'reference-service.js';

/** The repository root: the nearest folder up from `start` holding package.json. */
function repositoryRoot(start: string): string | null {
  let dir = start;
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/**
 * The service entry to start. `codeDir` is the folder of the running back-end code: out/main (or its
 * chunks folder) when bundled, src/main/connections when run from the sources.
 */
export function referenceServiceEntry(codeDir: string = __dirname): string {
  const bundle = [codeDir, path.dirname(codeDir)].map((dir) => path.join(dir, SERVICE_BUNDLE)).find((f) => fs.existsSync(f));
  if (bundle) return bundle;
  const root = repositoryRoot(codeDir);
  const source = root ? path.join(root, 'src', 'service', 'index.ts') : null;
  if (source && fs.existsSync(source)) return source;
  throw new ContractError('demo_unavailable', `The built-in demo service is not available (no ${SERVICE_BUNDLE} beside ${codeDir}, no sources)`);
}

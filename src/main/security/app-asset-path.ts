/**
 * Maps an `app://carbon-desk/<path>` request to a file inside the renderer folder, or null.
 * Nothing outside the folder can be reached: the path is decoded once, must not hold NUL bytes,
 * backslashes or drive letters, is normalised, and must stay inside the root after resolution.
 * A path that names no file is a client-side route (deep link): the host serves `index` for it,
 * except under `assets/`, where a missing file is a 404 and never HTML.
 */
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin';

export type AssetResolution =
  | { kind: 'file'; file: string; index: string; routeFallback: boolean }
  | { kind: 'refused'; reason: string };

export function resolveAppAsset(root: string, requestUrl: string): AssetResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'refused', reason: 'malformed URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:`) return { kind: 'refused', reason: 'wrong scheme' };
  if (url.hostname !== APP_HOST || url.port !== '' || url.username !== '' || url.password !== '') {
    return { kind: 'refused', reason: 'wrong host' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refused', reason: 'malformed path encoding' };
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /(^|\/)[A-Za-z]:/.test(decoded)) {
    return { kind: 'refused', reason: 'forbidden characters in path' };
  }
  const segments = decoded.split('/');
  if (segments.includes('..')) return { kind: 'refused', reason: 'path traversal' };
  const relative = path.posix.normalize(`/${decoded}`).replace(/^\/+/, '');
  const base = path.resolve(root);
  const index = path.join(base, 'index.html');
  const target = relative === '' ? index : path.resolve(base, relative);
  const fromRoot = path.relative(base, target);
  if (fromRoot === '' || fromRoot.startsWith('..') || path.isAbsolute(fromRoot)) {
    return { kind: 'refused', reason: 'outside the renderer folder' };
  }
  return { kind: 'file', file: target, index, routeFallback: !relative.startsWith('assets/') };
}

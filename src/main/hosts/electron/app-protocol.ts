/**
 * Serves the built renderer on `app://carbon-desk/` from its folder (inside app.asar when packaged).
 * Every answer carries the CSP and the other security headers; paths are resolved by
 * `resolveAppAsset`, which cannot leave the folder; unknown routes get index.html (deep links).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Net, Protocol } from 'electron';
import { resolveAppAsset } from '../../security/app-asset-path';
import { APP_SCHEME } from '../../security/app-origin';
import { securityHeaders } from '../../security/content-security-policy';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.geojson': 'application/geo+json',
  '.topojson': 'application/json',
};

/** The answer for one request, as status + file (pure apart from the file-system checks). */
export async function answerAppRequest(root: string, url: string): Promise<{ status: number; file: string | null; reason?: string }> {
  const resolved = resolveAppAsset(root, url);
  if (resolved.kind === 'refused') return { status: resolved.reason === 'wrong host' ? 404 : 400, file: null, reason: resolved.reason };
  const realRoot = await fs.promises.realpath(root).catch(() => path.resolve(root));
  for (const candidate of [resolved.file, ...(resolved.routeFallback ? [resolved.index] : [])]) {
    const real = await fs.promises.realpath(candidate).catch(() => null);
    if (real === null) continue;
    const rel = path.relative(realRoot, real);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return { status: 403, file: null, reason: 'outside the renderer folder' };
    const stat = await fs.promises.stat(real);
    if (stat.isFile()) return { status: 200, file: real };
  }
  return { status: 404, file: null, reason: 'not found' };
}

export function registerAppProtocol(protocol: Protocol, net: Net, root: string): void {
  const headers = securityHeaders({ delivery: 'header' });
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers });
    const answer = await answerAppRequest(root, request.url);
    if (answer.file === null) return new Response(answer.reason ?? 'refused', { status: answer.status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
    const fileResponse = await net.fetch(pathToFileURL(answer.file).toString());
    const type = TYPES[path.extname(answer.file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(fileResponse.body, { status: 200, headers: { ...headers, 'Content-Type': type } });
  });
}

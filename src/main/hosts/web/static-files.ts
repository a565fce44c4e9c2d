/** Serves the built renderer from one folder; a path can never leave that folder. */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.geojson': 'application/geo+json',
  '.map': 'application/json; charset=utf-8',
};

/** Resolves a URL path inside `root`, or null when it would escape it or does not exist. */
export function resolveStatic(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = path.resolve(root, rel);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

export function sendStatic(res: ServerResponse, file: string, headers: Record<string, string>): void {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const immutable = /[\\/]assets[\\/]/.test(file);
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  fs.createReadStream(file).pipe(res);
}

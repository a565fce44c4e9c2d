/**
 * The web host's download route: GET /download/:exportId (session token required, checked by the
 * host) streams a finished export as an attachment with its suggested name, e.g.
 * `Content-Disposition: attachment; filename="projects-2026-11-20.csv"`. The file lives in the
 * data folder's `exports/` until it has been downloaded once (then it is deleted) or the host stops.
 */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { ExportFormat } from '../../shared/contract/export-types';
import type { AppContext } from '../app-context';
import { addWebRoute } from '../hosts/web/server';
import { webExportDir } from './export-locations';
import { exportService } from './export-service';

const CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};


function fail(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** An ASCII-only fallback name plus the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Registers the route (call before the web host starts) and removes leftover files on shutdown. */
export function registerExportDownloads(ctx: AppContext): void {
  const dir = webExportDir(ctx);
  fs.rmSync(dir, { recursive: true, force: true });
  ctx.onDispose(() => fs.rmSync(dir, { recursive: true, force: true }));
  addWebRoute('/download/:exportId', (_req, res, params) => {
    const id = params['exportId'] ?? '';
    const service = exportService(ctx);
    let file: ReturnType<typeof service.fileOf>;
    try {
      file = service.fileOf(id);
    } catch {
      return fail(res, 404, 'not_found', 'No such export');
    }
    if (file.state !== 'done') return fail(res, 409, 'export_not_ready', `The export is ${file.state}`);
    if (!fs.existsSync(file.target)) return fail(res, 410, 'export_gone', 'This export was already downloaded; export again');
    const size = fs.statSync(file.target).size;
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPE[file.format],
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(file.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    const stream = fs.createReadStream(file.target);
    stream.pipe(res);
    res.on('finish', () => fs.rmSync(file.target, { force: true }));
    stream.on('error', () => res.destroy());
  });
}

/**
 * Exports the browser downloads (web host): GET /download/:exportId (session checked by the host)
 * streams a finished export as an attachment with its suggested name, e.g.
 * `Content-Disposition: attachment; filename="projects-2026-11-20.csv"`. The file lives in the
 * data folder's `exports/` until it has been downloaded once (then it is deleted) or the host stops.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { ExportFormat } from '../../shared/contract/export-types';
import { EXPORT_EXTENSION } from './export-file-name';
import type { ExportService } from './export-service';
import type { ExportTarget } from './export-target';

/** The route the web host serves downloads at, and the URL of one export. */
export const DOWNLOAD_ROUTE = '/download/:exportId';
export const downloadPath = (exportId: string) => `/download/${encodeURIComponent(exportId)}`;

/** Where the web host keeps finished exports until they are downloaded. */
export const downloadsFolder = (dataDir: string) => path.join(dataDir, 'exports');

/** The web host's export target: a private file in the downloads folder, fetched by the browser. */
export function downloadExportTarget(dataDir: string): ExportTarget {
  return {
    destinationOf: async (plan) => ({
      target: path.join(downloadsFolder(dataDir), `${plan.exportId}.${EXPORT_EXTENSION[plan.format]}`),
      downloadUrl: downloadPath(plan.exportId),
      revealPath: false,
    }),
  };
}

const CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
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

/** Serves a finished export once, then deletes its file. */
export function serveExportDownload(exports: ExportService) {
  return (_req: IncomingMessage, res: ServerResponse, params: Record<string, string | undefined>): void => {
    const id = params['exportId'] ?? '';
    let file: ReturnType<ExportService['fileOf']>;
    try {
      file = exports.fileOf(id);
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
  };
}

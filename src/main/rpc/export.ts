/**
 * export.* (issue 8): every export reads the current connection's cache in its own worker thread.
 * Where the file goes depends on the host: Electron asks a native save dialog (the suggested name,
 * e.g. `projects-2026-11-20.csv`); the web host keeps it in the data folder and answers a
 * `downloadUrl` the browser fetches with its session token; the CLI writes to the data folder
 * (its `export` subcommand writes wherever --out says).
 */
import path from 'node:path';
import { ContractError } from '../../shared/errors';
import { downloadPath, webExportDir } from '../export/export-locations';
import { EXPORT_EXTENSION, formatOf } from '../export/export-file-name';
import { exportService } from '../export/export-service';
import { exportSaveDialog } from '../export/save-dialog';
import type { HandlerSlice } from './types';

export const exportHandlers: HandlerSlice<'export.start' | 'export.status' | 'export.cancel'> = {
  'export.start': async (input, ctx) => {
    const connection = ctx.connections.selected();
    if (!connection) throw new ContractError('no_connection', 'No connection is selected');
    const cachePath = ctx.connections.cachePath(connection.id);
    const service = exportService(ctx);
    const plan = service.plan(input);
    const format = formatOf(input);
    if (ctx.host === 'electron') {
      const choose = exportSaveDialog(ctx);
      if (!choose) throw new ContractError('internal_error', 'No save dialog is installed in this window');
      const target = await choose(plan.fileName, format);
      if (!target) return service.recordCancelled(input, plan);
      return service.start(input, plan, { cachePath, target, revealPath: true });
    }
    if (ctx.host === 'web') {
      const target = path.join(webExportDir(ctx), `${plan.exportId}.${EXPORT_EXTENSION[format]}`);
      return service.start(input, plan, { cachePath, target, downloadUrl: downloadPath(plan.exportId) });
    }
    const target = path.join(ctx.dataDir, 'exports', plan.fileName);
    return service.start(input, plan, { cachePath, target, revealPath: true });
  },
  'export.status': async (input, ctx) => exportService(ctx).status(input.exportId),
  'export.cancel': async (input, ctx) => exportService(ctx).cancel(input.exportId),
};

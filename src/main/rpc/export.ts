/**
 * export.*: every export reads the current connection's cache in its own worker thread. Where the
 * file goes is the host's export target: a native save dialog (desktop), a private file the browser
 * downloads (web host), or the data folder (CLI).
 */
import type { HandlerSlice } from './types';

export const exportHandlers: HandlerSlice<'export.start' | 'export.status' | 'export.cancel'> = {
  'export.start': async (input, ctx) => ctx.exports.export(input, ctx.connections.cachePath(ctx.selectedConnectionId())),
  'export.status': async (input, ctx) => ctx.exports.status(input.exportId),
  'export.cancel': async (input, ctx) => ctx.exports.cancel(input.exportId),
};

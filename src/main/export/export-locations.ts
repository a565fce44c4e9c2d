/** Where the web host keeps finished exports until they are downloaded, and the URL it serves them at. */
import path from 'node:path';
import type { AppContext } from '../app-context';

export const webExportDir = (ctx: AppContext) => path.join(ctx.dataDir, 'exports');
export const downloadPath = (exportId: string) => `/download/${encodeURIComponent(exportId)}`;

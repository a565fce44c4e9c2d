/**
 * The desktop app's export target: a native save dialog offering the export's suggested name
 * (`projects-2026-11-20.csv`) in the Downloads folder, with a file-type filter; closing the dialog
 * cancels the export. Electron's `dialog` and `app` come in as ports, so this stays testable
 * without Electron.
 */
import path from 'node:path';
import type { ExportFormat } from '../../../shared/contract';
import type { ExportTarget } from '../../export/export-target';

interface SaveDialogOptions {
  title: string;
  defaultPath: string;
  filters: Array<{ name: string; extensions: string[] }>;
  properties: Array<'createDirectory' | 'showOverwriteConfirmation'>;
}
export interface SaveDialogPort<W> {
  showSaveDialog(window: W, options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
}
export interface DownloadsFolderPort {
  getPath(name: 'downloads'): string;
}

const FILTERS: Record<ExportFormat, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV (comma-separated values)', extensions: ['csv'] },
  xlsx: { name: 'Excel workbook', extensions: ['xlsx'] },
  geojson: { name: 'GeoJSON', extensions: ['geojson', 'json'] },
};

export function saveDialogOptions(fileName: string, format: ExportFormat, downloads: string): SaveDialogOptions {
  return {
    title: 'Export',
    defaultPath: path.join(downloads, fileName),
    filters: [FILTERS[format]],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
}

export function saveDialogExportTarget<W>(dialog: SaveDialogPort<W>, app: DownloadsFolderPort, focusedWindow: () => W | null): ExportTarget {
  return {
    destinationOf: async (plan) => {
      const options = saveDialogOptions(plan.fileName, plan.format, app.getPath('downloads'));
      const window = focusedWindow();
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : { target: result.filePath, revealPath: true };
    },
  };
}

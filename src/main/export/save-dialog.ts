/**
 * Where an Electron export goes: the host installs a native save dialog here (see
 * src/main/hosts/electron/export-save-dialog.ts); `export.start` asks it for a path, offering the
 * suggested file name. Kept as a per-context hook so this module never imports Electron.
 */
import type { ExportFormat } from '../../shared/contract/export-types';
import type { AppContext } from '../app-context';

/** Resolves with the chosen file path, or null when the user closed the dialog. */
export type ChooseSavePath = (fileName: string, format: ExportFormat) => Promise<string | null>;

const dialogs = new WeakMap<AppContext, ChooseSavePath>();

export function setExportSaveDialog(ctx: AppContext, choose: ChooseSavePath): void {
  dialogs.set(ctx, choose);
}

export function exportSaveDialog(ctx: AppContext): ChooseSavePath | null {
  return dialogs.get(ctx) ?? null;
}

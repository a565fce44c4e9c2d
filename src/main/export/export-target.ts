/**
 * Where a finished export goes is the host's decision: the desktop app asks with a native save
 * dialog, the web host keeps the file for the browser to download, the CLI writes into the data
 * folder. Each host implements this port once (src/main/hosts/<host>).
 */
import type { ExportFormat } from '../../shared/contract/export-types';

export interface ExportPlan {
  exportId: string;
  /** The suggested file name, e.g. `projects-2026-11-20.csv`. */
  fileName: string;
  format: ExportFormat;
}

export interface ExportDestination {
  /** The file the export writes. */
  target: string;
  /** Web host: the URL the browser downloads the finished file from. */
  downloadUrl?: string | null;
  /** Whether the file's path is shown to the user (desktop, CLI) or kept private (web host). */
  revealPath: boolean;
}

export interface ExportTarget {
  /** The destination of an export, or null when the user cancelled (e.g. closed the save dialog). */
  destinationOf(plan: ExportPlan): Promise<ExportDestination | null>;
}

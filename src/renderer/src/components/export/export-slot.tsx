/**
 * The toolbar spot for exporting the current (filtered, sorted) table: the export component
 * (src/renderer/src/components/export), CSV of the rows and, for projects, GeoJSON of their boundaries.
 */
import { ExportButton } from '.';

export interface ExportSlotProps {
  kind: 'projects' | 'credits';
  query: Record<string, unknown>;
  total: number | null;
}

export function ExportSlot({ kind, query, total }: ExportSlotProps) {
  return <ExportButton table={kind === 'projects' ? 'projects' : 'credit-transactions'} query={query} total={total} testId={`export-${kind}`} />;
}

/**
 * The toolbar spot for exporting the current (filtered) table. The export engineer's
 * <ExportButton> goes here once src/renderer/src/components/export exists.
 */
export interface ExportSlotProps {
  kind: 'projects' | 'credits';
  query: Record<string, unknown>;
  total: number | null;
}

export function ExportSlot(_props: ExportSlotProps) {
  return null;
}

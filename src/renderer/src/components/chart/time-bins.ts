/** Chart bins (start/end/value) merged by start and labelled for the chosen frequency. */
import type { ChartFrequency } from '../../../../shared/api/values';
import { formatDate, formatMonth, formatYear } from '../format';

export interface BinPoint {
  start: string;
  value: number;
}

export interface FlowRow {
  start: string;
  issued: number;
  retired: number;
}

/** Issuance and retirement bins on one list of starts (missing bins read 0), chronological. */
export function mergeFlows(issued: readonly BinPoint[], retired: readonly BinPoint[]): FlowRow[] {
  const byStart = new Map<string, FlowRow>();
  for (const p of issued) byStart.set(p.start, { start: p.start, issued: p.value, retired: 0 });
  for (const p of retired) {
    const row = byStart.get(p.start);
    if (row) row.retired = p.value;
    else byStart.set(p.start, { start: p.start, issued: 0, retired: p.value });
  }
  return [...byStart.values()].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** "2021" for years, "Mar 2021" for months, the date for weeks (from) and days. */
export function binLabel(start: string, freq: ChartFrequency): string {
  if (freq === 'Y') return formatYear(start);
  if (freq === 'M') return formatMonth(start);
  return freq === 'W' ? `week of ${formatDate(start)}` : formatDate(start);
}

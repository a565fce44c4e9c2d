/** Tooltip and axis formatters: thousands separators and the unit (tCO2e) on every value. */
import { formatCompact, formatNumber } from '../format';

/** A valueFormatter for ECharts tooltips: 1234567 -> "1,234,567 tCO2e". */
export const quantityFormatter =
  (unit: string | null = 'tCO2e') =>
  (value: unknown): string => {
    const v = Array.isArray(value) ? value[value.length - 1] : value;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) return '—';
    return unit ? `${formatNumber(n)} ${unit}` : formatNumber(n);
  };

/** A value axis whose labels are compact (1.2M) and whose name is the unit. */
export function quantityAxis(unit: string | null = 'tCO2e'): Record<string, unknown> {
  return {
    type: 'value',
    name: unit ?? undefined,
    nameTextStyle: { align: 'left' },
    axisLabel: { formatter: (v: number) => formatCompact(v) },
  };
}

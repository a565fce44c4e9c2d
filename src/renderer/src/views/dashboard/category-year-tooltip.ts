/** The stacked category-by-year chart's tooltip: the year, each category's value (largest first) and the year's total. */
import { formatNumber } from '../../components/format';

export interface TooltipItem {
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
  axisValueLabel?: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function categoryYearTooltip(items: readonly TooltipItem[], flowLabel: string, unit = 'tCO2e'): string {
  const year = items[0]?.axisValueLabel ?? '';
  const rows = items
    .map((i) => ({ name: i.seriesName ?? '', marker: typeof i.marker === 'string' ? i.marker : '', value: typeof i.value === 'number' ? i.value : 0 }))
    .filter((r) => r.value !== 0)
    .sort((a, b) => b.value - a.value);
  const total = rows.reduce((s, r) => s + r.value, 0);
  const line = (left: string, right: string, bold = false) =>
    `<div style="display:flex;justify-content:space-between;gap:16px${bold ? ';font-weight:600' : ''}"><span>${left}</span><span>${right}</span></div>`;
  return [
    `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(year)} · ${escapeHtml(flowLabel)}</div>`,
    ...rows.map((r) => line(`${r.marker}${escapeHtml(r.name)}`, `${formatNumber(r.value)} ${unit}`)),
    rows.length ? '' : line('Nothing', '—'),
    `<div style="border-top:1px solid rgba(128,128,128,.35);margin-top:4px;padding-top:4px">${line('Year total', `${formatNumber(total)} ${unit}`, true)}</div>`,
  ].join('');
}

/**
 * Chart images: `exportChart(instance, format)` gives a chart as a PNG (echarts' getDataURL, at 2x,
 * on the theme's background) or an SVG (a temporary SVG-renderer instance of the same size, option
 * and background, disposed right after);
 * `saveChart` downloads it under a sensible name.
 */
import type { EChartsInstance } from '../chart/echarts-setup';
import { echarts } from '../chart/echarts-setup';

export type ChartImageFormat = 'png' | 'svg';

function background(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--surface').trim() || '#ffffff';
}

/** The chart as a data URL. `theme` is the registered theme name the chart uses (for the SVG copy). */
export function exportChart(instance: EChartsInstance, format: ChartImageFormat, theme?: string): string {
  const backgroundColor = background();
  if (format === 'png') return instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor });
  const holder = document.createElement('div');
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden';
  document.body.appendChild(holder);
  const copy = echarts.init(holder, theme, { renderer: 'svg', width: instance.getWidth(), height: instance.getHeight() });
  try {
    // The background goes into the option: the SVG renderer paints it as the first rect (a viewer's
    // white page would otherwise sit behind a dark theme's light text).
    copy.setOption({ ...(instance.getOption() as Record<string, unknown>), backgroundColor, animation: false });
    return copy.getDataURL({ type: 'svg', backgroundColor });
  } finally {
    copy.dispose();
    holder.remove();
  }
}

/** `dashboard-credits-by-category-2026-11-20.png` */
export function chartFileName(name: string, format: ChartImageFormat, now: Date = new Date()): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'chart';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${slug}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${format}`;
}

/** Downloads the chart as an image file. */
export function saveChart(instance: EChartsInstance, format: ChartImageFormat, name: string, theme?: string): string {
  const url = exportChart(instance, format, theme);
  const a = document.createElement('a');
  a.href = url;
  a.download = chartFileName(name, format);
  document.body.appendChild(a);
  a.click();
  a.remove();
  return a.download;
}

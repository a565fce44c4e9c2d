/**
 * <Chart>: an ECharts canvas (or SVG) themed with the app's light/dark theme, resized with its
 * box, tooltips that format values with thousands separators and a unit, big series sampled.
 * `ref` gives the echarts instance (for PNG/SVG export) through ChartHandle.
 */
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useResolvedTheme } from '../../stores/theme';
import { CHART_THEME_NAME } from './chart-theme';
import { echarts, type EChartsInstance } from './echarts-setup';
import { prepareLargeSeries } from './large-series';
import { quantityFormatter } from './tooltip';

export interface ChartHandle {
  /** The live echarts instance (null before mount / after unmount). */
  instance(): EChartsInstance | null;
  /** The chart as a data URL (PNG by default, on the theme's background). */
  toDataUrl(options?: { pixelRatio?: number; type?: 'png' | 'jpeg' | 'svg' }): string | null;
}

export type ChartEvents = Partial<Record<'click' | 'legendselectchanged' | 'datazoom', (params: any) => void>>;

export interface ChartProps {
  option: Record<string, unknown>;
  /** CSS height of the chart box (default 300). */
  height?: number | string;
  /** Unit in tooltips (default "tCO2e"; null for plain counts). */
  unit?: string | null;
  renderer?: 'canvas' | 'svg';
  /** Accessible name: what the chart shows. */
  ariaLabel: string;
  loading?: boolean;
  onEvents?: ChartEvents;
  ref?: Ref<ChartHandle>;
  className?: string;
  testId?: string;
}

/** Fills in a tooltip valueFormatter unless the caller set one or a formatter. */
function withTooltip(option: Record<string, unknown>, unit: string | null): Record<string, unknown> {
  const tooltip = (option.tooltip ?? { trigger: 'axis' }) as Record<string, unknown>;
  if (tooltip.formatter || tooltip.valueFormatter) return option.tooltip ? option : { ...option, tooltip };
  return { ...option, tooltip: { confine: true, ...tooltip, valueFormatter: quantityFormatter(unit) } };
}

export function Chart({ option, height = 300, unit = 'tCO2e', renderer = 'canvas', ariaLabel, loading, onEvents, ref, className, testId }: ChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsInstance | null>(null);
  const theme = useResolvedTheme();
  const eventsRef = useRef(onEvents);
  eventsRef.current = onEvents;

  // create once per renderer; theme changes are applied in place
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const chart = echarts.init(box, CHART_THEME_NAME[theme], { renderer });
    chartRef.current = chart;
    for (const name of ['click', 'legendselectchanged', 'datazoom'] as const) {
      chart.on(name, (...args: unknown[]) => {
        eventsRef.current?.[name]?.(args[0]);
      });
    }
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!chart.isDisposed()) chart.resize();
      });
    });
    observer.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
    // theme is applied by the effect below; re-creating on theme change would lose zoom state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderer]);

  useEffect(() => {
    chartRef.current?.setTheme(CHART_THEME_NAME[theme]);
  }, [theme]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.setOption(prepareLargeSeries(withTooltip({ aria: { enabled: true }, animationDuration: 300, ...option }, unit)), { notMerge: true, lazyUpdate: true });
  }, [option, unit, theme]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (loading) chart.showLoading('default', { text: '', color: '#2f9c74', maskColor: 'rgba(0,0,0,0)' });
    else chart.hideLoading();
  }, [loading]);

  useImperativeHandle(
    ref,
    () => ({
      instance: () => chartRef.current,
      toDataUrl: (opts) => {
        const chart = chartRef.current;
        if (!chart) return null;
        const bg = getComputedStyle(document.documentElement).getPropertyValue('--surface').trim() || '#ffffff';
        return chart.getDataURL({ type: opts?.type ?? 'png', pixelRatio: opts?.pixelRatio ?? 2, backgroundColor: bg });
      },
    }),
    [],
  );

  // the outer box carries the chart's name; ECharts writes its data description on the inner one
  return (
    <div className={className ? `chart ${className}` : 'chart'} style={{ height, width: '100%' }} role="figure" aria-label={ariaLabel} data-testid={testId}>
      <div ref={boxRef} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}

/**
 * <ChartExportButtons chart={ref} name="Credits by category">: PNG and SVG buttons for a <Chart>
 * (its ChartHandle ref), placed in the chart card's header by the view.
 */
import type { RefObject } from 'react';
import { useResolvedTheme } from '../../stores/theme';
import type { ChartHandle } from '../chart/chart';
import { CHART_THEME_NAME } from '../chart/chart-theme';
import { saveChart, type ChartImageFormat } from './export-chart';
import './export.css';

export function ChartExportButtons({ chart, name, testId }: { chart: RefObject<ChartHandle | null>; name: string; testId?: string }) {
  const theme = useResolvedTheme();
  const save = (format: ChartImageFormat) => {
    const instance = chart.current?.instance();
    if (instance) saveChart(instance, format, name, CHART_THEME_NAME[theme]);
  };
  return (
    <span className="chart-export" data-testid={testId}>
      <button type="button" className="btn" onClick={() => save('png')} title={`Save “${name}” as a PNG image`}>
        PNG
      </button>
      <button type="button" className="btn" onClick={() => save('svg')} title={`Save “${name}” as an SVG image`}>
        SVG
      </button>
    </span>
  );
}

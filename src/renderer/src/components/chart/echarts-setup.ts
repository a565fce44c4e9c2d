/** ECharts, tree-shaken: the charts and components the app uses, both renderers, both themes. */
import { BarChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { CHART_THEME_NAME, chartTheme } from './chart-theme';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  HeatmapChart,
  AriaComponent,
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
]);
echarts.registerTheme(CHART_THEME_NAME.light, chartTheme('light'));
echarts.registerTheme(CHART_THEME_NAME.dark, chartTheme('dark'));

export { echarts };
export type EChartsInstance = ReturnType<typeof echarts.init>;

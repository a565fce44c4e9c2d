export { Chart, type ChartEvents, type ChartHandle, type ChartProps } from './chart';
export { CATEGORY_COLORS, categoryColor, FLOW_COLORS } from './chart-theme';
export { LARGE_SERIES_THRESHOLD, prepareLargeSeries } from './large-series';
export { quantityAxis, quantityFormatter } from './tooltip';
export { echarts, type EChartsInstance } from './echarts-setup';
export { LEGEND_LINE_PX, legendRows, legendTop, useWidth } from './legend-rows';

export { ExportButton, type ExportButtonProps } from './export-button';
export { ChartExportButtons } from './chart-export-buttons';
export { exportChart, saveChart, chartFileName, type ChartImageFormat } from './export-chart';
export { exportInput, exportQuery, formatsFor } from './export-query';

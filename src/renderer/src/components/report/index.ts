export { ReportButtons, saveReportFile } from './report-buttons';

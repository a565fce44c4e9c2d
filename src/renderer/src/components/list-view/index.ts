export { ListView, type ListViewProps } from './list-view';
export { TotalsStrip, type Total } from './totals-strip';

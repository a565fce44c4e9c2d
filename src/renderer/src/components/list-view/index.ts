export { ListView, type ListViewProps } from './list-view';

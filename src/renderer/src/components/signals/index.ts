export { SignalTable } from './signal-table';
export { describeSignal, SIGNAL_LABELS, signalsCsv } from './signal-words';

/**
 * `npm run cli -- export <table> [--filters '<json>'] --out FILE [--format csv|xlsx] [--bom] [--data-dir DIR]`:
 * exports a table (CSV, or XLSX when asked or when FILE ends in .xlsx) or boundaries (GeoJSON) from
 * the selected connection's cache, offline.
 * `--filters` is the list method's query object (e.g. '{"registry":["verra"],"sort":["-issued"]}').
 * Progress goes to stderr, one JSON summary line to stdout; Ctrl-C cancels (no partial file is left).
 */
import { EXPORT_TABLES, exportStartInput } from '../../../shared/contract/export-types';
import { ContractError, invalidInput } from '../../../shared/errors';
import { createAppContext } from '../../app-context';
import { defaultDataDir } from '../../data-dir';
import { readFlags, userPath } from '../args';
import { cliHostPorts } from './cli-ports';

export const EXPORT_USAGE = `carbon-desk export <${EXPORT_TABLES.join('|')}> [--filters '<json query>'] --out FILE [--format csv|xlsx] [--bom] [--data-dir DIR]`;

export async function runExportCommand(argv: string[], err: NodeJS.WritableStream = process.stderr, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = readFlags(argv, {
    filters: { type: 'string' },
    out: { type: 'string' },
    format: { type: 'string' },
    bom: { type: 'boolean' },
    'data-dir': { type: 'string' },
    quiet: { type: 'boolean' },
  });
  const [table] = positionals;
  if (!table) throw new ContractError('invalid_input', `export needs a table; usage: ${EXPORT_USAGE}`);
  if (!values.out) throw new ContractError('invalid_input', `export needs --out FILE; usage: ${EXPORT_USAGE}`);
  let query: unknown = undefined;
  if (values.filters !== undefined) {
    try {
      query = JSON.parse(values.filters);
    } catch {
      throw new ContractError('invalid_input', '--filters is not valid JSON');
    }
  }
  if (!(EXPORT_TABLES as readonly string[]).includes(table)) {
    throw new ContractError('invalid_input', `Unknown table '${table}'; tables: ${EXPORT_TABLES.join(', ')}`);
  }
  const format = values.format ?? (table !== 'boundaries' && /\.xlsx$/i.test(values.out) ? 'xlsx' : undefined);
  const parsed = exportStartInput.safeParse({ table, query, ...(format !== undefined ? { format } : {}), ...(values.bom ? { bom: true } : {}) });
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const input = parsed.data;

  const dataDir = values['data-dir'] ? userPath(values['data-dir']) : defaultDataDir();
  const ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir) });
  const onSigint = () => void service.cancel(job.exportId);
  const service = ctx.exports;
  let job = { exportId: '' };
  try {
    const connection = ctx.connections.selected();
    if (!connection) throw new ContractError('no_connection', 'No connection is selected');
    const plan = service.plan(input);
    const target = userPath(values.out);
    if (!values.quiet) {
      ctx.events.on('export.progress', (p) => {
        if (p.state === 'running') err.write(`\rexporting ${table}: ${p.rows}${p.totalRows === null ? '' : ` / ${p.totalRows}`} rows`);
      });
    }
    job = service.start(input, plan, { cachePath: ctx.connections.cachePath(connection.id), target, revealPath: true });
    process.once('SIGINT', onSigint);
    const finished = await service.wait(job.exportId);
    if (!values.quiet) err.write('\n');
    for (const id of finished.skipped) err.write(`left out ${id}: its boundary geometry is invalid\n`);
    if (finished.changedCells?.cells) err.write(`${finished.changedCells.cells} cells could not be kept whole in XLSX (the CSV export keeps them): ${finished.changedCells.examples.join('; ')}\n`);
    out.write(`${JSON.stringify({ state: finished.state, rows: finished.rows, path: finished.state === 'done' ? target : null, skipped: finished.skipped, ...(finished.changedCells ? { changed_cells: finished.changedCells.cells } : {}) })}\n`);
    if (finished.state === 'failed') {
      const [code, ...rest] = (finished.error ?? 'export_failed: unknown').split(': ');
      throw new ContractError(code ?? 'export_failed', rest.join(': '));
    }
    return finished.state === 'done' ? 0 : 130;
  } finally {
    process.off('SIGINT', onSigint);
    await ctx.dispose();
  }
}

export const exportSubcommand = { usage: EXPORT_USAGE, run: (argv: string[]) => runExportCommand(argv) };

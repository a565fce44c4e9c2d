/**
 * `npm run cli -- screen FILE [--name NAME] [--sheet SHEET] [--data-dir DIR] [--report OUT.pdf|OUT.html|OUT.md] [--csv OUT.csv]`:
 * imports a holdings file into the selected connection's cache as a portfolio, screens it offline
 * and prints one JSON line: the portfolio, the holdings read and matched, the rows not understood
 * and every flag. It exits 0 when the file was read: flags are findings, not failures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type HoldingRow, REPORT_FORMATS } from '../../../shared/contract';
import { ContractError } from '../../../shared/errors';
import { screenedHoldingsCsv } from '../../../shared/screened-holdings-csv';
import { createAppContext } from '../../app-context';
import { defaultDataDir } from '../../data-dir';
import { checkFileSize } from '../../portfolios/holdings-file-limits';
import { dispatch } from '../../rpc';
import { readFlags, userPath } from '../args';
import { cliHostPorts } from './cli-ports';

export const SCREEN_USAGE = 'carbon-desk screen FILE [--name NAME] [--sheet SHEET] [--data-dir DIR] [--report OUT.pdf|OUT.html|OUT.md] [--csv OUT.csv]';
const PAGE = 1000;

export async function runScreenCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values, positionals } = readFlags(argv, {
    name: { type: 'string' },
    sheet: { type: 'string' },
    'data-dir': { type: 'string' },
    csv: { type: 'string' },
    report: { type: 'string' },
  });
  const [file] = positionals;
  if (!file) throw new ContractError('invalid_input', `screen needs a holdings file; usage: ${SCREEN_USAGE}`);
  const reportFormat = values.report ? REPORT_FORMATS.find((f) => values.report!.toLowerCase().endsWith(`.${f}`)) ?? null : null;
  if (values.report && !reportFormat) throw new ContractError('invalid_input', 'A report is written as PDF (--report OUT.pdf), HTML (--report OUT.html) or Markdown (--report OUT.md).');
  const source = userPath(file);
  if (!fs.existsSync(source)) throw new ContractError('invalid_input', `No file at ${source}`);
  const dataDir = values['data-dir'] ? userPath(values['data-dir']) : defaultDataDir();
  const ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir) });
  try {
    checkFileSize(fs.statSync(source).size); // before the file is read into memory
    const imported = await dispatch('portfolios.import', {
      name: values.name ?? path.basename(source).replace(/\.[^.]+$/, ''),
      file_name: path.basename(source),
      content_base64: fs.readFileSync(source).toString('base64'),
      ...(values.sheet ? { sheet: values.sheet } : {}),
    }, ctx);
    if (!imported.portfolio) {
      throw new ContractError('invalid_input', `No column for ${imported.missing.join(' and ')} among the headers: ${imported.headers.join(', ')}`);
    }
    const p = imported.portfolio;
    const holdings: HoldingRow[] = [];
    for (let page = 1; (page - 1) * PAGE < p.holdings; page++) {
      const got = await dispatch('portfolios.get', { id: p.id, current_page: page, per_page: PAGE }, ctx);
      holdings.push(...got.holdings.data);
    }
    let report: string | null = null;
    if (values.report && reportFormat) {
      const file = await dispatch('portfolios.report', { id: p.id, format: reportFormat }, ctx);
      report = userPath(values.report);
      fs.writeFileSync(report, Buffer.from(file.content_base64, 'base64'));
    }
    const flags = holdings.flatMap((h) => h.flags.map((f) => ({ row: h.row, project_id: h.project_id, vintage: h.vintage, rule: f.rule, severity: f.severity, message: f.message, evidence: f.evidence })));
    if (values.csv) fs.writeFileSync(userPath(values.csv), screenedHoldingsCsv(holdings));
    out.write(`${JSON.stringify({ portfolio: { id: p.id, name: p.name }, holdings: p.holdings, matched: p.matched, unmatched: p.unmatched, flags, report })}\n`);
    return 0;
  } finally {
    await ctx.dispose();
  }
}

export const screenSubcommand = { usage: SCREEN_USAGE, run: (argv: string[]) => runScreenCommand(argv) };

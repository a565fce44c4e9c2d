/**
 * `npm run bench [-- service sync query export browser]`: runs the chosen benchmarks (all by default) one
 * after another, each in its own process so one's memory does not colour the next. Every benchmark
 * prints its figures as ratios against a baseline it measures in the same run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ALL = ['service', 'sync', 'query', 'export', 'browser', 'signals'];
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = chosen.filter((c) => !ALL.includes(c));
if (unknown.length) {
  process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${ALL.join(', ')}\n`);
  process.exit(2);
}
const tsx = path.resolve(__dirname, '../node_modules/tsx/dist/cli.mjs');
let failed = 0;
for (const name of chosen.length ? chosen : ALL) {
  const entry = path.join(__dirname, name, 'index.ts');
  if (!fs.existsSync(entry)) continue;
  process.stdout.write(`\n=== bench/${name} ===\n`);
  const res = spawnSync(process.execPath, [tsx, entry], { stdio: 'inherit', env: process.env });
  if (res.status !== 0) {
    failed += 1;
    process.stderr.write(`bench/${name} exited with ${res.status ?? res.signal}\n`);
  }
}
process.exit(failed ? 1 : 0);

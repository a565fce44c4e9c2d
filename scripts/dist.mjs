// Builds the installers: electron-vite build, then electron-builder with the update feed when
// CARBON_UPDATE_URL is set (one https folder for the signed installers and their latest*.yml).
// Signing and notarization come from electron-builder's own environment variables (README → Packaging).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const feed = process.env.CARBON_UPDATE_URL?.trim();
if (feed && !/^https:\/\//.test(feed)) {
  console.error(`CARBON_UPDATE_URL must be an https URL, got ${feed}`);
  process.exit(2);
}
// DuckDB's binding is one npm package per platform and architecture, and npm installs only the
// machine's own: the other architectures this OS's installers are built for are added (not saved).
const DUCKDB_TARGETS = { darwin: ['darwin-x64', 'darwin-arm64'], win32: ['win32-x64', 'win32-arm64'], linux: ['linux-x64', 'linux-arm64'] };
const { version } = JSON.parse(readFileSync(new URL('../node_modules/@duckdb/node-bindings/package.json', import.meta.url), 'utf8'));
const bindings = (DUCKDB_TARGETS[process.platform] ?? []).map((target) => `@duckdb/node-bindings-${target}@${version}`);
if (bindings.length) run('npm', ['install', '--no-save', '--force', '--no-audit', '--no-fund', ...bindings]);
run('npx', ['electron-vite', 'build']);
run('npx', ['electron-builder', ...(feed ? ['-c.publish.provider=generic', `-c.publish.url=${feed}`] : []), ...process.argv.slice(2)]);

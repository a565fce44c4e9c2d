// Builds the native modules (better-sqlite3, keytar) for the runtime about to load them:
//   node scripts/native-modules.mjs electron   before `electron-vite dev` (Electron's ABI)
//   node scripts/native-modules.mjs node       before the tests and the web host (Node's ABI)
// It remembers the last build in node_modules/.carbon-native-abi and does nothing (silently) when it
// already matches. Without the Electron binary (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, as CI
// does) the Electron build is skipped with one line: the modules stay built for Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const target = process.argv[2];
if (target !== 'electron' && target !== 'node') {
  console.error('usage: node scripts/native-modules.mjs electron|node');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const marker = path.join(root, 'node_modules', '.carbon-native-abi');
const current = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : 'node';
if (current === target) process.exit(0);

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (target === 'electron') {
  let binary = null;
  try {
    binary = createRequire(path.join(root, 'package.json'))('electron');
  } catch {
    binary = null;
  }
  if (typeof binary !== 'string' || !fs.existsSync(binary)) {
    console.error('native modules: the Electron binary is not installed, so they stay built for Node (install without ELECTRON_SKIP_BINARY_DOWNLOAD to run the desktop app)');
    process.exit(0);
  }
  run('npx', ['electron-builder', 'install-app-deps']);
} else {
  run('npm', ['rebuild', 'better-sqlite3', 'keytar']);
}
fs.writeFileSync(marker, `${target}\n`);

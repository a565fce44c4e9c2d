// Builds the installers: electron-vite build, then electron-builder with the update feed when
// CARBON_UPDATE_URL is set (one https folder for the signed installers and their latest*.yml).
// Signing and notarization come from electron-builder's own environment variables (README → Packaging).
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const feed = process.env.CARBON_UPDATE_URL?.trim();
if (feed && !/^https:\/\//.test(feed)) {
  console.error(`CARBON_UPDATE_URL must be an https URL, got ${feed}`);
  process.exit(2);
}
run('npx', ['electron-vite', 'build']);
run('npx', ['electron-builder', ...(feed ? ['-c.publish.provider=generic', `-c.publish.url=${feed}`] : []), ...process.argv.slice(2)]);

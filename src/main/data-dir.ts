/** Where Carbon Desk keeps its data when no folder is given (the Electron host uses userData). */
import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(): string {
  if (process.env.CARBON_DATA_DIR) return path.resolve(process.env.CARBON_DATA_DIR);
  const home = os.homedir();
  switch (process.platform) {
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Carbon Desk');
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Carbon Desk');
    default:
      return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'carbon-desk');
  }
}

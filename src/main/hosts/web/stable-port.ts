/** The web host's default port: the data folder's own, so a bookmarked view survives a restart. */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** A port in 20000–39999 derived from the data folder: the same folder always gets the same one. */
export function stablePort(dataDir: string): number {
  return 20000 + (createHash('sha256').update(path.resolve(dataDir)).digest().readUInt32BE(0) % 20000);
}

/** A dropped or picked holdings file read as base64 in the renderer, refused when too large. */

/** The back end's limit for a holdings file. */
export const MAX_HOLDINGS_FILE_BYTES = 50 * 1024 * 1024;

export const ACCEPTED_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx'] as const;

/** One sentence when the file cannot be imported before it is read; null when it can. */
export function refuseFile(file: { name: string; size: number }): string | null {
  if (file.size > MAX_HOLDINGS_FILE_BYTES) return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a holdings file may be 50 MB at most.`;
  if (file.size === 0) return `${file.name} is empty.`;
  const lower = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) return `${file.name} is not a holdings table: choose a CSV, TSV, TXT or XLSX file.`;
  return null;
}

/** Bytes to base64, in chunks so a large file does not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export async function readFileBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}

/** The default portfolio name: the file's name without its extension. */
export function defaultPortfolioName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  return (base || fileName).slice(0, 200);
}

/**
 * What a holdings file may weigh: refused before it is parsed, with one error, nothing written.
 * An XLSX is a zip; its entries' uncompressed sizes are read from the zip's central directory, so a
 * file that inflates beyond the limit is refused without inflating anything.
 */
import { ContractError } from '../../shared/errors';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_XLSX_INFLATED_BYTES = 200 * 1024 * 1024;

export function checkFileSize(bytes: number): void {
  if (bytes > MAX_FILE_BYTES) {
    throw new ContractError('invalid_input', `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a holdings file may be 50 MB at most.`);
  }
}

/** The sum of the zip's entries' uncompressed sizes, from its central directory; null when it is no zip. */
export function zipInflatedBytes(buf: Buffer): number | null {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    total += buf.readUInt32LE(p + 24);
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}

export function checkXlsxInflation(buf: Buffer, limit = MAX_XLSX_INFLATED_BYTES): void {
  const total = zipInflatedBytes(buf);
  if (total === null) throw new ContractError('invalid_input', 'The file is not a readable XLSX workbook (no zip directory).');
  if (total > limit) {
    throw new ContractError('invalid_input', `The workbook inflates to ${(total / 1024 / 1024).toFixed(0)} MB; a holdings workbook may inflate to ${(limit / 1024 / 1024).toFixed(0)} MB at most.`);
  }
}

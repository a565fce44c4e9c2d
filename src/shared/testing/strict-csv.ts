/**
 * Test support (not a test): a strict RFC 4180 reader, the yardstick every CSV Carbon Desk writes is
 * read back with. It guesses nothing: records end with CRLF and only CRLF; a CR or LF anywhere else
 * must be inside a quoted field, as must a comma or a double quote (doubled). Anything else — a lone
 * CR or LF in an unquoted field (Python's csv, pandas and Excel would start a new record there), a
 * quote inside an unquoted field, text after a closing quote, an unterminated quote, records of
 * different lengths — is an error naming the record and the offset. Non-ASCII text and tabs are
 * accepted (RFC 4180 lists ASCII only; UTF-8 is what Carbon Desk writes), and a leading UTF-8
 * byte-order mark is dropped.
 *
 * An unquoted empty field reads as null, a quoted one (`""`) as the empty string, so a test can tell
 * a missing value from an empty text.
 */

export class StrictCsvError extends Error {
  constructor(message: string, readonly offset: number, readonly record: number) {
    super(`${message} (record ${record + 1}, offset ${offset})`);
    this.name = 'StrictCsvError';
  }
}

export type StrictCell = string | null;

/** Every record of `text`, header included. */
export function readStrictCsv(text: string): StrictCell[][] {
  const s = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: StrictCell[][] = [];
  let record: StrictCell[] = [];
  let i = 0;
  const fail = (message: string): never => {
    throw new StrictCsvError(message, i, records.length);
  };
  if (s === '') return records;
  for (;;) {
    // One field, starting at i.
    let value: StrictCell;
    if (s[i] === '"') {
      let out = '';
      i++;
      for (;;) {
        const q = s.indexOf('"', i);
        if (q === -1) fail('a quoted field is never closed');
        out += s.slice(i, q);
        if (s[q + 1] === '"') {
          out += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      value = out;
    } else {
      const start = i;
      while (i < s.length && s[i] !== ',' && s[i] !== '\r' && s[i] !== '\n') {
        if (s[i] === '"') fail('a double quote inside an unquoted field');
        i++;
      }
      value = i === start ? null : s.slice(start, i);
    }
    record.push(value);
    // What follows a field: a comma, CRLF, or the end.
    if (i === s.length) {
      records.push(record);
      break;
    }
    if (s[i] === ',') {
      i++;
      continue;
    }
    if (s[i] === '\r' && s[i + 1] === '\n') {
      records.push(record);
      record = [];
      i += 2;
      if (i === s.length) break;
      continue;
    }
    if (s[i] === '\r') fail('a carriage return that does not end a record (CR without LF)');
    if (s[i] === '\n') fail('a line feed that does not end a record (LF without CR)');
    fail(`text after a closing quote: ${JSON.stringify(s.slice(i, i + 10))}`);
  }
  const width = records[0]?.length ?? 0;
  records.forEach((r, n) => {
    if (r.length !== width) throw new StrictCsvError(`a record of ${r.length} fields where the header has ${width}`, -1, n);
  });
  return records;
}

/** The records after the header as objects keyed by the header's names. */
export function readStrictCsvObjects(text: string): Array<Record<string, StrictCell>> {
  const [header, ...rows] = readStrictCsv(text);
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, k) => [h ?? '', r[k] ?? null])));
}

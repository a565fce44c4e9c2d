/**
 * Test support (not a test): text that breaks naive writers of CSV, Markdown and JSON, as registry
 * exports contain it. Every file format Carbon Desk writes is tested with all of it: a row must stay
 * one row and every value must come back as it went in.
 */

/** About 100 kB of text with quotes, commas and line breaks in it. */
const LONG = 'Ünïcödé, "quoted" text\nwith a line feed; '.repeat(2600);

export const HOSTILE_STRINGS: ReadonlyArray<readonly [what: string, value: string]> = [
  ['a lone line feed', 'Retired for FY2024\nsecond line'],
  ['a lone carriage return', 'Retired for FY2024\rsecond line'],
  ['CRLF', 'Retired for FY2024\r\nsecond line'],
  ['mixed line ends', 'one\ntwo\r\nthree\rfour'],
  ['a line feed at the end', 'ends with a line feed\n'],
  ['only a line feed', '\n'],
  ['double quotes', 'The "Green" Co'],
  ['only a double quote', '"'],
  ['the delimiter', 'Acme, Inc.'],
  ['the list separator', 'a;b;c'],
  ['a tab inside', 'Tab\tSeparated\tWind Farm'],
  ['a byte-order mark first', '\uFEFFleading byte-order mark'],
  ['a byte-order mark inside', 'mid\uFEFFdle'],
  ['a formula (=)', '=HYPERLINK("https://offsets.example","click")'],
  ['a formula (+)', '+1 Offset Ltd'],
  ['a formula (-)', '-Minus Corp'],
  ['a formula (@)', '@handle_buyer%'],
  ['a tab first', '\tindented'],
  ['a carriage return first', '\rreturned'],
  ['a pipe', 'Acme | Partners'],
  ['Markdown syntax', '*bold* _under_ `code` [link](https://x.example) <b>tag</b> # not a heading'],
  ['a list marker first', '- not a list item'],
  ['a number and a dot first', '1. not a numbered item'],
  ['a heading marker first', '## not a heading'],
  ['backslashes', 'C:\\reports\\2024\\'],
  ['accents and symbols', 'Rubim Produções Ltda — Łódź, Ōsaka ✓ 🌳'],
  ['right-to-left text', 'شركة الطيران الوطنية'],
  ['Unicode line separators', 'a\u2028b\u2029c'],
  ['a control character', 'bell\u0007here'],
  ['padding spaces', '  padded  '],
  ['100 kB', LONG],
  ['the empty string', ''],
];

/** A report as blocks (headings, paragraphs, tables, lists) that every rendering (Markdown, PDF) lays out. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; columns: string[]; numeric?: boolean[]; rows: string[][] }
  | { kind: 'list'; items: string[] };

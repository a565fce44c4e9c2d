/** Blocks as Markdown: tables with their cells' pipes escaped, numeric columns right-aligned. */
import type { Block } from './report-document';

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderMarkdown(blocks: Block[]): string {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'heading') out.push(`${'#'.repeat(b.level)} ${b.text}`, '');
    else if (b.kind === 'paragraph') out.push(b.text, '');
    else if (b.kind === 'list') out.push(...b.items.map((i) => `- ${i}`), '');
    else {
      out.push(`| ${b.columns.join(' | ')} |`, `|${b.columns.map((_, i) => (b.numeric?.[i] ? '---:' : '---')).join('|')}|`);
      out.push(...b.rows.map((r) => `| ${r.map(cell).join(' | ')} |`), '');
    }
  }
  return out.join('\n');
}

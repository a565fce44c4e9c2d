/**
 * A report as CommonMark with GitHub tables: every text is escaped, so names holding `|`, `*`,
 * `<` or line breaks print as written and never as markup.
 */
import type { ReportBlock, ReportDocument } from './report-document';

/** Escapes Markdown's inline markup; line breaks become spaces (a cell or a line is one line). */
export function markdownText(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

function link(text: string, url: string | null | undefined): string {
  if (!url || !/^https?:\/\//i.test(url)) return markdownText(text);
  return `[${markdownText(text)}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

function block(b: ReportBlock): string {
  switch (b.kind) {
    case 'heading':
      return `${'#'.repeat(b.level)} ${markdownText(b.text)}`;
    case 'paragraph':
      return b.tone === 'warning' ? `> ${markdownText(b.text)}` : b.tone === 'muted' ? `_${markdownText(b.text)}_` : markdownText(b.text);
    case 'facts':
      return b.rows.map((r) => `- **${markdownText(r.label)}:** ${link(r.value, r.url)}`).join('\n');
    case 'list':
      return b.items.map((i) => `- ${markdownText(i)}`).join('\n');
    case 'page-break':
      return '---';
    case 'table': {
      if (b.rows.length === 0) return `_${markdownText(b.empty ?? 'None.')}_`;
      const head = `| ${b.columns.map((c) => markdownText(c.label)).join(' | ')} |`;
      const rule = `|${b.columns.map((c) => (c.align === 'right' ? ' ---: ' : ' --- ')).join('|')}|`;
      const rows = b.rows.map((r) => `| ${b.columns.map((_, i) => markdownText(r[i] ?? '')).join(' | ')} |`);
      return [head, rule, ...rows].join('\n');
    }
  }
}

export function renderMarkdown(doc: ReportDocument): string {
  return [`# ${markdownText(doc.title)}`, `_${markdownText(doc.subtitle)}_`, ...doc.blocks.map(block)].join('\n\n') + '\n';
}

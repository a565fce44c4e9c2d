/**
 * A report as one self-contained HTML page laid out for print (A4, table headers repeated on every
 * page, rows never split): no script, no external resource, every text escaped.
 */
import type { ReportBlock, ReportDocument } from './report-document';

export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function link(text: string, url: string | null | undefined): string {
  if (!url || !/^https?:\/\//i.test(url)) return htmlText(text);
  return `<a href="${htmlText(url)}" rel="noreferrer">${htmlText(text)}</a>`;
}

function block(b: ReportBlock): string {
  switch (b.kind) {
    case 'heading':
      return `<h${b.level + 1}>${htmlText(b.text)}</h${b.level + 1}>`;
    case 'paragraph':
      return `<p class="${b.tone ?? 'plain'}">${htmlText(b.text)}</p>`;
    case 'facts':
      return `<dl>${b.rows.map((r) => `<dt>${htmlText(r.label)}</dt><dd>${link(r.value, r.url)}</dd>`).join('')}</dl>`;
    case 'list':
      return `<ul>${b.items.map((i) => `<li>${htmlText(i)}</li>`).join('')}</ul>`;
    case 'page-break':
      return '<div class="page-break"></div>';
    case 'table': {
      if (b.rows.length === 0) return `<p class="muted">${htmlText(b.empty ?? 'None.')}</p>`;
      const cls = (i: number) => (b.columns[i]?.align === 'right' ? ' class="num"' : '');
      const head = `<thead><tr>${b.columns.map((c, i) => `<th${cls(i)}>${htmlText(c.label)}</th>`).join('')}</tr></thead>`;
      const rows = b.rows.map((r) => `<tr>${b.columns.map((_, i) => `<td${cls(i)}>${htmlText(r[i] ?? '')}</td>`).join('')}</tr>`).join('');
      return `<table>${head}<tbody>${rows}</tbody></table>`;
    }
  }
}

const STYLE = `
@page { size: A4; margin: 18mm 16mm; }
body { font: 10pt/1.45 "DejaVu Sans", "Segoe UI", system-ui, sans-serif; color: #1b2430; max-width: 190mm; margin: 0 auto; padding: 12px; }
h1 { font-size: 18pt; margin: 0 0 2px; }
.subtitle { color: #5b6675; margin: 0 0 16px; }
h2 { font-size: 13pt; margin: 20px 0 6px; border-bottom: 1px solid #d5dbe3; padding-bottom: 2px; break-after: avoid; }
h3 { font-size: 11pt; margin: 14px 0 4px; break-after: avoid; }
h4 { font-size: 10pt; margin: 10px 0 4px; break-after: avoid; }
p.muted { color: #5b6675; } p.warning { color: #8a3b00; }
dl { display: grid; grid-template-columns: 42mm 1fr; gap: 2px 10px; margin: 4px 0 8px; }
dt { color: #5b6675; } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 10px; font-size: 8.5pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { text-align: left; background: #eef1f5; border-bottom: 1px solid #c3cbd6; padding: 3px 5px; }
td { border-bottom: 1px solid #e4e8ee; padding: 3px 5px; vertical-align: top; overflow-wrap: anywhere; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.page-break { break-after: page; }
a { color: #1d5fa8; }
`;

export function renderHtml(doc: ReportDocument): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(doc.title)}</title><style>${STYLE}</style></head>
<body><h1>${htmlText(doc.title)}</h1><p class="subtitle">${htmlText(doc.subtitle)}</p>
${doc.blocks.map(block).join('\n')}
</body></html>
`;
}

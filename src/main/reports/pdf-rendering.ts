/**
 * Blocks as a PDF laid out for print (A4, PDFKit's standard Helvetica, so it needs no font files and
 * renders offline in every host): tables repeat their header on each new page.
 */
import PDFDocument from 'pdfkit';
import type { Block } from './report-document';

const MARGIN = 40;
const SIZES = { 1: 18, 2: 14, 3: 11 } as const;

export function renderPdf(blocks: Block[], info: { title: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: info.title, Producer: 'Carbon Desk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  for (const b of blocks) {
    if (b.kind === 'heading') {
      if (doc.y > bottom() - 60) doc.addPage();
      doc.moveDown(b.level === 1 ? 0 : 0.6).font('Helvetica-Bold').fontSize(SIZES[b.level]).fillColor('#12372a').text(b.text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    } else if (b.kind === 'paragraph') {
      doc.font('Helvetica').fontSize(9.5).fillColor('#111').text(b.text, MARGIN, doc.y, { width });
      doc.moveDown(0.4);
    } else if (b.kind === 'list') {
      doc.font('Helvetica').fontSize(8.5).fillColor('#111');
      for (const item of b.items) {
        doc.text(`•  ${item}`, MARGIN + 6, doc.y, { width: width - 6 });
        doc.moveDown(0.15);
      }
      doc.moveDown(0.3);
    } else table(doc, b, width, bottom);
  }
  doc.end();
  return done;
}

function table(doc: PDFKit.PDFDocument, b: Extract<Block, { kind: 'table' }>, width: number, bottom: () => number): void {
  const weights = b.columns.map((c, i) => Math.max(c.length + 2, ...b.rows.slice(0, 200).map((r) => Math.min((r[i] ?? '').length, 40))) + 2);
  const sum = weights.reduce((a, w) => a + w, 0);
  const widths = weights.map((w) => (w / sum) * width);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] ?? 10) - 4 }))) + 4;
    if (doc.y + h > bottom()) {
      doc.addPage();
      if (!bold) row(b.columns, true);
    }
    const y = doc.y;
    let x = MARGIN;
    if (bold) doc.rect(MARGIN, y, width, h).fill('#e8f0ec');
    doc.fillColor('#111');
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 2, { width: (widths[i] ?? 10) - 4, align: b.numeric?.[i] ? 'right' : 'left' });
      x += widths[i] ?? 0;
    });
    doc.moveTo(MARGIN, y + h).lineTo(MARGIN + width, y + h).lineWidth(0.3).strokeColor('#c8d3cd').stroke();
    doc.y = y + h;
  };
  row(b.columns, true);
  for (const r of b.rows) row(r, false);
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

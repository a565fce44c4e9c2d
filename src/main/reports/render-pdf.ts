/**
 * A report as an A4 PDF (pdfkit): headings, paragraphs, label/value facts and tables whose header
 * repeats on every page they run onto; rows are never split across pages; each page carries the
 * report's title and "page N of M". Links in facts are live. The text is the document's, with
 * control characters removed (they have no glyph).
 */
import PDFDocument from 'pdfkit';
import type { ReportBlock, ReportColumn, ReportDocument, ReportFact } from './report-document';
import { reportFonts } from './report-fonts';

type Pdf = InstanceType<typeof PDFDocument>;

const MARGIN = { top: 54, bottom: 54, left: 48, right: 48 };
const INK = '#1b2430';
const MUTED = '#5b6675';
const WARNING = '#8a3b00';
const RULE = '#d5dbe3';
const HEAD_FILL = '#eef1f5';
const SIZE = { body: 9, table: 7.5, h1: 15, h2: 12, h3: 10 } as const;
const CELL_PAD = 3;

/** Text a PDF can draw: no control characters but line breaks; CRLF and CR become LF. */
export function pdfText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ');
}

class Writer {
  constructor(private readonly doc: Pdf) {}

  private get width(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private room(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private font(bold: boolean, size: number, color = INK): void {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size).fillColor(color);
  }

  title(doc: ReportDocument): void {
    this.font(true, SIZE.h1 + 3);
    this.doc.text(pdfText(doc.title), MARGIN.left, this.doc.y, { width: this.width });
    this.font(false, SIZE.body, MUTED);
    this.doc.text(pdfText(doc.subtitle), { width: this.width });
    this.doc.moveDown(0.8);
  }

  block(b: ReportBlock): void {
    switch (b.kind) {
      case 'heading': return this.heading(b.level, b.text);
      case 'paragraph': return this.paragraph(b.text, b.tone);
      case 'facts': return this.facts(b.rows);
      case 'list': return this.list(b.items);
      case 'table': return b.rows.length === 0 ? this.paragraph(b.empty ?? 'None.', 'muted') : this.table(b.columns, b.rows);
      case 'page-break': if (this.doc.y > MARGIN.top + 1) this.doc.addPage(); return;
    }
  }

  private heading(level: 1 | 2 | 3, text: string): void {
    const size = level === 1 ? SIZE.h1 : level === 2 ? SIZE.h2 : SIZE.h3;
    // a heading keeps at least three lines of what follows with it
    this.room(size * 1.4 + SIZE.body * 4.5);
    this.doc.moveDown(level === 3 ? 0.4 : 0.8);
    this.font(true, size);
    this.doc.text(pdfText(text), MARGIN.left, this.doc.y, { width: this.width });
    if (level === 1) {
      const y = this.doc.y + 1;
      this.doc.moveTo(MARGIN.left, y).lineTo(MARGIN.left + this.width, y).lineWidth(0.6).strokeColor(RULE).stroke();
      this.doc.y = y + 3;
    }
    this.doc.moveDown(0.25);
  }

  private paragraph(text: string, tone: 'plain' | 'muted' | 'warning' = 'plain'): void {
    this.font(false, SIZE.body, tone === 'muted' ? MUTED : tone === 'warning' ? WARNING : INK);
    this.room(SIZE.body * 1.4);
    this.doc.text(pdfText(text), MARGIN.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.35);
  }

  private list(items: string[]): void {
    this.font(false, SIZE.body);
    for (const item of items) {
      this.room(SIZE.body * 1.4);
      this.doc.text(`•  ${pdfText(item)}`, MARGIN.left + 6, this.doc.y, { width: this.width - 6 });
    }
    this.doc.moveDown(0.35);
  }

  private facts(rows: ReportFact[]): void {
    const labelWidth = 130;
    const valueWidth = this.width - labelWidth - 8;
    for (const r of rows) {
      this.font(false, SIZE.body);
      const value = pdfText(r.value);
      const height = Math.max(this.doc.heightOfString(value, { width: valueWidth }), this.doc.heightOfString(pdfText(r.label), { width: labelWidth }));
      this.room(height + 2);
      const y = this.doc.y;
      this.font(false, SIZE.body, MUTED);
      this.doc.text(pdfText(r.label), MARGIN.left, y, { width: labelWidth });
      const link = r.url && /^https?:\/\//i.test(r.url) ? r.url : undefined;
      this.font(false, SIZE.body, link ? '#1d5fa8' : INK);
      this.doc.text(value, MARGIN.left + labelWidth + 8, y, { width: valueWidth, ...(link ? { link, underline: true } : {}) });
      this.doc.x = MARGIN.left;
      this.doc.y = y + height + 2;
    }
    this.doc.moveDown(0.35);
  }

  private table(columns: ReportColumn[], rows: string[][]): void {
    const total = columns.reduce((s, c) => s + (c.weight ?? 1), 0);
    const widths = columns.map((c) => (this.width * (c.weight ?? 1)) / total);
    const xs = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const measure = (cells: string[], bold: boolean) => {
      this.font(bold, SIZE.table);
      return Math.max(...cells.map((c, i) => this.doc.heightOfString(pdfText(c), { width: widths[i]! - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    };
    const draw = (cells: string[], y: number, height: number, header: boolean) => {
      if (header) this.doc.rect(MARGIN.left, y, this.width, height).fill(HEAD_FILL);
      this.font(header, SIZE.table, header ? MUTED : INK);
      cells.forEach((c, i) => {
        this.doc.text(pdfText(c), xs[i]! + CELL_PAD, y + CELL_PAD, { width: widths[i]! - 2 * CELL_PAD, align: columns[i]?.align === 'right' ? 'right' : 'left' });
      });
      this.doc.moveTo(MARGIN.left, y + height).lineTo(MARGIN.left + this.width, y + height).lineWidth(0.4).strokeColor(RULE).stroke();
    };
    const labels = columns.map((c) => c.label);
    const headHeight = measure(labels, true);
    const header = () => {
      const y = this.doc.y;
      draw(labels, y, headHeight, true);
      this.doc.y = y + headHeight;
    };
    this.room(headHeight + SIZE.table * 3);
    header();
    for (const row of rows) {
      const cells = columns.map((_, i) => row[i] ?? '');
      const height = measure(cells, false);
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        header();
      }
      const y = this.doc.y;
      draw(cells, y, height, false);
      this.doc.y = y + height;
    }
    this.doc.x = MARGIN.left;
    this.doc.moveDown(0.6);
  }

  /** Each page's running footer: the title and "page N of M". */
  footers(title: string): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0; // writing in the margin must not start a page
      this.font(false, 7, MUTED);
      const y = this.doc.page.height - MARGIN.bottom + 18;
      this.doc.text(pdfText(title), MARGIN.left, y, { width: this.width * 0.7, lineBreak: false, ellipsis: true });
      this.doc.text(`page ${i + 1 - range.start} of ${range.count}`, MARGIN.left, y, { width: this.width, align: 'right', lineBreak: false });
      this.doc.page.margins.bottom = bottom;
    }
  }
}

export interface PdfOptions {
  /** The document's creation time (its metadata); defaults to now. */
  createdAt?: Date;
}

/** The report as PDF bytes. */
export function renderPdf(report: ReportDocument, options: PdfOptions = {}): Promise<Buffer> {
  const fonts = reportFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: report.title, Subject: report.subtitle, Creator: 'Carbon Desk', Producer: 'Carbon Desk', CreationDate: options.createdAt ?? new Date() },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new Writer(doc);
  writer.title(report);
  for (const b of report.blocks) writer.block(b);
  writer.footers(report.title);
  doc.end();
  return done;
}

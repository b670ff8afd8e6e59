import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/*
 * What every PDF the middleware renders shares (the invoice, the cart and order export): an A4 page
 * written top to bottom by a pen that turns the page when it reaches the bottom, the standard
 * Helvetica fonts, and the number, money, date and country formats of the buyer's language.
 */

export type PdfLocale = 'en' | 'da' | 'de';

export const PAGE: [number, number] = [595.28, 841.89];
export const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

/**
 * The standard fonts encode WinAnsi only: narrow no-break spaces and minus signs that Intl writes become
 * their WinAnsi neighbours, anything else unprintable a question mark.
 */
function printable(text: string): string {
  return text
    .replace(/[\u202f\u2009]/g, '\u00a0')
    .replace(/\u2212/g, '-')
    .replace(/[^\u0020-\u00ff\u20ac\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, '?');
}

/** Number, money, date and country formats of the buyer's language. */
export function pdfFormats(locale: PdfLocale, currency: string) {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = money.resolvedOptions().maximumFractionDigits ?? 2;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const countries = new Intl.DisplayNames([locale], { type: 'region' });
  return {
    money: (minor: number) => money.format(minor / 10 ** digits),
    /** An amount in the currency's major unit, as OrderCloud keeps it. */
    decimal: (major: number) => money.format(major),
    quantity: (value: number) => new Intl.NumberFormat(locale).format(value),
    percent: (basisPoints: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        basisPoints / 10_000,
      ),
    date: (isoDate: string) => date.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)),
    country: (code: string) => (code ? (countries.of(code) ?? code) : ''),
  };
}

export interface WriteOptions {
  font?: PDFFont;
  size?: number;
  right?: boolean;
  muted?: boolean;
}

/** A document with its fonts and a pen; `write` at the pen's height, `newLine` moves it down. */
export interface PdfSheet {
  document: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  pen: { page: PDFPage; y: number };
  write(text: string, x: number, options?: WriteOptions): void;
  newLine(height?: number): void;
  /** A thin line under the current text, across the page. */
  rule(): void;
  /** The text shortened with an ellipsis until it fits the width. */
  fit(text: string, width: number, size?: number): string;
  /** A table of lines (item, description, quantity, unit price, amount) under a ruled header. */
  lineTable(header: LineCells, lines: LineCells[]): void;
  /** Totals right-aligned under the table's last two columns; a strong one in bold. */
  totals(rows: [label: string, amount: string, strong: boolean][]): void;
}

/** One row of a line table, every cell formatted. */
export interface LineCells {
  item: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

const COLUMNS = { item: MARGIN, description: 150, quantity: 360, unitPrice: 455, amount: PAGE[0] - MARGIN };

export async function createPdfSheet(meta: {
  title: string;
  author: string;
  locale: PdfLocale;
  createdAt: Date;
}): Promise<PdfSheet> {
  const document = await PDFDocument.create();
  document.setTitle(meta.title);
  document.setAuthor(meta.author);
  document.setLanguage(meta.locale);
  document.setProducer('Actuate middleware');
  document.setCreationDate(meta.createdAt);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pen = { page: document.addPage(PAGE), y: PAGE[1] - MARGIN };
  const sheet: PdfSheet = {
    document,
    regular,
    bold,
    pen,
    write(text, x, options = {}) {
      const font = options.font ?? regular;
      const size = options.size ?? 10;
      const safe = printable(text);
      const left = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
      pen.page.drawText(safe, { x: left, y: pen.y, size, font, color: options.muted ? MUTED : INK });
    },
    newLine(height = 14) {
      pen.y -= height;
      if (pen.y < MARGIN + 40) {
        pen.page = document.addPage(PAGE);
        pen.y = PAGE[1] - MARGIN;
      }
    },
    rule() {
      pen.page.drawLine({
        start: { x: MARGIN, y: pen.y - 4 },
        end: { x: PAGE[0] - MARGIN, y: pen.y - 4 },
        thickness: 0.5,
        color: MUTED,
      });
    },
    fit(text, width, size = 10) {
      let shown = printable(text);
      while (shown.length > 1 && regular.widthOfTextAtSize(shown, size) > width)
        shown = `${shown.slice(0, -2)}…`;
      return shown;
    },
    lineTable(header, lines) {
      const row = (cells: LineCells, font: PDFFont) => {
        sheet.write(cells.item, COLUMNS.item, { font });
        sheet.write(
          sheet.fit(cells.description, COLUMNS.quantity - COLUMNS.description - 60),
          COLUMNS.description,
          { font },
        );
        sheet.write(cells.quantity, COLUMNS.quantity, { font, right: true });
        sheet.write(cells.unitPrice, COLUMNS.unitPrice, { font, right: true });
        sheet.write(cells.amount, COLUMNS.amount, { font, right: true });
      };
      row(header, bold);
      sheet.rule();
      sheet.newLine(18);
      for (const line of lines) {
        row(line, regular);
        sheet.newLine();
      }
      sheet.newLine(10);
    },
    totals(rows) {
      for (const [label, amount, strong] of rows) {
        const font = strong ? bold : regular;
        sheet.write(label, COLUMNS.unitPrice, { right: true, font });
        sheet.write(amount, COLUMNS.amount, { right: true, font });
        sheet.newLine(strong ? 18 : 14);
      }
    },
  };
  return sheet;
}

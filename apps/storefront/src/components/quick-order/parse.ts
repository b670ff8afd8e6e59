import { MAX_QUICK_ORDER_LINES } from '@actuate/contracts';
import Papa from 'papaparse';

/*
 * What the buyer pasted, typed or uploaded, read into quick-order rows: one line per row, the sales
 * item number in the first cell and the quantity in the second (1 when empty). A header row
 * (`salesItemNumber,quantity`, or any first row whose quantity cell is not a number) is skipped.
 * Separators: comma, semicolon, tab or spaces. Nothing is decided here: the middleware checks every
 * row, so a quantity that is not a whole number is passed on as 0 and reported there.
 */

export interface QuickOrderRow {
  readonly salesItemNumber: string;
  readonly quantity: number;
}

export type ParsedRows =
  | { readonly ok: true; readonly rows: QuickOrderRow[] }
  | { readonly ok: false; readonly error: 'empty' | 'tooManyLines' };

/** Uploads above this size are refused before they are read (the browser says so before sending). */
export const MAX_UPLOAD_BYTES = 512 * 1024;

/** Pasted text of at most this many characters is read. */
export const MAX_PASTE_LENGTH = 100_000;

const WHOLE_NUMBER = /^\d{1,6}$/;

function quantityOf(cell: string): number {
  const text = cell.trim();
  if (text === '') return 1;
  return WHOLE_NUMBER.test(text) ? Number(text) : 0;
}

/** Rows of cells (a parsed CSV or a sheet) as quick-order rows. */
export function rowsFromCells(cells: readonly (readonly string[])[]): ParsedRows {
  const rows: QuickOrderRow[] = [];
  for (const [index, raw] of cells.entries()) {
    let row = raw.map((cell) => cell.trim()).filter((cell, position) => position < 2 || cell !== '');
    // "A10001 2", or "A10001;2" among comma-separated lines: one cell holding item and quantity.
    if (row.length === 1) row = (row[0] ?? '').split(/[\s,;|]+/);
    const [item = '', quantity = ''] = row;
    if (item === '') continue;
    if (index === 0 && quantity !== '' && !WHOLE_NUMBER.test(quantity.trim())) continue;
    rows.push({ salesItemNumber: item.slice(0, 40), quantity: quantityOf(quantity) });
    if (rows.length > MAX_QUICK_ORDER_LINES) return { ok: false, error: 'tooManyLines' };
  }
  return rows.length === 0 ? { ok: false, error: 'empty' } : { ok: true, rows };
}

/** Pasted lines or a CSV file's text. */
export function rowsFromText(text: string): ParsedRows {
  const parsed = Papa.parse<string[]>(text.slice(0, MAX_PASTE_LENGTH), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  return rowsFromCells(parsed.data);
}

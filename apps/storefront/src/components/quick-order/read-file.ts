import { MAX_QUICK_ORDER_LINES } from '@actuate/contracts';
import ExcelJS from 'exceljs';
import { MAX_UPLOAD_BYTES, type ParsedRows, rowsFromCells, rowsFromText } from './parse';

export type ReadFile = ParsedRows | { readonly ok: false; readonly error: 'tooLarge' | 'unreadable' };

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
};

/** The first sheet's first two columns, up to one row more than a quick order takes. */
async function sheetCells(bytes: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  const cells: string[][] = [];
  sheet?.eachRow((row) => {
    if (cells.length > MAX_QUICK_ORDER_LINES + 1) return;
    cells.push([cellText(row.getCell(1).value), cellText(row.getCell(2).value)]);
  });
  return cells;
}

/** A CSV/text or Excel (.xlsx) upload as quick-order rows. */
export async function readQuickOrderFile(file: File): Promise<ReadFile> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: 'tooLarge' };
  const name = file.name.toLowerCase();
  try {
    if (name.endsWith('.xlsx')) return rowsFromCells(await sheetCells(await file.arrayBuffer()));
    if (name.endsWith('.csv') || name.endsWith('.txt') || file.type.startsWith('text/'))
      return rowsFromText(await file.text());
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  return { ok: false, error: 'unreadable' };
}

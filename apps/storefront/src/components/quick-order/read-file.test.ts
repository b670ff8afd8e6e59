import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from './parse';
import { readQuickOrderFile } from './read-file';

async function xlsx(rows: unknown[][]): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Order');
  for (const row of rows) sheet.addRow(row);
  const bytes = await workbook.xlsx.writeBuffer();
  return new File([bytes], 'order.xlsx');
}

describe('readQuickOrderFile', () => {
  it('reads an Excel sheet’s first two columns, numbers and text alike', async () => {
    const file = await xlsx([
      ['Sales item number', 'Quantity'],
      ['A10001', 3],
      ['A10002', '4'],
      [{ formula: '"A1000"&"3"', result: 'A10003' }, 1],
    ]);
    expect(await readQuickOrderFile(file)).toEqual({
      ok: true,
      rows: [
        { salesItemNumber: 'A10001', quantity: 3 },
        { salesItemNumber: 'A10002', quantity: 4 },
        { salesItemNumber: 'A10003', quantity: 1 },
      ],
    });
  });

  it('reads a CSV file and refuses what is too large or not a sheet', async () => {
    expect(await readQuickOrderFile(new File(['A10001,2\n'], 'lines.csv'))).toMatchObject({
      ok: true,
      rows: [{ salesItemNumber: 'A10001', quantity: 2 }],
    });
    const large = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.csv');
    expect(await readQuickOrderFile(large)).toEqual({ ok: false, error: 'tooLarge' });
    expect(await readQuickOrderFile(new File(['not a zip'], 'broken.xlsx'))).toEqual({
      ok: false,
      error: 'unreadable',
    });
    expect(await readQuickOrderFile(new File([new Uint8Array([1, 2])], 'image.png'))).toEqual({
      ok: false,
      error: 'unreadable',
    });
  });
});

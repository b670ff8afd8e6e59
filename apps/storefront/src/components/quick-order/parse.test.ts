import { describe, expect, it } from 'vitest';
import { rowsFromCells, rowsFromText } from './parse';

describe('rowsFromText', () => {
  it('reads comma, semicolon, tab and space separated lines, skipping a header and empty lines', () => {
    expect(rowsFromText('salesItemNumber,quantity\nA10001,2\n\nA10002,5\n')).toEqual({
      ok: true,
      rows: [
        { salesItemNumber: 'A10001', quantity: 2 },
        { salesItemNumber: 'A10002', quantity: 5 },
      ],
    });
    expect(rowsFromText('A10001;3\nA10002;4').ok && rowsFromText('A10001;3\nA10002;4')).toMatchObject({
      rows: [{ quantity: 3 }, { quantity: 4 }],
    });
    expect(rowsFromText('A10001\t7')).toMatchObject({ rows: [{ salesItemNumber: 'A10001', quantity: 7 }] });
    expect(rowsFromText('a10001 2')).toMatchObject({ rows: [{ salesItemNumber: 'a10001', quantity: 2 }] });
    expect(rowsFromText('A10001,1\nA10002;3\nA10003 4')).toMatchObject({
      rows: [{ quantity: 1 }, { salesItemNumber: 'A10002', quantity: 3 }, { quantity: 4 }],
    });
  });

  it('takes 1 for a missing quantity and 0 (reported by the check) for one that is not a whole number', () => {
    expect(rowsFromText('A10001\nA10002,2.5\nA10003,-1')).toMatchObject({
      rows: [{ quantity: 1 }, { quantity: 0 }, { quantity: 0 }],
    });
  });

  it('refuses nothing to read and more than 500 lines', () => {
    expect(rowsFromText(' \n\n')).toEqual({ ok: false, error: 'empty' });
    const many = Array.from({ length: 501 }, (_, i) => `A1${String(i).padStart(4, '0')},1`).join('\n');
    expect(rowsFromText(many)).toEqual({ ok: false, error: 'tooManyLines' });
    expect(rowsFromText(many.split('\n').slice(0, 500).join('\n'))).toMatchObject({ ok: true });
  });

  it('reads a quoted cell with the separator inside as one cell', () => {
    expect(rowsFromText('"A10001",1,"Actuator, 24 V"')).toMatchObject({
      rows: [{ salesItemNumber: 'A10001', quantity: 1 }],
    });
  });
});

describe('rowsFromCells', () => {
  it('reads a sheet’s first two columns', () => {
    expect(
      rowsFromCells([
        ['Item', 'Qty'],
        ['A10001', '4'],
        ['', ''],
        ['A10002', ''],
      ]),
    ).toEqual({
      ok: true,
      rows: [
        { salesItemNumber: 'A10001', quantity: 4 },
        { salesItemNumber: 'A10002', quantity: 1 },
      ],
    });
  });
});

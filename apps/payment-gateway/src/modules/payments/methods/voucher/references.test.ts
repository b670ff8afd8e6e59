import { describe, expect, it } from 'vitest';
import { voucherMethod } from './catalogue.ts';
import {
  boletoDueFactor,
  boletoMod10,
  boletoMod11,
  boletoReference,
  MULTIBANCO_ENTITY,
  maskTelephoneNumber,
  multibancoReference,
} from './references.ts';
import { checkVoucherShopper, validTaxNumber } from './shopper-fields.ts';

/** The widget's rule: the typeable line's digits, reordered, are the barcode's. */
const barcodeOfLine = (line: string) =>
  line.replace(/\D/g, '').replace(/^(\d{4})(\d{5})\d(\d{10})\d(\d{10})\d(\d{15})$/, '$1$5$2$3$4');

describe('Boleto references', () => {
  it('computes the check digits of a published Bradesco boleto', () => {
    // 23793.38128 60007.827136 95000.063305 9 75520000370000
    expect(boletoMod10('237933812')).toBe(8);
    expect(boletoMod10('6000782713')).toBe(6);
    expect(boletoMod10('9500006330')).toBe(5);
    expect(boletoMod11('2379755200003700003381260007827139500006330')).toBe(9);
  });

  it('counts the due factor from 3 July 2000 (1000) and restarts at 1000 on 22 February 2025', () => {
    expect(boletoDueFactor(new Date('2000-07-03T10:00:00Z'))).toBe('1000');
    expect(boletoDueFactor(new Date('2025-02-21T10:00:00Z'))).toBe('9999');
    expect(boletoDueFactor(new Date('2025-02-22T10:00:00Z'))).toBe('1000');
  });

  it('makes a 47-digit line whose digits reorder into the 44-digit barcode with the amount', () => {
    const { line, barcode } = boletoReference(
      123456,
      new Date('2026-12-02T00:00:00Z'),
      `${'1234567890'.repeat(2)}12345`,
    );
    expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(line.replace(/\D/g, '')).toHaveLength(47);
    expect(barcode).toHaveLength(44);
    expect(barcodeOfLine(line)).toBe(barcode);
    expect(barcode.slice(9, 19)).toBe('0000123456');
    expect(Number(barcode[4])).toBe(boletoMod11(barcode.slice(0, 4) + barcode.slice(5)));
  });
});

describe('Multibanco references', () => {
  it('ends in two check digits over entity, reference and amount (ISO 7064 mod 97)', () => {
    const reference = multibancoReference(4999, '1234567');
    expect(reference).toMatch(/^1234567\d{2}$/);
    // Entity, reference, amount, then the check digits: 1 modulo 97.
    const checkDigits = reference.slice(7);
    expect(BigInt(`${MULTIBANCO_ENTITY}1234567${'00004999'}${checkDigits}`) % 97n).toBe(1n);
  });
});

describe('voucher shopper details', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
  ])('accepts the CPF or CNPJ %s', (value, digits) => expect(validTaxNumber(value)).toBe(digits));

  it.each(['529.982.247-26', '11.222.333/0001-80', '111.111.111-11', '1234567890', 'abc', '529982247250'])(
    'refuses %s',
    (value) => expect(validTaxNumber(value)).toBeUndefined(),
  );

  it('takes Doku and Econtext names from the top level as their forms send them', () => {
    const method = voucherMethod('econtext_stores');
    if (!method) throw new Error('econtext_stores is in the catalogue');
    const shopper = checkVoucherShopper(method, {
      firstName: 'Taro',
      lastName: 'Yamada',
      telephoneNumber: '0312345678',
      shopperEmail: 'taro@example.jp',
    });
    expect(shopper).toMatchObject({ firstName: 'Taro', lastName: 'Yamada', telephoneNumber: '0312345678' });
  });

  it('masks a telephone number but for its first three and last two digits', () => {
    expect(maskTelephoneNumber('09012345678')).toBe('090******78');
  });
});

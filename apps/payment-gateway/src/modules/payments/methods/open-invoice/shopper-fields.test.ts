import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appliesTo, openInvoiceMethod } from './catalogue.ts';
import { ageOn, checkShopperFields, isValidEmail, isValidPhone } from './shopper-fields.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('ageOn', () => {
  it('turns 18 on the 18th birthday, not the day before', () => {
    expect(ageOn('2008-06-15', day('2026-06-14'))).toBe(17);
    expect(ageOn('2008-06-15', day('2026-06-15'))).toBe(18);
    expect(ageOn('2008-06-15', day('2026-06-16'))).toBe(18);
  });

  it('someone born on 29 February comes of age on 1 March of a common year', () => {
    expect(ageOn('2008-02-29', day('2026-02-28'))).toBe(17);
    expect(ageOn('2008-02-29', day('2026-03-01'))).toBe(18);
    // In a leap year the birthday itself counts.
    expect(ageOn('2010-02-29', day('2028-02-29'))).toBeUndefined();
    expect(ageOn('2012-02-29', day('2030-02-28'))).toBe(17);
    expect(ageOn('1996-02-29', day('2014-02-28'))).toBe(17);
  });

  it('rejects dates that are not real calendar dates or not YYYY-MM-DD', () => {
    for (const value of [
      '2001-02-30',
      '2001-13-01',
      '2001-00-10',
      '01-02-2001',
      '2001/02/03',
      '',
      'abcd-ef-gh',
    ])
      expect(ageOn(value, day('2026-01-01'))).toBeUndefined();
  });

  it('property: a date exactly n years back gives n (n ≥ 0), a day later n − 1', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 90 }),
        (today, years) => {
          const birth = new Date(
            Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()),
          );
          // Skip 29 February when the birth year has none (Date rolls it to 1 March).
          fc.pre(birth.getUTCMonth() === today.getUTCMonth());
          const iso = birth.toISOString().slice(0, 10);
          expect(ageOn(iso, today)).toBe(years);
          const dayLater = new Date(birth.getTime() + 86_400_000).toISOString().slice(0, 10);
          expect(ageOn(dayLater, today)).toBe(years - 1);
        },
      ),
    );
  });
});

describe('e-mail and phone', () => {
  it('e-mail: 6 to 320 characters in the usual shape', () => {
    expect(isValidEmail('a@b.de')).toBe(true);
    expect(isValidEmail('anna.bauer@bauer-gmbh.de')).toBe(true);
    expect(isValidEmail('a@b.d')).toBe(false);
    expect(isValidEmail('no-at-sign.de')).toBe(false);
    expect(isValidEmail('two@@signs.de')).toBe(false);
    expect(isValidEmail('space in@x.de')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(310)}@example.de`)).toBe(false);
  });

  it('phone: optional plus and country code, digits with spaces, dashes, dots or slashes', () => {
    for (const ok of ['+49 30 1234567', '+45 12 34 56 78', '030/1234567', '0151-234.567', '+1 212 555 0100'])
      expect(isValidPhone(ok), ok).toBe(true);
    for (const bad of ['', 'call me', '++49 30 123', '12', '+49 (30) 1234', '+49 30 1234567 ext 2'])
      expect(isValidPhone(bad), bad).toBe(false);
  });

  it('property: any digit string of 7–15 digits with an optional plus is a phone number', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^\d{7,15}$/), (plus, digits) => {
        expect(isValidPhone(`${plus ? '+' : ''}${digits}`)).toBe(true);
      }),
    );
  });
});

describe('checkShopperFields', () => {
  const today = day('2026-11-27');
  const full = {
    shopperName: { firstName: 'Anna', lastName: 'Bauer', gender: 'FEMALE' },
    dateOfBirth: '1980-05-04',
    shopperEmail: 'anna@bauer.de',
    telephoneNumber: '+49 30 1234567',
    billingAddress: {
      street: 'Hauptstr.',
      houseNumberOrName: '1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
  };
  const requires = openInvoiceMethod('riverty')!.requires;

  it('keeps the birth year, not the date', () => {
    const facts = checkShopperFields(full, requires, today);
    expect(facts).toMatchObject({
      birthYear: 1980,
      lastName: 'Bauer',
      billingCountry: 'DE',
      deliveryCountry: 'DE',
    });
    expect(JSON.stringify(facts)).not.toContain('05-04');
  });

  it.each([
    [{ shopperName: undefined }, 'shopperName.firstName'],
    [{ shopperName: { firstName: ' ', lastName: 'x' } }, 'shopperName.firstName'],
    [{ shopperName: { firstName: 'A', lastName: 'B', gender: 'OTHER' } }, 'gender'],
    [{ dateOfBirth: '2008-11-28' }, 'at least 18'],
    [{ dateOfBirth: '28.11.1990' }, 'YYYY-MM-DD'],
    [{ shopperEmail: 'nope' }, 'shopperEmail'],
    [{ telephoneNumber: 'abc' }, 'telephoneNumber'],
    [{ billingAddress: { ...full.billingAddress, city: '' } }, 'billingAddress.city'],
    [{ billingAddress: 'Berlin' }, 'billingAddress: must be an object'],
    [{ deliveryAddress: { country: 'DE' } }, 'deliveryAddress.street'],
  ])('rejects %j', (change, message) => {
    expect(() => checkShopperFields({ ...full, ...change }, requires, today)).toThrow(message);
  });

  it('accepts an 18-year-old on the birthday', () => {
    expect(checkShopperFields({ ...full, dateOfBirth: '2008-11-27' }, requires, today).birthYear).toBe(2008);
  });

  it('B2B needs the company; direct debit a valid IBAN', () => {
    const b2b = openInvoiceMethod('afterpay_b2b')!.requires;
    expect(() => checkShopperFields(full, b2b, today)).toThrow('company.name');
    expect(checkShopperFields({ ...full, company: { name: 'Bauer GmbH' } }, b2b, today).companyName).toBe(
      'Bauer GmbH',
    );
    const debit = openInvoiceMethod('ratepay_directdebit')!.requires;
    expect(() => checkShopperFields(full, debit, today)).toThrow('Invalid iban');
    const bad = { ...full, bankAccount: { iban: 'DE89 3704 0044 0532 0130 01', ownerName: 'A B' } };
    expect(() => checkShopperFields(bad, debit, today)).toThrow('Invalid iban');
    const good = { ...full, bankAccount: { iban: 'DE89 3704 0044 0532 0130 00', ownerName: 'Anna Bauer' } };
    expect(checkShopperFields(good, debit, today).ibanLastFour).toBe('3000');
  });
});

describe('appliesTo', () => {
  const riverty = openInvoiceMethod('riverty')!;
  it('offers Riverty to the demo buyers (DE in EUR, DK in DKK) and not in a foreign currency', () => {
    expect(appliesTo(riverty, 'DE', 'EUR')).toBe(true);
    expect(appliesTo(riverty, 'DK', 'DKK')).toBe(true);
    expect(appliesTo(riverty, 'DK', 'EUR')).toBe(false);
    expect(appliesTo(riverty, 'US', 'USD')).toBe(false);
  });
  it('without a country, goes by currency', () => {
    expect(appliesTo(openInvoiceMethod('affirm')!, undefined, 'CAD')).toBe(true);
    expect(appliesTo(openInvoiceMethod('affirm')!, undefined, 'EUR')).toBe(false);
    expect(appliesTo(openInvoiceMethod('facilypay_3x')!, undefined, 'EUR')).toBe(true);
    expect(appliesTo(openInvoiceMethod('atome')!, undefined, 'SGD')).toBe(true);
  });
});

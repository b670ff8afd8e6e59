import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  bankAccountErrors,
  companyErrors,
  dateInputToIso,
  formatDateInput,
  groupIban,
  isAdult,
  isoToDateInput,
  isValidEmail,
  isValidPhone,
  personalDetailsErrors,
} from './validate.ts';

const on = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 12);
};

describe('age', () => {
  it('is 18 from the 18th birthday on', () => {
    expect(isAdult('2008-06-15', on('2026-06-14'))).toBe(false);
    expect(isAdult('2008-06-15', on('2026-06-15'))).toBe(true);
    expect(isAdult('2008-06-16', on('2026-06-15'))).toBe(false);
    expect(isAdult('2008-12-31', on('2027-01-01'))).toBe(true);
  });

  it('born on 29 February: 18 on 1 March of a common year, on 29 February of a leap year', () => {
    expect(isAdult('2008-02-29', on('2026-02-28'))).toBe(false);
    expect(isAdult('2008-02-29', on('2026-03-01'))).toBe(true);
    expect(isAdult('2012-02-29', on('2030-02-28'))).toBe(false);
    expect(isAdult('2014-02-28', on('2032-02-28'))).toBe(true);
    expect(ageOn('2000-02-29', on('2036-02-29'))).toBe(36);
    expect(ageOn('2000-02-29', on('2036-02-28'))).toBe(35);
  });

  it('rejects impossible or malformed dates and implausible ages', () => {
    for (const value of ['2001-02-29', '1990-04-31', '1990-13-01', '24/12/1975', '', '1800-01-01'])
      expect(isAdult(value, on('2026-11-27')), value).toBe(false);
  });

  it('property: exactly n years back is age n, one day later n − 1', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1960, 0, 1), max: new Date(2060, 11, 31), noInvalidDate: true }),
        fc.integer({ min: 1, max: 100 }),
        (today, years) => {
          const birth = new Date(today.getFullYear() - years, today.getMonth(), today.getDate());
          fc.pre(birth.getMonth() === today.getMonth());
          const iso = (date: Date) =>
            `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
          expect(ageOn(iso(birth), today)).toBe(years);
          const next = new Date(birth.getFullYear(), birth.getMonth(), birth.getDate() + 1);
          expect(ageOn(iso(next), today)).toBe(years - 1);
        },
      ),
    );
  });
});

describe('date input', () => {
  it.each([
    ['1', '1'],
    ['12', '12/'],
    ['4', '04/'],
    ['1/', '01/'],
    ['12/1', '12/1'],
    ['12/3', '12/03/'],
    ['12/05', '12/05/'],
    ['12/05/19', '12/05/19'],
    ['12051990', '12/05/1990'],
    ['12/05/19901', '12/05/1990'],
    ['ab12c', '12/'],
  ])('typing %s shows %s', (typed, shown) => {
    expect(formatDateInput(typed, '')).toBe(shown);
  });

  it('lets a separator be deleted', () => {
    expect(formatDateInput('12', '12/')).toBe('12');
  });

  it('property: never longer than 10 characters and only digits and slashes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const shown = formatDateInput(typed, '');
        expect(shown.length).toBeLessThanOrEqual(10);
        expect(shown).toMatch(/^[\d/]*$/);
      }),
    );
  });

  it('converts between day/month/year and year-month-day', () => {
    expect(dateInputToIso('24/12/1975')).toBe('1975-12-24');
    expect(dateInputToIso('24/12/19')).toBe('');
    expect(isoToDateInput('1975-12-24')).toBe('24/12/1975');
    expect(isoToDateInput(undefined)).toBe('');
  });
});

describe('contact', () => {
  it('e-mail: 6 to 320 characters in the usual shape', () => {
    expect(isValidEmail('a@b.de')).toBe(true);
    expect(isValidEmail(' anna@bauer-gmbh.de ')).toBe(true);
    for (const bad of ['a@b.d', 'ab.de', 'a@@b.de', 'a b@c.de', `${'x'.repeat(316)}@b.de`, ''])
      expect(isValidEmail(bad), bad).toBe(false);
  });

  it('phone: international pattern', () => {
    for (const ok of ['+49 30 1234567', '+4530123456', '030/123 45 67', '0151-234.5678', '+1 212 555 0100'])
      expect(isValidPhone(ok), ok).toBe(true);
    for (const bad of ['', '12345', 'phone', '+49 (30) 123456', '++49301234567', '+49 30 1234567 x'])
      expect(isValidPhone(bad), bad).toBe(false);
  });

  it('property: e-mail validity follows its length limits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,400}$/), (local) => {
        const email = `${local}@ex.de`;
        expect(isValidEmail(email)).toBe(email.length <= 320);
      }),
    );
  });
});

describe('section errors', () => {
  const today = on('2026-11-27');
  it('names the spec’s keys', () => {
    expect(
      personalDetailsErrors(
        ['firstName', 'lastName', 'gender', 'dateOfBirth', 'shopperEmail', 'telephoneNumber'],
        { firstName: ' ', dateOfBirth: '2010-01-01', shopperEmail: 'x', telephoneNumber: '' },
        today,
      ),
    ).toEqual({
      firstName: 'firstName.invalid',
      lastName: 'lastName.invalid',
      gender: 'gender.notselected',
      dateOfBirth: 'dateOfBirth.invalid',
      shopperEmail: 'field.error.invalid',
      telephoneNumber: 'field.error.required',
    });
    expect(personalDetailsErrors(['firstName', 'gender'], { firstName: 'A', gender: 'MALE' }, today)).toEqual(
      {},
    );
    expect(companyErrors({ name: '', registrationNumber: ' ' })).toEqual({
      name: 'companyDetails.name.invalid',
      registrationNumber: 'companyDetails.registrationNumber.invalid',
    });
  });

  it('bank account: IBAN checksum and owner', () => {
    expect(bankAccountErrors({ iban: 'DE89 3704 0044 0532 0130 00', ownerName: 'A' })).toEqual({});
    expect(bankAccountErrors({ iban: 'DE89 3704 0044 0532 0130 01', ownerName: '' })).toEqual({
      iban: 'sepaDirectDebit.ibanField.invalid',
      ownerName: 'field.error.required',
    });
    expect(groupIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

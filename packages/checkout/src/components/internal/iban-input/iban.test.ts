import fc from 'fast-check';
import { composeIBAN, countrySpecs, isValidBBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { caretAfterFormat, checkIban, formatIban, normaliseIban, SEPA_COUNTRIES } from './iban.ts';

/** One published valid IBAN per SEPA country (national check digits included where a country has them). */
const EXAMPLES: Record<string, string> = {
  AD: 'AD1200012030200359100100',
  AT: 'AT611904300234573201',
  BE: 'BE68539007547034',
  BG: 'BG80BNBG96611020345678',
  CH: 'CH9300762011623852957',
  CY: 'CY17002001280000001200527600',
  CZ: 'CZ6508000000192000145399',
  DE: 'DE89370400440532013000',
  DK: 'DK5000400440116243',
  EE: 'EE382200221020145685',
  ES: 'ES9121000418450200051332',
  FI: 'FI2112345600000785',
  FR: 'FR1420041010050500013M02606',
  GB: 'GB29NWBK60161331926819',
  GI: 'GI75NWBK000000007099453',
  GR: 'GR1601101250000000012300695',
  HR: 'HR1210010051863000160',
  HU: 'HU42117730161111101800000000',
  IE: 'IE29AIBK93115212345678',
  IS: 'IS140159260076545510730339',
  IT: 'IT60X0542811101000000123456',
  LI: 'LI21088100002324013AA',
  LT: 'LT121000011101001000',
  LU: 'LU280019400644750000',
  LV: 'LV80BANK0000435195001',
  MC: 'MC5811222000010123456789030',
  MT: 'MT84MALT011000012345MTLCAST001S',
  NL: 'NL91ABNA0417164300',
  NO: 'NO9386011117947',
  PL: 'PL61109010140000071219812874',
  PT: 'PT50000201231234567890154',
  RO: 'RO49AAAA1B31007593840000',
  SE: 'SE4550000000058398257466',
  SI: 'SI56263300012039086',
  SK: 'SK3112000000198742637541',
  SM: 'SM86U0322509800000000270100',
  VA: 'VA59001123000012345678',
};

describe('checkIban', () => {
  it('has an example for every SEPA country, and each is valid', () => {
    expect([...SEPA_COUNTRIES].sort()).toEqual(Object.keys(EXAMPLES).sort());
    for (const [country, iban] of Object.entries(EXAMPLES)) {
      expect(checkIban(iban, SEPA_COUNTRIES), country).toEqual({
        iban,
        countryCode: country,
        status: 'valid',
      });
    }
  });

  it('waits while the IBAN is too short, refuses unknown countries and too long ones', () => {
    expect(checkIban('').status).toBe('no-validate');
    expect(checkIban('N').status).toBe('no-validate');
    expect(checkIban('NL91 ABNA').status).toBe('no-validate');
    expect(checkIban('XX91ABNA0417164300').status).toBe('invalid');
    expect(checkIban('12').status).toBe('invalid');
    expect(checkIban('NL91ABNA04171643001').status).toBe('invalid');
    expect(checkIban('NL92ABNA0417164300').status).toBe('invalid');
    // A valid IBAN of a country outside SEPA: valid in general, invalid where only SEPA is allowed.
    expect(checkIban('BR1800360305000010009795493C1').status).toBe('valid');
    expect(checkIban('BR1800360305000010009795493C1', SEPA_COUNTRIES).status).toBe('invalid');
  });

  it('checks the national structure, not only the checksum', () => {
    // Right length and mod-97 check digits, but digits where the Dutch bank code has letters.
    expect(checkIban('NL6112340123456789').status).toBe('invalid');
  });

  it('accepts generated IBANs of every SEPA country (any BBAN the country structure allows)', () => {
    const countries = [...SEPA_COUNTRIES];
    const generated = fc
      .constantFrom(...countries)
      .chain((country) =>
        fc
          .stringMatching(new RegExp(countrySpecs[country]?.bban_regexp ?? '^$'))
          .map((bban) => ({ country, bban })),
      )
      .filter(({ country, bban }) => isValidBBAN(bban, country));
    fc.assert(
      fc.property(generated, ({ country, bban }) => {
        const iban = composeIBAN({ countryCode: country, bban });
        expect(iban).toBeTruthy();
        expect(checkIban(iban ?? '', SEPA_COUNTRIES).status).toBe('valid');
      }),
      { numRuns: 150 },
    );
  });

  it('refuses any IBAN with one digit changed', () => {
    const ibans = Object.values(EXAMPLES);
    const mutation = fc
      .constantFrom(...ibans)
      .chain((iban) =>
        fc.record({
          iban: fc.constant(iban),
          position: fc.integer({ min: 2, max: iban.length - 1 }),
          digit: fc.integer({ min: 0, max: 9 }),
        }),
      )
      .filter(
        ({ iban, position, digit }) => /\d/.test(iban[position] ?? '') && iban[position] !== String(digit),
      );
    fc.assert(
      fc.property(mutation, ({ iban, position, digit }) => {
        const changed = `${iban.slice(0, position)}${digit}${iban.slice(position + 1)}`;
        expect(checkIban(changed, SEPA_COUNTRIES).status).toBe('invalid');
      }),
    );
  });

  it('judges only the length the country needs: shorter waits, longer is invalid', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(EXAMPLES)), fc.nat(), (iban, cut) => {
        const shorter = iban.slice(0, 2 + (cut % (iban.length - 2)));
        expect(checkIban(shorter).status).toBe('no-validate');
        expect(checkIban(`${iban}0`).status).toBe('invalid');
      }),
    );
  });
});

describe('formatting', () => {
  it('strips separators, upper-cases and groups in fours', () => {
    expect(normaliseIban(' nl91-abna.0417 164300 ')).toBe('NL91ABNA0417164300');
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91')).toBe('NL91');
    expect(formatIban('NL91A')).toBe('NL91 A');
  });

  it('groups any typed text in fours of letters and digits', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const formatted = formatIban(typed);
        expect(formatted.replace(/ /g, '')).toBe(normaliseIban(typed));
        const groups = formatted ? formatted.split(' ') : [];
        for (const group of groups.slice(0, -1)) expect(group).toHaveLength(4);
        expect(groups.at(-1)?.length ?? 0).toBeLessThanOrEqual(4);
      }),
    );
  });

  it('keeps the caret after the same characters', () => {
    // Typed "X" after "NL91" in "NL91 ABNA": caret was at 5, lands after the X.
    expect(caretAfterFormat('NL91X ABNA', 5, formatIban('NL91X ABNA'))).toBe(6);
    expect(caretAfterFormat('NL91ABNA', 8, formatIban('NL91ABNA'))).toBe(9);
    expect(caretAfterFormat('NL91 ABNA', 0, 'NL91 ABNA')).toBe(0);
    // Deleting the space before "A" removes nothing that counts: the caret stays after "1".
    expect(caretAfterFormat('NL91ABNA', 4, formatIban('NL91ABNA'))).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { maskIban, SEPA_COUNTRIES, validIban } from './iban.ts';

describe('validIban', () => {
  it('accepts the published test IBANs', () => {
    expect(validIban('NL13TEST0123456789')).toBe('NL13TEST0123456789');
    expect(validIban('de87 1234 5678 1234 5678 90')).toBe('DE87123456781234567890');
    expect(validIban('FR14 2004 1010 0505 0001 3M02 606')).toBe('FR1420041010050500013M02606');
  });

  it('refuses wrong checksums, lengths, structures and countries', () => {
    expect(validIban('NL14TEST0123456789')).toBeUndefined();
    expect(validIban('NL13TEST012345678')).toBeUndefined();
    expect(validIban('XX13TEST0123456789')).toBeUndefined();
    // Right length and checksum but digits where the Dutch bank code has letters.
    expect(validIban('NL6112340123456789')).toBeUndefined();
    // A valid IBAN of a country outside SEPA.
    expect(validIban('BR1800360305000010009795493C1')).toBeUndefined();
    expect(validIban('')).toBeUndefined();
  });

  it('knows every SEPA country', () => {
    expect(SEPA_COUNTRIES).toEqual(expect.arrayContaining(['AT', 'DE', 'FR', 'NL', 'CH', 'GB', 'NO', 'VA']));
    expect(SEPA_COUNTRIES).not.toContain('US');
  });
});

describe('maskIban', () => {
  it('keeps the country, check digits and last four', () => {
    expect(maskIban('NL13TEST0123456789')).toBe('NL13**********6789');
  });
});

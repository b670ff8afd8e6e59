import { describe, expect, it } from 'vitest';
import { validIban } from './iban.ts';

describe('validIban', () => {
  it('accepts the published test IBANs', () => {
    expect(validIban('NL13TEST0123456789')).toBe('NL13TEST0123456789');
    expect(validIban('de87 1234 5678 1234 5678 90')).toBe('DE87123456781234567890');
  });

  it('refuses wrong checksums, lengths and countries', () => {
    expect(validIban('NL14TEST0123456789')).toBeUndefined();
    expect(validIban('NL13TEST012345678')).toBeUndefined();
    expect(validIban('XX13TEST0123456789')).toBeUndefined();
  });
});

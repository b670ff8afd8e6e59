import { describe, expect, it } from 'vitest';
import { refusalOf } from './registrations';

describe('registration refusals', () => {
  it('maps the middleware problems to what the form says', () => {
    expect(refusalOf(409, 'urn:actuate:problem:email-taken')).toBe('conflict');
    expect(refusalOf(422, 'urn:actuate:problem:terms-not-current')).toBe('termsNotCurrent');
    expect(refusalOf(422, 'urn:actuate:problem:country-not-served')).toBe('countryNotServed');
    expect(refusalOf(422, 'urn:actuate:problem:vat-country-mismatch')).toBe('vatCountryMismatch');
    expect(refusalOf(429, undefined)).toBe('tooMany');
    expect(refusalOf(400, undefined)).toBe('invalid');
    expect(refusalOf(503, undefined)).toBe('unavailable');
  });
});

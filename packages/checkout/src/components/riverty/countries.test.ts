import { describe, expect, it } from 'vitest';
import { rivertyBillingCountries, rivertyTermsUrl } from './countries.ts';

describe('Riverty countries and terms', () => {
  it('bills AT, CH and DE, plus the shopper’s country where Riverty delivers', () => {
    expect(rivertyBillingCountries(undefined)).toEqual(['AT', 'CH', 'DE']);
    expect(rivertyBillingCountries('dk')).toEqual(['AT', 'CH', 'DE', 'DK']);
    expect(rivertyBillingCountries('US')).toEqual(['AT', 'CH', 'DE']);
  });

  it('links the terms per country in the shopper’s language, else English', () => {
    expect(rivertyTermsUrl('DE', 'de', false)).toMatch(/\/invoice\/de_de\/$/);
    expect(rivertyTermsUrl('CH', 'fr', false)).toMatch(/\/invoice\/ch_fr\/$/);
    expect(rivertyTermsUrl('DK', 'de', true)).toMatch(/\/b2b_invoice\/dk_en\/$/);
    expect(rivertyTermsUrl('US', 'en', false)).toBeUndefined();
  });
});

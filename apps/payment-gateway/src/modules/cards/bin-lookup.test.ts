import { describe, expect, it } from 'vitest';
import { lookupBin } from './bin-lookup.ts';

describe('lookupBin', () => {
  it.each([
    ['411111', 'visa', 'required'],
    ['555555', 'mc', 'required'],
    ['370000', 'amex', 'required'],
    ['305693', 'diners', 'required'],
    ['601111', 'discover', 'required'],
    ['356611', 'jcb', 'required'],
    ['500055', 'maestro', 'optional'],
    ['670344', 'bcmc', 'hidden'],
    ['625094', 'cup', 'required'],
    ['506699', 'elo', 'required'],
    ['949012', 'korean_local_card', 'hidden'],
  ])('%s is %s with cvc %s', (bin, brand, cvcPolicy) => {
    const result = lookupBin(bin, { requestId: '1' }) as { requestId: string; brands: unknown[] };
    expect(result.requestId).toBe('1');
    expect(result.brands[0]).toMatchObject({ brand, cvcPolicy });
  });

  it('lists both brands of a co-badged card and marks unsupported ones', () => {
    const result = lookupBin('40355010', { requestId: '2', supportedBrands: ['visa'] });
    expect(result).toMatchObject({
      issuingCountryCode: 'FR',
      brands: [
        { brand: 'cartebancaire', supported: false },
        { brand: 'visa', supported: true },
      ],
    });
  });

  it('answers only the requestId for an unknown BIN', () => {
    expect(lookupBin('111111', { requestId: '3' })).toEqual({ requestId: '3' });
  });

  it('asks for the social security number for Brazilian brands', () => {
    expect(lookupBin('506699', {})).toMatchObject({
      showSocialSecurityNumber: true,
      issuingCountryCode: 'BR',
    });
  });
});

import { extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { newCollectionAccount, newTransferReference } from './account.ts';
import { transferOffered } from './family.ts';

describe('bank transfer collection accounts', () => {
  it.each(['EUR', 'DKK'] as const)('gives a valid IBAN and BIC for %s', (currency) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { iban, bic } = newCollectionAccount(currency);
      expect(isValidIBAN(iban)).toBe(true);
      expect(isValidBIC(bic)).toBe(true);
      expect(extractIBAN(iban).countryCode).toBe(currency === 'EUR' ? 'NL' : 'DK');
    }
  });

  it('gives every payment its own reference', () => {
    const references = new Set(Array.from({ length: 2000 }, () => newTransferReference()));
    expect(references.size).toBe(2000);
    for (const reference of references) expect(reference).toMatch(/^AT[A-Z2-9]{4}-[A-Z2-9]{6}$/);
  });

  it('is offered in EUR everywhere and in DKK for Denmark only', () => {
    expect(transferOffered('EUR', 'DE')).toBe(true);
    expect(transferOffered('EUR', 'DK')).toBe(true);
    expect(transferOffered('DKK', 'DK')).toBe(true);
    expect(transferOffered('DKK', undefined)).toBe(true);
    expect(transferOffered('DKK', 'SE')).toBe(false);
    expect(transferOffered('GBP', 'GB')).toBe(false);
    expect(transferOffered('USD', undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../cards/test-cards.ts';
import { checkCard } from './card-details.ts';

const now = new Date('2026-06-15T00:00:00Z');

describe('checkCard', () => {
  it.each(TEST_CARDS.map((card) => [card.number, card]))('accepts test card %s', (_, card) => {
    const checked = checkCard(
      { number: card.number, expiryMonth: '03', expiryYear: '2030', securityCode: card.securityCode },
      card.brand,
      now,
    );
    expect(checked.rule.brand).toBe(card.brand);
    expect(checked.lastFour).toBe(card.number.slice(-4));
    expect(checked.expired).toBe(false);
  });

  it('offers both brands of a co-badged card', () => {
    const checked = checkCard(
      { number: '4035501000000008', expiryMonth: '3', expiryYear: '30', securityCode: '737' },
      undefined,
      now,
    );
    expect(checked.brands.map((rule) => rule.brand)).toEqual(['cartebancaire', 'visa']);
    expect(
      checkCard(
        { number: '4035501000000008', expiryMonth: '3', expiryYear: '30', securityCode: '737' },
        'visa',
        now,
      ).rule.brand,
    ).toBe('visa');
  });

  it('rejects a failed Luhn check, a wrong length, unknown brands, bad dates and security codes', () => {
    const base = { expiryMonth: '03', expiryYear: '2030', securityCode: '737' };
    expect(() => checkCard({ ...base, number: '4111111111111112' }, undefined, now)).toThrow(
      'Invalid card number',
    );
    expect(() => checkCard({ ...base, number: '41111111111111' }, undefined, now)).toThrow(
      'Invalid card number',
    );
    expect(() => checkCard({ ...base, number: '1111111111111117' }, undefined, now)).toThrow(
      'Unable to determine variant',
    );
    expect(() =>
      checkCard({ ...base, number: '4111111111111111', expiryMonth: '13' }, undefined, now),
    ).toThrow('Expiry');
    expect(() =>
      checkCard({ ...base, number: '4111111111111111', securityCode: '12' }, undefined, now),
    ).toThrow('CVC');
    expect(() =>
      checkCard({ ...base, number: '370000000000002', securityCode: '737' }, undefined, now),
    ).toThrow('CVC');
    expect(
      checkCard({ ...base, number: '4111111111111111', expiryYear: '2025' }, undefined, now).expired,
    ).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { findCampaign } from './campaigns.ts';
import { donationAmountProblem, roundupAmount } from './rules.ts';

const fixed = findCampaign('DONATION_CAMPAIGN_TREES_EUR')!;
const roundup = findCampaign('DONATION_CAMPAIGN_SEAS_EUR')!;

describe('donation amounts', () => {
  it('rounds a transaction up to the next multiple of the maximum', () => {
    expect(roundupAmount(1250, 100)).toBe(50);
    expect(roundupAmount(1299, 100)).toBe(1);
    expect(roundupAmount(1300, 100)).toBe(100);
    expect(roundupAmount(0, 100)).toBe(100);
  });

  it('takes only the fixed values, in the campaign’s currency', () => {
    expect(donationAmountProblem(fixed, { currency: 'EUR', value: 300 })).toBeUndefined();
    expect(donationAmountProblem(fixed, { currency: 'EUR', value: 301 })).toMatch(/100, 300, 500/);
    expect(donationAmountProblem(fixed, { currency: 'DKK', value: 300 })).toMatch(/in EUR, not DKK/);
  });

  it('takes a round-up of 1 up to the maximum', () => {
    expect(donationAmountProblem(roundup, { currency: 'EUR', value: 1 })).toBeUndefined();
    expect(donationAmountProblem(roundup, { currency: 'EUR', value: 100 })).toBeUndefined();
    expect(donationAmountProblem(roundup, { currency: 'EUR', value: 0 })).toBeDefined();
    expect(donationAmountProblem(roundup, { currency: 'EUR', value: 101 })).toBeDefined();
  });
});

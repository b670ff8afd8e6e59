import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import { promotionRefusalKey } from './promotion-refusal';

describe('promotionRefusalKey', () => {
  it.each([
    ['NotFound', 'promotionUnknown'],
    ['Promotion.Expired', 'promotionExpired'],
    ['Promotion.NotYetValid', 'promotionNotYetValid'],
    ['Promotion.ExceedsUsageLimit', 'promotionUsedUp'],
    ['Promotion.AlreadyAdded', 'promotionAlreadyApplied'],
    ['Promotion.CannotCombine', 'promotionCannotCombine'],
  ])('maps %s to a text of the cart messages', (code, key) => {
    expect(promotionRefusalKey(code)).toBe(key);
    expect(en.Cart.messages).toHaveProperty(key);
  });

  it('leaves other codes (and prototype names) to the platform message', () => {
    expect(promotionRefusalKey('Promotion.NotEligible')).toBeUndefined();
    expect(promotionRefusalKey('toString')).toBeUndefined();
    expect(promotionRefusalKey(undefined)).toBeUndefined();
  });
});

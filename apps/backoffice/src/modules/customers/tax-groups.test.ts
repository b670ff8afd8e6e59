import { TAX_GROUPS as DEMO_TAX_GROUPS, vatRateBasisPointsFor } from '@actuate/catalog-data';
import { describe, expect, it } from 'vitest';
import { TAX_GROUPS, vatRateBasisPointsOf } from './tax-groups.ts';

describe('tax groups', () => {
  it('charge the VAT the demo world prices with (the price service is seeded from it)', () => {
    expect(TAX_GROUPS.map((group) => group.id)).toEqual(DEMO_TAX_GROUPS.map((group) => group.id));
    for (const group of DEMO_TAX_GROUPS) {
      expect(vatRateBasisPointsOf(group.id), group.id).toBe(vatRateBasisPointsFor(group.id));
    }
  });

  it('charge no VAT in a group the ERP does not know', () => {
    expect(vatRateBasisPointsOf('FI-DOM')).toBe(0);
  });
});

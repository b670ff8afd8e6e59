import { describe, expect, it } from 'vitest';
import { earliestDeliveryDay, isOnOrAfterDay, transitDaysOfLine } from './delivery-dates.ts';

describe('earliest requested delivery date', () => {
  it('counts transit days as business days from today', () => {
    // Wednesday 2026-12-02: 2 business days → Friday; 3 → Monday; 0 → today.
    const wednesday = new Date('2026-12-02T22:30:00Z');
    expect(earliestDeliveryDay(wednesday, 0)).toBe('2026-12-02');
    expect(earliestDeliveryDay(wednesday, 2)).toBe('2026-12-04');
    expect(earliestDeliveryDay(wednesday, 3)).toBe('2026-12-07');
    expect(earliestDeliveryDay(new Date('2026-12-05T08:00:00Z'), 1)).toBe('2026-12-07');
  });

  it('takes the transit days of the method selected for the line', () => {
    const response = {
      ShipEstimates: [
        {
          SelectedShipMethodID: 'express',
          ShipEstimateItems: [{ LineItemID: 'a' }],
          ShipMethods: [
            { ID: 'standard', EstimatedTransitDays: 3 },
            { ID: 'express', EstimatedTransitDays: 1 },
          ],
        },
        {
          SelectedShipMethodID: 'standard',
          ShipEstimateItems: [{ LineItemID: 'b' }],
          ShipMethods: [{ ID: 'standard', EstimatedTransitDays: 4 }],
        },
      ],
    };
    expect(transitDaysOfLine(response, 'a')).toBe(1);
    expect(transitDaysOfLine(response, 'b')).toBe(4);
    // A line no estimate names (added after estimating) goes with the first selection.
    expect(transitDaysOfLine(response, 'c')).toBe(1);
    expect(transitDaysOfLine(null, 'a')).toBe(0);
    expect(transitDaysOfLine({ ShipEstimates: [{ ShipMethods: [] }] }, 'a')).toBe(0);
  });

  it('compares by day', () => {
    expect(isOnOrAfterDay('2026-12-04T00:00:00.000Z', '2026-12-04')).toBe(true);
    expect(isOnOrAfterDay('2026-12-04', '2026-12-05')).toBe(false);
    expect(isOnOrAfterDay('2027-01-01T00:00:00Z', '2026-12-31')).toBe(true);
  });
});

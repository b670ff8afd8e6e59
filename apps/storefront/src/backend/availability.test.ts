import { describe, expect, it } from 'vitest';
import { availabilityOf, stateMessageKey } from './availability';

// A Wednesday.
const today = new Date('2026-11-25T10:00:00Z');
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('availabilityOf', () => {
  it('orders an active item in stock: dispatched the next working day, then two working days', () => {
    const availability = availabilityOf(
      { xp: { ProductState: 'Active', LeadTimeDays: 10 }, Inventory: { QuantityAvailable: 5 } },
      'ADK',
      today,
    );
    expect(availability).toMatchObject({ state: 'Active', orderable: true, stock: 5, leadTimeDays: 10 });
    // Thu dispatch, Fri + Mon transit.
    expect(day(availability.expectedDelivery)).toBe('2026-11-30');
  });

  it('adds the lead time when the stock does not cover the quantity', () => {
    const availability = availabilityOf(
      { xp: { ProductState: 'Active', LeadTimeDays: 10 }, Inventory: { QuantityAvailable: 5 } },
      'ADK',
      today,
      6,
    );
    // Made by Sat 5 Dec, then Mon + Tue transit.
    expect(day(availability.expectedDelivery)).toBe('2026-12-08');
  });

  it('follows the state at the buyer’s sales company and names the successor', () => {
    const product = {
      xp: {
        ProductState: 'Active',
        SalesCompanyProductStates: { ADK: 'Active', ADE: 'Discontinued' },
        SuccessorSalesItemNumber: 'B10002',
      },
    };
    expect(availabilityOf(product, 'ADK', today).orderable).toBe(true);
    expect(availabilityOf(product, 'ADE', today)).toMatchObject({
      state: 'Discontinued',
      orderable: false,
      successor: 'B10002',
    });
    // Not set up at the company: blocked there.
    expect(availabilityOf(product, 'ASE', today).state).toBe('Blocked');
    // The factory's state wins.
    expect(availabilityOf({ xp: { ...product.xp, ProductState: 'Blocked' } }, 'ADK', today).state).toBe(
      'Blocked',
    );
  });

  it('treats an item the ERP has said nothing about as orderable from stock', () => {
    const availability = availabilityOf({}, undefined, today);
    expect(availability).toMatchObject({ orderable: true, stock: undefined, successor: undefined });
  });

  it('says why a state is not orderable', () => {
    expect(stateMessageKey('Discontinued')).toBe('stateDiscontinued');
    expect(stateMessageKey('ComingSoon')).toBe('stateComingSoon');
    expect(stateMessageKey('Blocked')).toBe('stateBlocked');
    expect(stateMessageKey('Anything')).toBe('stateBlocked');
  });
});

import { describe, expect, it } from 'vitest';
import { assertMay, may, ORDER_PROCESS, OrderStatus, refusalOf, statusAfter } from './order-process.ts';

describe('the order process', () => {
  it('lets a buyer edit only the cart, and names the status in the refusal', () => {
    expect(may('edit', OrderStatus.Unsubmitted)).toBe(true);
    expect(() => assertMay('edit', OrderStatus.Open)).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'Order.CannotModifySubmittedOrder',
        message: 'Cannot change an order with status Open; it must be Unsubmitted.',
        data: { Status: 'Open' },
      }),
    );
  });

  it('moves a submitted order to Open, or to AwaitingApproval when a rule fires', () => {
    expect(statusAfter('submit')).toBe('Open');
    expect(statusAfter('submitForApproval')).toBe('AwaitingApproval');
    expect(refusalOf('submit', 'Open').code).toBe('Order.CannotSubmitBadStatus');
  });

  it('cancels unsubmitted, pending and declined orders; Open ones only as cancelUnshipped', () => {
    expect(ORDER_PROCESS.cancel.from).toEqual(['Unsubmitted', 'AwaitingApproval', 'Declined']);
    expect(may('cancel', 'Open')).toBe(false);
    expect(may('cancelUnshipped', 'Open')).toBe(true);
    expect(refusalOf('cancel', 'Completed').message).toBe(
      'Cannot cancel an order with the status of Completed.',
    );
  });

  it('refuses payments on a canceled order only', () => {
    for (const status of Object.values(OrderStatus)) expect(may('pay', status)).toBe(status !== 'Canceled');
  });
});

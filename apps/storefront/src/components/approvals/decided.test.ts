import { describe, expect, it } from 'vitest';
import { decidedHref, decidedOrder } from './decided';

describe('the decided order in the approvals page query', () => {
  it('round-trips an order and its decision', () => {
    const href = decidedHref('O-123', 'decline');
    expect(href).toBe('/approvals?decided=O-123&decision=decline');
    const query = Object.fromEntries(new URL(href, 'http://x').searchParams);
    expect(decidedOrder(query)).toEqual({ id: 'O-123', decision: 'decline' });
  });

  it('ignores a malformed order ID or decision', () => {
    expect(decidedOrder({ decided: '<script>', decision: 'approve' })).toBeUndefined();
    expect(decidedOrder({ decided: 'O-1', decision: 'maybe' })).toBeUndefined();
    expect(decidedOrder({ decided: ['O-1', 'O-2'], decision: 'approve' })).toBeUndefined();
    expect(decidedOrder({})).toBeUndefined();
  });
});

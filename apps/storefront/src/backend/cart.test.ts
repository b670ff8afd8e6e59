import { beforeEach, describe, expect, it, vi } from 'vitest';

// The platform calls of the cart, recorded: the rule under test is the order of the calculation steps.
const calls: string[] = [];
const calculate = vi.fn<() => Promise<unknown>>();
const estimate = vi.fn<() => Promise<unknown>>();
vi.mock('ordercloud-javascript-sdk', () => ({
  IntegrationEvents: {
    Calculate: () => {
      calls.push('calculate');
      return calculate();
    },
    EstimateShipping: () => {
      calls.push('estimate');
      return estimate();
    },
  },
  LineItems: {},
  Me: {},
  Orders: {},
}));
vi.mock('./sdk', () => ({
  asBuyer: (token: string) => ({ accessToken: token }),
  hasPlatformStatus: () => false,
}));

const { priceCart } = await import('./cart');

describe('priceCart', () => {
  beforeEach(() => {
    calls.length = 0;
    calculate.mockReset();
    estimate.mockReset().mockResolvedValue({});
  });

  it('writes the customer prices with one calculation', async () => {
    calculate.mockResolvedValue({});
    await priceCart('token', 'cart-1');
    expect(calls).toEqual(['calculate']);
  });

  it('estimates again when the ship method chosen earlier no longer carries the cart', async () => {
    calculate.mockRejectedValueOnce(new Error('price-shipment-too-heavy')).mockResolvedValue({});
    await priceCart('token', 'cart-1');
    expect(calls).toEqual(['calculate', 'estimate', 'calculate']);
  });

  it('leaves a refusal to the checkout instead of failing the cart write', async () => {
    calculate.mockRejectedValue(new Error('price service down'));
    await expect(priceCart('token', 'cart-1')).resolves.toBeUndefined();
    expect(calls).toEqual(['calculate', 'estimate', 'calculate']);
  });
});

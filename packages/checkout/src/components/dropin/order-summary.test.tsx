import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giftCardMethods } from '../../catalogue/gift-card.ts';
import type { CheckoutOptions } from '../../core/checkout.ts';
import type { Order } from '../../core/types.ts';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import {
  CLIENT_KEY,
  type FakeFetch,
  GATEWAY_URL,
  installFakeFetch,
  installFakeFrames,
  sessionSetupResponse,
} from '../../test/fake-gateway.ts';
import { Card } from '../card/card.tsx';
import { Dropin } from './dropin.tsx';

const EUR = (value: number) => ({ value, currency: 'EUR' });
const ORDER: Order = {
  orderData: 'od-1',
  pspReference: 'ORDER1',
  remainingAmount: EUR(2500),
  amount: EUR(7500),
};
let fake: FakeFetch;

beforeEach(() => {
  installFakeFrames();
  fake = installFakeFetch();
  fake.route('/v1/order/status', () => ({
    paymentMethods: [
      { type: 'giftcard', name: 'Givex', lastFour: '0000', amount: EUR(5000) },
      { type: 'giftcard', name: 'SVS', label: 'SVS gift card', amount: EUR(100) },
    ],
    remainingAmount: EUR(2400),
  }));
});
afterEach(() => vi.unstubAllGlobals());

async function mountDropin(options: Partial<CheckoutOptions>) {
  document.body.replaceChildren();
  const host = document.createElement('div');
  document.body.appendChild(host);
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    locale: 'en-US',
    ...options,
  });
  await act(async () => {
    new Dropin(checkout, { paymentMethodComponents: [Card, ...giftCardMethods] }).mount(host);
  });
  return { checkout, host };
}

const cancelOrder = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
  });
};

describe('drop-in order summary', () => {
  it('lists each gift-card scheme as its own entry and opens the one chosen', async () => {
    await mountDropin({
      amount: EUR(7500),
      paymentMethodsResponse: {
        paymentMethods: [
          { type: 'giftcard', name: 'Givex', brand: 'givex' },
          { type: 'giftcard', name: 'SVS', brand: 'svs' },
        ],
      },
      onSubmit: vi.fn(),
    });
    expect(screen.getByRole('button', { name: 'Givex', expanded: true })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'SVS' }));
    });
    expect(screen.getByRole('button', { name: 'SVS', expanded: true })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-type="giftcard"] img')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Paid so far' })).toBeNull();
  });

  it('lists what was paid and what is left, and cancels through onOrderCancel', async () => {
    const onOrderCancel = vi.fn<NonNullable<CheckoutOptions['onOrderCancel']>>((_data, actions) =>
      actions.resolve({ amount: EUR(7500) }),
    );
    const { checkout, host } = await mountDropin({
      amount: EUR(7500),
      order: ORDER,
      paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa'] }] },
      onSubmit: vi.fn(),
      onOrderCancel,
    });
    const summary = await screen.findByRole('region', { name: 'Paid so far' });
    await waitFor(() => expect(summary.textContent).toContain('•••• 0000€50.00'));
    expect(summary.textContent).toContain('SVS gift card€1.00');
    expect(summary.textContent).toContain('Left to pay€24.00');
    expect(fake.callsTo('/v1/order/status')[0]?.body).toEqual({ orderData: 'od-1' });
    expect(fake.callsTo('/v1/order/status')[0]?.url.searchParams.get('clientKey')).toBe(CLIENT_KEY);
    // The card pays what is left.
    expect(screen.getByRole('button', { name: 'Pay €25.00' })).toBeTruthy();
    expect(await axeViolations(host)).toEqual([]);
    await cancelOrder();
    expect(onOrderCancel).toHaveBeenCalledWith({ order: ORDER }, expect.anything());
    expect(checkout.order).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Paid so far' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay €75.00' })).toBeTruthy();
  });

  it('cancels through the session and sets the session up again without the order', async () => {
    fake.route('/v1/sessions/CS1/setup', (body) =>
      sessionSetupResponse({
        id: 'CS1',
        amount: (body as { order?: unknown }).order ? EUR(2500) : EUR(7500),
      }),
    );
    fake.route('/v1/sessions/CS1/orders/cancel', () => ({ sessionData: 'sd-c', resultCode: 'Received' }));
    const { checkout } = await mountDropin({ session: { id: 'CS1', sessionData: 'sd-0' }, order: ORDER });
    expect(fake.callsTo('/v1/sessions/CS1/setup')[0]?.body).toMatchObject({ order: { orderData: 'od-1' } });
    await screen.findByRole('region', { name: 'Paid so far' });
    await cancelOrder();
    expect(fake.callsTo('/v1/sessions/CS1/orders/cancel')[0]?.body).toEqual({
      sessionData: 'session-data-2',
      order: { orderData: 'od-1', pspReference: 'ORDER1' },
    });
    expect(fake.callsTo('/v1/sessions/CS1/setup').at(-1)?.body).not.toHaveProperty('order');
    expect(checkout.amount).toEqual(EUR(7500));
    expect(screen.queryByRole('region', { name: 'Paid so far' })).toBeNull();
  });

  it('reports a failed cancel as a network error in the advanced flow and keeps the order', async () => {
    const onError = vi.fn();
    const { checkout } = await mountDropin({
      amount: EUR(7500),
      order: ORDER,
      paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards' }] },
      onSubmit: vi.fn(),
      onError,
      onOrderCancel: (_data, actions) => actions.reject(new Error('merchant down')),
    });
    await screen.findByRole('region', { name: 'Paid so far' });
    await cancelOrder();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ type: 'NETWORK_ERROR' });
    expect(checkout.order).toEqual(ORDER);
  });
});

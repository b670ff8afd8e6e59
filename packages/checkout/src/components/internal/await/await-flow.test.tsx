import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout, CheckoutOptions } from '../../../core/checkout.ts';
import type { PaymentAction } from '../../../core/types.ts';
import { createCheckout } from '../../../index.ts';
import {
  CLIENT_KEY,
  type FakeFetch,
  GATEWAY_URL,
  installFakeFetch,
  sessionSetupResponse,
} from '../../../test/fake-gateway.ts';
import type { PaymentElement } from '../../base/payment-element.tsx';

const STATUS_PATH = '/services/PaymentInitiation/v1/status';
const COMPLETE = { type: 'complete', resultCode: 'Authorised', payload: 'payload-1' };

let host: HTMLElement;
let fake: FakeFetch;
let shown: PaymentElement | undefined;

// The checkout loads these on demand; loaded once here, the fake clock need not wait for the bundler.
beforeAll(async () => {
  await import('../qr-loader/qr-code-action.tsx');
  await import('./await-action.tsx');
});
beforeEach(() => {
  document.body.replaceChildren();
  host = document.body.appendChild(document.createElement('div'));
  fake = installFakeFetch();
});
afterEach(() => {
  shown?.unmount();
  shown = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const checkoutFor = (options: Partial<CheckoutOptions> = {}) =>
  createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 4990, currency: 'BRL' },
    ...options,
  });

/** Lets the lazy chunk, fetches and renders finish without moving the fake clock. */
async function settle() {
  await act(async () => {
    for (let round = 0; round < 20; round += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

/** Moves the clock second by second, letting each status call finish in between. */
async function passSeconds(seconds: number) {
  for (let second = 0; second < seconds; second += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await settle();
  }
}

async function show(checkout: Checkout, action: PaymentAction) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const element = checkout.createFromAction(action) as unknown as PaymentElement;
  shown = element;
  await act(async () => void element.mount(host));
  await settle();
  return element;
}

const pixAction = (extra: Partial<PaymentAction> = {}): PaymentAction => ({
  type: 'qrCode',
  paymentMethodType: 'pix',
  qrCodeData: '00020126-pix-data',
  paymentData: 'pd-1',
  url: 'http://gateway.test/simulator/PSP1',
  ...extra,
});

describe('waiting for a QR or await payment', () => {
  it('submits the payload once when the status call completes (advanced flow)', async () => {
    const answers = [{ type: 'pending' }, { type: 'pending' }, COMPLETE];
    fake.route(STATUS_PATH, () => answers.shift() ?? COMPLETE);
    const onAdditionalDetails = vi.fn((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Authorised' }),
    );
    const onPaymentCompleted = vi.fn();
    const checkout = await checkoutFor({ onAdditionalDetails, onPaymentCompleted });
    await show(checkout, pixAction());

    await passSeconds(5);
    expect(fake.callsTo(STATUS_PATH)).toHaveLength(2);
    expect(onAdditionalDetails).not.toHaveBeenCalled();
    await passSeconds(1);
    const call = fake.callsTo(STATUS_PATH)[0];
    expect(call?.body).toEqual({ paymentData: 'pd-1' });
    expect(call?.url.searchParams.get('clientKey')).toBe(CLIENT_KEY);
    expect(onAdditionalDetails).toHaveBeenCalledTimes(1);
    expect(onAdditionalDetails.mock.calls[0]?.[0].data).toEqual({ details: { payload: 'payload-1' } });
    expect(onPaymentCompleted).toHaveBeenCalledTimes(1);
    expect(host.textContent).toContain('Payment Successful');

    await passSeconds(20);
    expect(fake.callsTo(STATUS_PATH)).toHaveLength(3);
    expect(onAdditionalDetails).toHaveBeenCalledTimes(1);
  });

  it('keeps polling when a status call fails on the network', async () => {
    let calls = 0;
    fake.route(STATUS_PATH, () => {
      calls += 1;
      if (calls <= 2) throw new TypeError('Failed to fetch');
      return COMPLETE;
    });
    const onAdditionalDetails = vi.fn();
    const onError = vi.fn();
    const checkout = await checkoutFor({ onAdditionalDetails, onError });
    await show(checkout, pixAction());
    await passSeconds(6);
    expect(calls).toBe(3);
    expect(onError).not.toHaveBeenCalled();
    expect(onAdditionalDetails).toHaveBeenCalledTimes(1);
  });

  it('submits the payload through the session’s paymentDetails (sessions flow)', async () => {
    fake.route('/v1/sessions/CS1/setup', () => sessionSetupResponse({ id: 'CS1', sessionData: 'sd-1' }));
    fake.route('/v1/sessions/CS1/paymentDetails', () => ({ resultCode: 'Authorised', sessionData: 'sd-2' }));
    fake.route(STATUS_PATH, () => COMPLETE);
    const onPaymentCompleted = vi.fn();
    const checkout = await checkoutFor({ session: { id: 'CS1', sessionData: 'sd-1' }, onPaymentCompleted });
    await show(checkout, { type: 'await', paymentMethodType: 'mbway', paymentData: 'pd-2' });
    await passSeconds(2);
    expect(fake.callsTo('/v1/sessions/CS1/paymentDetails')[0]?.body).toMatchObject({
      details: { payload: 'payload-1' },
    });
    expect(onPaymentCompleted).toHaveBeenCalledTimes(1);
  });

  it('shows the expired view and tells onError when the countdown runs out', async () => {
    fake.route(STATUS_PATH, () => ({ type: 'pending' }));
    const onError = vi.fn();
    const checkout = await checkoutFor({ onError });
    await show(checkout, pixAction({ expiresAt: new Date(Date.now() + 5_000).toISOString() }));
    expect(host.textContent).toContain('00:05');
    await passSeconds(4);
    expect(host.textContent).toContain('00:01');
    expect(onError).not.toHaveBeenCalled();
    await passSeconds(1);
    expect(host.textContent).toContain('The time to pay has run out');
    expect(host.querySelector('img')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ type: 'ERROR', message: 'Payment Expired' });
    const polled = fake.callsTo(STATUS_PATH).length;
    await passSeconds(10);
    expect(fake.callsTo(STATUS_PATH)).toHaveLength(polled);
  });

  it('shows a refusal, still submits its payload, then tells onError', async () => {
    fake.route(STATUS_PATH, () => ({ type: 'complete', resultCode: 'Refused', payload: 'payload-r' }));
    const onAdditionalDetails = vi.fn((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Refused' }),
    );
    const onError = vi.fn();
    const checkout = await checkoutFor({ onAdditionalDetails, onError });
    await show(checkout, pixAction());
    await passSeconds(2);
    expect(host.textContent).toContain('Payment refused');
    expect(onAdditionalDetails.mock.calls[0]?.[0].data).toEqual({ details: { payload: 'payload-r' } });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reads the time left out on the schedule, not every second', async () => {
    fake.route(STATUS_PATH, () => ({ type: 'pending' }));
    const checkout = await checkoutFor({ onError: vi.fn() });
    const announce = vi.spyOn(checkout.liveRegion, 'announce');
    await show(checkout, pixAction({ expiresAt: new Date(Date.now() + 400_000).toISOString() }));
    for (let step = 0; step < 40; step += 1)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
    expect(announce.mock.calls.map(([message]) => message)).toEqual([
      'Time left to pay: 6 min 40 s',
      'Time left to pay: 6 min',
      'Time left to pay: 5 min',
      'Time left to pay: 4 min',
      'Time left to pay: 3 min',
      'Time left to pay: 2 min',
      'Time left to pay: 1 min',
      'Time left to pay: 30 s',
      'The time to pay has run out',
    ]);
  });

  it('reports a missing paymentData instead of polling', async () => {
    const onError = vi.fn();
    const checkout = await checkoutFor({ onError });
    await show(checkout, { type: 'await', paymentMethodType: 'blik' });
    await passSeconds(4);
    expect(fake.callsTo(STATUS_PATH)).toHaveLength(0);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'Could not check the payment status' });
  });
});

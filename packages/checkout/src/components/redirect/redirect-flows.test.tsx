import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOptions } from '../../core/checkout.ts';
import { createCheckout } from '../../index.ts';
import {
  CLIENT_KEY,
  GATEWAY_URL,
  installFakeFetch,
  sessionSetupResponse,
  tick,
} from '../../test/fake-gateway.ts';
import type { PaymentElement } from '../base/payment-element.tsx';
import { Dropin } from '../dropin/dropin.tsx';
import { Redirect } from './redirect.tsx';

const base: CheckoutOptions = {
  clientKey: CLIENT_KEY,
  environmentUrl: GATEWAY_URL,
  analytics: { enabled: false },
  risk: { enabled: false },
  amount: { value: 1000, currency: 'EUR' },
};

let host: HTMLElement;
let assigned: string[];
beforeEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  host = document.createElement('div');
  document.body.appendChild(host);
  assigned = [];
  vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
    assigned.push(String(url));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function mountAction(action: Record<string, unknown>, options: Record<string, unknown> = {}) {
  const checkout = await createCheckout(base);
  const element = checkout.createFromAction(
    { type: 'redirect', paymentMethodType: 'ideal', ...action } as never,
    options,
  ) as unknown as PaymentElement;
  await act(async () => {
    element.mount(host);
  });
  return element;
}

/** Pretends the checkout runs in a frame: the top window is another object with its own location. */
function insideFrame() {
  const top = { location: { assign: vi.fn() } };
  Object.defineProperty(window, 'top', { configurable: true, get: () => top });
  return top;
}

describe('Redirect action', () => {
  afterEach(() => {
    Object.defineProperty(window, 'top', { configurable: true, get: () => window });
  });

  it('navigates this window for a GET redirect', async () => {
    await mountAction({ method: 'GET', url: 'https://bank.test/pay?id=1' });
    expect(assigned).toEqual(['https://bank.test/pay?id=1']);
    expect(screen.getByRole('status').textContent).toContain('Redirecting');
  });

  it('navigates the top window from inside a frame when redirectFromTopWhenInIframe is set', async () => {
    const top = insideFrame();
    await mountAction({ method: 'GET', url: 'https://bank.test/pay' }, { redirectFromTopWhenInIframe: true });
    expect(top.location.assign).toHaveBeenCalledWith('https://bank.test/pay');
    expect(assigned).toEqual([]);
  });

  it('stays in the frame without the option', async () => {
    const top = insideFrame();
    await mountAction({ method: 'GET', url: 'https://bank.test/pay' });
    expect(top.location.assign).not.toHaveBeenCalled();
    expect(assigned).toEqual(['https://bank.test/pay']);
  });

  it('targets the top window with the POST form from inside a frame', async () => {
    insideFrame();
    const targets: string[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      targets.push(this.target);
    });
    await mountAction(
      { method: 'POST', url: 'https://bank.test/entry', data: { step: 'token' } },
      { redirectFromTopWhenInIframe: true },
    );
    expect(targets).toEqual(['_top']);
  });
});

describe('Redirect as the generic payment method', () => {
  it('continues to the method and follows the redirect action (drop-in, advanced flow)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onSubmit = vi.fn((_state, _element, actions) =>
      actions.resolve({
        resultCode: 'RedirectShopper',
        action: {
          type: 'redirect',
          method: 'GET',
          url: 'https://bank.test/ideal',
          paymentMethodType: 'ideal',
        },
      }),
    );
    const checkout = await createCheckout({
      ...base,
      onSubmit,
      paymentMethodsResponse: {
        paymentMethods: [
          { type: 'ideal', name: 'iDEAL' },
          { type: 'pix', name: 'Pix' },
          { type: 'sandbox_wallet', name: 'Sandbox Wallet' },
        ],
      },
    });
    const dropin = new Dropin(checkout, {});
    expect(dropin.entries.map((entry) => entry.type)).toEqual(['ideal', 'sandbox_wallet']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"pix" has not been configured'));
    await act(async () => {
      dropin.mount(host);
    });
    await act(async () => tick());
    expect(dropin.activeElement).toBeInstanceOf(Redirect);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to iDEAL' })));
    expect(onSubmit.mock.calls[0]?.[0].data).toMatchObject({
      paymentMethod: { type: 'ideal' },
      browserInfo: { userAgent: expect.any(String) },
    });
    await act(async () => tick());
    expect(assigned).toEqual(['https://bank.test/ideal']);
  });
});

describe('Return from a redirect', () => {
  it('submits redirectResult through onAdditionalDetails (advanced flow)', async () => {
    const onAdditionalDetails = vi.fn((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Authorised' }),
    );
    const onPaymentCompleted = vi.fn();
    const checkout = await createCheckout({ ...base, onAdditionalDetails, onPaymentCompleted });
    await checkout.submitDetails({ details: { redirectResult: 'result-1' } });
    expect(onAdditionalDetails.mock.calls[0]?.[0].data).toEqual({ details: { redirectResult: 'result-1' } });
    expect(onPaymentCompleted).toHaveBeenCalledWith(
      expect.objectContaining({ resultCode: 'Authorised' }),
      expect.anything(),
    );
  });

  it('resumes a session from its id only and submits redirectResult (sessions flow)', async () => {
    const fake = installFakeFetch();
    fake.route('/v1/sessions/CS1/setup', () => sessionSetupResponse({ id: 'CS1', sessionData: 'sd-2' }));
    fake.route('/v1/sessions/CS1/paymentDetails', () => ({ resultCode: 'Refused', sessionData: 'sd-3' }));
    // The page before the redirect stored the session's latest data.
    await createCheckout({ ...base, session: { id: 'CS1', sessionData: 'sd-1' } });
    const onPaymentFailed = vi.fn();
    const returned = await createCheckout({ ...base, session: { id: 'CS1' }, onPaymentFailed });
    await returned.submitDetails({ details: { redirectResult: 'result-2' } });
    expect(fake.callsTo('/v1/sessions/CS1/paymentDetails')[0]?.body).toEqual({
      sessionData: 'sd-2',
      details: { redirectResult: 'result-2' },
    });
    expect(onPaymentFailed).toHaveBeenCalledWith(
      expect.objectContaining({ resultCode: 'Refused' }),
      expect.anything(),
    );
  });
});

import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, tick } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { Klarna } from './index.ts';
import type { KlarnaAuthorizeResponse } from './klarna-sdk.ts';

/** A stand-in for Klarna.Payments: the test picks load's and authorize's answers. */
const klarna = vi.hoisted(() => ({
  init: vi.fn(),
  loadAnswer: { show_form: true } as { show_form: boolean; error?: unknown },
  authorizeAnswer: { approved: true, show_form: true, authorization_token: 'KAT' } as KlarnaAuthorizeResponse,
}));

vi.mock('./klarna-sdk.ts', () => ({
  loadKlarnaPayments: async () => ({
    init: klarna.init,
    load: (_options: unknown, callback: (response: unknown) => void) => callback(klarna.loadAnswer),
    authorize: (_options: unknown, callback: (response: KlarnaAuthorizeResponse) => void) =>
      callback(klarna.authorizeAnswer),
  }),
}));

const SDK_ACTION = {
  type: 'sdk',
  paymentMethodType: 'klarna',
  paymentData: 'PD',
  sdkData: { client_token: 'CT', payment_method_category: 'pay_later' },
};

beforeEach(() => {
  installFakeFetch();
  klarna.loadAnswer = { show_form: true };
  klarna.authorizeAnswer = { approved: true, show_form: true, authorization_token: 'KAT' };
});
afterEach(() => vi.unstubAllGlobals());

async function mountWidget() {
  const onAdditionalDetails = vi.fn();
  const onError = vi.fn();
  const mounted = await mountElement(
    (checkout) => new Klarna(checkout, { type: 'klarna', useKlarnaWidget: true }),
    {
      amount: { value: 4500, currency: 'EUR' },
      countryCode: 'DE',
      answer: { resultCode: 'Pending', action: SDK_ACTION },
      onAdditionalDetails,
      onError,
    },
  );
  await act(async () => screen.getByRole('button', { name: 'Continue to Klarna' }).click());
  await act(async () => tick());
  return { ...mounted, onAdditionalDetails, onError };
}

describe('Klarna widget (useKlarnaWidget)', () => {
  it('is off by default: the payment asks for the redirect flow', async () => {
    const { element } = await mountElement((checkout) => new Klarna(checkout, { type: 'klarna' }));
    expect(element.data.paymentMethod).toEqual({ type: 'klarna' });
  });

  it('asks for the widget, starts it with the client token and sends the authorization token', async () => {
    const { submitted, onAdditionalDetails } = await mountWidget();
    expect(submitted[0]!.paymentMethod).toEqual({ type: 'klarna', subtype: 'sdk' });
    expect(klarna.init).toHaveBeenCalledWith({ client_token: 'CT' });
    await act(async () => screen.getByRole('button', { name: /^Pay / }).click());
    expect(onAdditionalDetails.mock.calls[0]![0].data).toEqual({
      details: { authorization_token: 'KAT' },
      paymentData: 'PD',
    });
  });

  it('goes back to ready with an error when not approved but the form stays', async () => {
    klarna.authorizeAnswer = { approved: false, show_form: true };
    const { onAdditionalDetails, onError } = await mountWidget();
    await act(async () => screen.getByRole('button', { name: /^Pay / }).click());
    expect(onAdditionalDetails).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeTruthy();
  });

  it('completes with empty details when declined or not offered', async () => {
    klarna.authorizeAnswer = { approved: false, show_form: false };
    const declined = await mountWidget();
    await act(async () => screen.getByRole('button', { name: /^Pay / }).click());
    expect(declined.onAdditionalDetails.mock.calls[0]![0].data).toEqual({ details: {}, paymentData: 'PD' });

    klarna.loadAnswer = { show_form: false };
    const notOffered = await mountWidget();
    expect(notOffered.onAdditionalDetails.mock.calls[0]![0].data).toEqual({ details: {}, paymentData: 'PD' });
  });
});

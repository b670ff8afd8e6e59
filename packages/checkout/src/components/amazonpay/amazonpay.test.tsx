import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { type FakeFetch, installFakeFetch, tick } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import type { AmazonPaySdk } from './amazon-sdk.ts';
import {
  AMAZONPAY_SCRIPT_EU,
  AMAZONPAY_SCRIPT_US,
  chargeAmount,
  checkoutLanguage,
  checkoutPayload,
  scriptUrlFor,
} from './config.ts';
import { AmazonPay, type AmazonPayOptions } from './index.ts';

const CONFIGURATION = {
  merchantId: 'A123',
  publicKeyId: 'SANDBOX-KEY',
  region: 'EU' as const,
  storeId: 'store-1',
};

let gateway: FakeFetch;
let sdk: { [K in keyof AmazonPaySdk]: ReturnType<typeof vi.fn> };
let buttonClick: (() => void) | undefined;

beforeEach(() => {
  gateway = installFakeFetch();
  gateway.route('/v1/AmazonPayUtility/signString', () => ({ signature: 'SIGNED' }));
  buttonClick = undefined;
  sdk = {
    renderButton: vi.fn(() => ({
      onClick: (handler: () => void) => {
        buttonClick = handler;
      },
    })),
    initCheckout: vi.fn(),
    bindChangeAction: vi.fn(),
    signout: vi.fn(),
  };
  vi.stubGlobal('amazon', { Pay: sdk });
});
afterEach(() => vi.unstubAllGlobals());

async function setup(
  options: AmazonPayOptions = {},
  onError = vi.fn(),
  answer?: { resultCode: 'Authorised' },
) {
  const mounted = await mountElement(
    (checkout) => new AmazonPay(checkout, { configuration: CONFIGURATION, ...options }),
    {
      amount: { value: 1050, currency: 'EUR' },
      onError,
      ...(answer ? { answer } : {}),
    },
  );
  await act(() => tick());
  return { ...mounted, onError };
}

describe('Amazon Pay constants and payload', () => {
  it('picks the script host and language per region', () => {
    expect(scriptUrlFor('US')).toBe(AMAZONPAY_SCRIPT_US);
    expect(scriptUrlFor('UK')).toBe(AMAZONPAY_SCRIPT_EU);
    expect(checkoutLanguage('de-DE', 'EU')).toBe('de_DE');
    expect(checkoutLanguage('nl-NL', 'UK')).toBe('en_GB');
    expect(checkoutLanguage('de-DE', 'US')).toBe('en_US');
  });

  it('builds the review payload, and the ProcessOrder one with the charge', () => {
    expect(chargeAmount({ value: 1050, currency: 'EUR' })).toEqual({ amount: '10.5', currencyCode: 'EUR' });
    expect(checkoutPayload({ configuration: CONFIGURATION, returnUrl: 'https://shop/r' }, undefined)).toEqual(
      {
        storeId: 'store-1',
        webCheckoutDetails: { checkoutReviewReturnUrl: 'https://shop/r' },
      },
    );
    const payNow = checkoutPayload(
      { configuration: CONFIGURATION, returnUrl: 'https://shop/r', checkoutMode: 'ProcessOrder' },
      { value: 1000, currency: 'GBP' },
    );
    expect(payNow.webCheckoutDetails).toEqual({
      checkoutResultReturnUrl: 'https://shop/r',
      checkoutMode: 'ProcessOrder',
    });
    expect(payNow.paymentDetails).toMatchObject({ paymentIntent: 'Confirm', presentmentCurrency: 'GBP' });
  });
});

describe('Amazon Pay button', () => {
  it('signs the payload, renders Amazon’s button and starts the checkout with the signature', async () => {
    const { host } = await setup();
    const body = gateway.callsTo('/v1/AmazonPayUtility/signString')[0]?.body;
    const payload = JSON.parse((body as { stringToSign: string }).stringToSign);
    expect(payload).toMatchObject({
      storeId: 'store-1',
      webCheckoutDetails: { checkoutReviewReturnUrl: expect.any(String) },
    });
    expect(sdk.renderButton).toHaveBeenCalledWith(
      expect.stringMatching(/^#actuate-amazonpay-button-/),
      expect.objectContaining({
        merchantId: 'A123',
        ledgerCurrency: 'EUR',
        checkoutLanguage: 'en_GB',
        productType: 'PayAndShip',
        placement: 'Cart',
        sandbox: true,
      }),
    );
    await act(async () => buttonClick?.());
    expect(sdk.initCheckout).toHaveBeenCalledWith(
      expect.objectContaining({
        createCheckoutSessionConfig: {
          payloadJSON: JSON.stringify(payload),
          signature: 'SIGNED',
          publicKeyId: 'SANDBOX-KEY',
        },
      }),
    );
    expect(await axeViolations(host)).toEqual([]);
  });

  it('lets the merchant’s onClick stop the checkout', async () => {
    const onClick = vi.fn((_resolve: () => void, reject: (reason?: unknown) => void) => reject('not now'));
    const { onError } = await setup({ onClick });
    await act(async () => buttonClick?.());
    await act(() => tick());
    expect(sdk.initCheckout).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalled();
  });

  it('reports "Could not get AmazonPay signature" when the gateway signs nothing', async () => {
    gateway.route('/v1/AmazonPayUtility/signString', () => ({}));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onError } = await setup();
    expect(logged).toHaveBeenCalledWith('Could not get AmazonPay signature');
    expect(onError.mock.calls[0]?.[0].message).toBe('Could not get AmazonPay signature');
    expect(sdk.renderButton).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('shows a spinner while Amazon’s script loads and reports a script that fails', async () => {
    vi.stubGlobal('amazon', undefined);
    expect(scriptUrlFor('US')).toBe(AMAZONPAY_SCRIPT_US);
    const { onError } = await setup({ configuration: { ...CONFIGURATION, region: 'US' } });
    expect(screen.getByRole('status').textContent).toContain('Loading Amazon Pay');
    // jsdom loads no script: the failure reaches onError.
    await act(() => tick(10));
    const error = onError.mock.calls[0]?.[0];
    expect(error?.type).toBe('SCRIPT_ERROR');
  });
});

describe('Amazon Pay order confirmation', () => {
  it('confirms the purchase through updateCheckoutSession and binds the change action', async () => {
    gateway.route('/v1/AmazonPayUtility/updateCheckoutSession', () => ({
      action: { type: 'redirect', url: 'about:blank' },
    }));
    const { host } = await setup({
      amazonCheckoutSessionId: 'S-1',
      showChangePaymentDetailsButton: true,
      returnUrl: 'https://shop/result',
    });
    expect(sdk.bindChangeAction).toHaveBeenCalledWith(expect.stringMatching(/^\.actuate-amazonpay-change-/), {
      amazonCheckoutSessionId: 'S-1',
      changeAction: 'changeAddress',
    });
    expect(screen.getByRole('button', { name: 'Change payment details' })).toBeTruthy();
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' })));
    expect(gateway.callsTo('/v1/AmazonPayUtility/updateCheckoutSession')[0]?.body).toEqual({
      amount: { value: 1050, currency: 'EUR' },
      checkoutResultReturnUrl: 'https://shop/result',
      checkoutSessionId: 'S-1',
      publicKeyId: 'SANDBOX-KEY',
      region: 'EU',
    });
  });

  it('reports the errorMessage, else "Could not get the AmazonPay URL"', async () => {
    gateway.route('/v1/AmazonPayUtility/updateCheckoutSession', () => ({}));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onError } = await setup({ amazonCheckoutSessionId: 'S-1' });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' })));
    await act(() => tick());
    expect(onError.mock.calls[0]?.[0].message).toBe('Could not get the AmazonPay URL');
    logged.mockRestore();
  });

  it('pays with the session id once back from Amazon (no order button)', async () => {
    const { element, submitted } = await setup(
      { amazonCheckoutSessionId: 'S-2', showOrderButton: false },
      vi.fn(),
      {
        resultCode: 'Authorised',
      },
    );
    expect(screen.queryByRole('button', { name: 'Confirm purchase' })).toBeNull();
    await act(() => element.submit());
    expect(submitted[0]).toMatchObject({ paymentMethod: { type: 'amazonpay', checkoutSessionId: 'S-2' } });
  });

  it('hands a failed decline-flow lookup to onError', async () => {
    const { element, onError } = await setup({ amazonCheckoutSessionId: 'S-3', showOrderButton: false });
    element.handleDeclineFlow();
    await act(() => tick(10));
    expect(gateway.callsTo('/v1/AmazonPayUtility/getCheckoutDetails')[0]?.body).toMatchObject({
      checkoutSessionId: 'S-3',
      getDeclineFlowUrl: true,
    });
    expect(onError).toHaveBeenCalled();
  });
});

describe('Amazon Pay sign-out', () => {
  it('signs out once the merchant’s onSignOut resolves', async () => {
    const onSignOut = vi.fn((resolve: () => void) => resolve());
    const { host } = await setup({ showSignOutButton: true, onSignOut });
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign out from Amazon' })));
    expect(sdk.signout).toHaveBeenCalled();
  });
});

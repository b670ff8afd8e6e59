import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutError } from '../../core/errors.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { GooglePay } from './index.ts';
import type { WalletPaymentData, WalletPaymentDataCallbacks } from './wallet-api.ts';

const AMOUNT = { value: 1000, currency: 'EUR' };
const ENTRY = {
  type: 'googlepay',
  brands: ['visa', 'mc'],
  configuration: { merchantId: 'm1', gatewayMerchantId: 'ActuateStore' },
};
const PAYMENT_DATA: WalletPaymentData = {
  paymentMethodData: {
    type: 'CARD',
    info: {
      cardNetwork: 'VISA',
      billingAddress: { address1: 'Main 1', locality: 'Utrecht', postalCode: '3511', countryCode: 'NL' },
    },
    tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"sealed":true}' },
  },
  shippingAddress: {
    name: 'Jan Jansen',
    address1: 'Dam 1',
    locality: 'Amsterdam',
    postalCode: '1012',
    countryCode: 'NL',
  },
};

/** A stand-in wallet script: records the client's callbacks; `sheet` decides what loadPaymentData does. */
function installWallet(
  options: { ready?: boolean; sheet?: (callbacks: WalletPaymentDataCallbacks) => Promise<unknown> } = {},
) {
  const created: { environment: string; callbacks: WalletPaymentDataCallbacks }[] = [];
  class PaymentsClient {
    constructor(init: { environment: string; paymentDataCallbacks: WalletPaymentDataCallbacks }) {
      created.push({ environment: init.environment, callbacks: init.paymentDataCallbacks });
    }
    isReadyToPay = vi.fn(async () => ({ result: options.ready ?? true }));
    prefetchPaymentData = vi.fn();
    loadPaymentData = vi.fn(async () => options.sheet?.(created[0]!.callbacks));
    createButton(button: { onClick(): void; buttonSizeMode: string }) {
      const element = document.createElement('button');
      element.textContent = `Buy with G Pay (${button.buttonSizeMode})`;
      element.addEventListener('click', button.onClick);
      return element;
    }
  }
  vi.stubGlobal('google', { payments: { api: { PaymentsClient } } });
  return created;
}

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('GooglePay', () => {
  it('renders the wallet button once available, in TEST for a test key', async () => {
    const created = installWallet();
    await mountElement((checkout) => new GooglePay(checkout, ENTRY), { amount: AMOUNT });
    expect(await screen.findByRole('button', { name: 'Buy with G Pay (static)' })).toBeTruthy();
    expect(created[0]?.environment).toBe('TEST');
  });

  it('is not available when the wallet says no, and shows no button', async () => {
    installWallet({ ready: false });
    const { element } = await mountElement((checkout) => new GooglePay(checkout, ENTRY), { amount: AMOUNT });
    await expect(element.isAvailable()).rejects.toThrow('GooglePay is not available');
    expect(await screen.findByText(/Google Pay is not available in this browser/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refuses express callbacks without isExpress', async () => {
    installWallet();
    await expect(
      mountElement(
        (checkout) =>
          new GooglePay(checkout, { ...ENTRY, paymentDataCallbacks: { onPaymentDataChanged: () => ({}) } }),
      ),
    ).rejects.toMatchObject({ type: 'IMPLEMENTATION_ERROR' });
  });

  it('pays from the sheet: token, network, express subtype and mapped addresses; answers SUCCESS', async () => {
    let answer: unknown;
    installWallet({
      sheet: async (callbacks) => {
        answer = await callbacks.onPaymentAuthorized(PAYMENT_DATA);
        return PAYMENT_DATA;
      },
    });
    const { element, submitted } = await mountElement(
      (checkout) => new GooglePay(checkout, { ...ENTRY, isExpress: true }),
      { amount: AMOUNT, answer: { resultCode: 'Authorised' } },
    );
    expect(element.isValid).toBe(false);
    await act(() => element.submit());
    expect(answer).toEqual({ transactionState: 'SUCCESS' });
    expect(submitted[0]).toMatchObject({
      paymentMethod: {
        type: 'googlepay',
        googlePayCardNetwork: 'VISA',
        googlePayToken: '{"sealed":true}',
        subtype: 'express',
      },
      billingAddress: { street: 'Main 1', houseNumberOrName: 'ZZ', city: 'Utrecht', country: 'NL' },
      deliveryAddress: { street: 'Dam 1', firstName: 'Jan', lastName: 'Jansen' },
      origin: window.location.origin,
    });
  });

  it('answers the sheet with an ERROR when the payment is refused', async () => {
    let answer: unknown;
    installWallet({
      sheet: async (callbacks) => {
        answer = await callbacks.onPaymentAuthorized(PAYMENT_DATA);
      },
    });
    const onPaymentFailed = vi.fn();
    const { element } = await mountElement((checkout) => new GooglePay(checkout, ENTRY), {
      amount: AMOUNT,
      answer: { resultCode: 'Refused' },
      onPaymentFailed,
    });
    await act(() => element.submit());
    expect(answer).toMatchObject({
      transactionState: 'ERROR',
      error: { intent: 'PAYMENT_AUTHORIZATION', reason: 'OTHER_ERROR' },
    });
    expect(onPaymentFailed).toHaveBeenCalled();
  });

  it('passes the merchant onAuthorized rejection to the sheet', async () => {
    let answer: unknown;
    installWallet({
      sheet: async (callbacks) => {
        answer = await callbacks.onPaymentAuthorized(PAYMENT_DATA);
      },
    });
    const { element, submitted } = await mountElement(
      (checkout) =>
        new GooglePay(checkout, {
          ...ENTRY,
          onAuthorized: (_data, actions) =>
            actions.reject({ reason: 'SHIPPING_ADDRESS_UNSERVICEABLE', message: 'No delivery there' }),
        }),
      { amount: AMOUNT },
    );
    await act(() => element.submit());
    expect(answer).toEqual({
      transactionState: 'ERROR',
      error: {
        intent: 'PAYMENT_AUTHORIZATION',
        reason: 'SHIPPING_ADDRESS_UNSERVICEABLE',
        message: 'No delivery there',
      },
    });
    expect(submitted).toEqual([]);
  });

  it('reports a closed sheet as CANCEL and other failures as ERROR', async () => {
    const failures = [{ statusCode: 'CANCELED' }, { statusCode: 'DEVELOPER_ERROR' }];
    installWallet({ sheet: async () => Promise.reject(failures.shift()) });
    const onError = vi.fn();
    const { element } = await mountElement((checkout) => new GooglePay(checkout, ENTRY), {
      amount: AMOUNT,
      onError,
    });
    await act(() => element.submit());
    await act(() => element.submit());
    expect(onError.mock.calls.map(([error]) => (error as CheckoutError).type)).toEqual(['CANCEL', 'ERROR']);
  });

  it('does not open the sheet when the merchant onClick rejects', async () => {
    const sheet = vi.fn(async () => undefined);
    installWallet({ sheet });
    const { element } = await mountElement(
      (checkout) => new GooglePay(checkout, { ...ENTRY, onClick: (_resolve, reject) => reject() }),
      { amount: AMOUNT },
    );
    await act(() => element.submit());
    expect(sheet).not.toHaveBeenCalled();
  });
});

import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '../../core/checkout.ts';
import type { CheckoutError } from '../../core/errors.ts';
import { installFakeFetch, tick } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { PAYPAL_ERRORS, PayPal, type PayPalOptions } from './index.ts';

type Options = Record<string, (...args: unknown[]) => unknown> & { style?: unknown; fundingSource: string };

/** A stand-in for the PayPal JS SDK: records each button's options, eligible for `eligible` only. */
function installSdk(eligible = ['paypal', 'paylater']) {
  const buttons: Record<string, Options> = {};
  vi.stubGlobal('paypal', {
    FUNDING: { PAYPAL: 'paypal', CREDIT: 'credit', PAYLATER: 'paylater', VENMO: 'venmo' },
    Buttons: (options: Options) => ({
      isEligible: () => eligible.includes(options.fundingSource),
      render: async (container: HTMLElement) => {
        buttons[options.fundingSource] = options;
        container.append(
          Object.assign(document.createElement('button'), { textContent: options.fundingSource }),
        );
      },
    }),
  });
  return buttons;
}

const SDK_ACTION = {
  type: 'sdk',
  paymentMethodType: 'paypal',
  sdkData: { token: 'ORDER-1' },
  paymentData: 'PD',
};

async function mountPayPal(options: PayPalOptions = {}, extra: Parameters<typeof mountElement>[1] = {}) {
  const onError = vi.fn<(error: CheckoutError) => void>();
  const onAdditionalDetails = vi.fn();
  let loaded = '';
  const mounted = await mountElement(
    (checkout: Checkout) => {
      vi.spyOn(checkout, 'loadScript').mockImplementation(async (src) => {
        loaded = src;
      });
      return new PayPal(checkout, options);
    },
    { amount: { value: 1000, currency: 'EUR' }, onError, onAdditionalDetails, ...extra },
  );
  await act(async () => tick());
  return { ...mounted, onError, onAdditionalDetails, loaded: () => loaded };
}

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('PayPal component', () => {
  it('renders one button per eligible, unblocked funding source, 50 px high', async () => {
    const buttons = installSdk(['paypal', 'credit', 'paylater', 'venmo']);
    const { host, loaded } = await mountPayPal({ blockPayPalVenmoButton: true, style: { color: 'blue' } });
    expect(Object.keys(buttons).sort()).toEqual(['credit', 'paylater', 'paypal']);
    expect(buttons.paypal?.style).toEqual({ height: 50, color: 'blue' });
    expect(buttons.credit?.style).toEqual({ height: 50 });
    expect(host.querySelectorAll('button')).toHaveLength(3);
    expect(loaded()).toMatch(/^https:\/\/www\.paypal\.com\/sdk\/js\?.*currency=EUR&commit=true&vault=false/);
  });

  it('pays: createOrder resolves with the sdk action’s token, onApprove sends the details with paymentData', async () => {
    const buttons = installSdk();
    const { submitted, onAdditionalDetails } = await mountPayPal(
      {},
      { answer: { resultCode: 'Pending', action: SDK_ACTION } },
    );
    const orderId = await act(async () => buttons.paypal?.createOrder?.());
    expect(orderId).toBe('ORDER-1');
    expect(submitted[0]?.paymentMethod).toMatchObject({ type: 'paypal', subtype: 'sdk', userAction: 'pay' });
    await act(async () => {
      buttons.paypal?.onApprove?.({ orderID: 'ORDER-1', payerID: 'P1', nothing: null });
    });
    expect(onAdditionalDetails.mock.calls[0]?.[0]).toEqual({
      data: { details: { orderID: 'ORDER-1', payerID: 'P1' }, paymentData: 'PD' },
    });
  });

  it('rejects createOrder without a token, or with another method’s action', async () => {
    const buttons = installSdk();
    const { onSubmit } = await mountPayPal();
    onSubmit.mockImplementationOnce((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Pending', action: { ...SDK_ACTION, sdkData: {} } }),
    );
    await expect(buttons.paypal?.createOrder?.()).rejects.toThrow(PAYPAL_ERRORS.noToken);
    onSubmit.mockImplementationOnce((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Pending', action: { ...SDK_ACTION, paymentMethodType: 'venmo' } }),
    );
    await expect(buttons.paypal?.createOrder?.()).rejects.toThrow();
  });

  it('reports submit() as not supported, a cancel as CANCEL, an action nobody waits for as another instance', async () => {
    const buttons = installSdk();
    const { element, onError } = await mountPayPal();
    await element.submit();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      type: 'IMPLEMENTATION_ERROR',
      message: PAYPAL_ERRORS.submitNotSupported,
    });
    act(() => void buttons.paypal?.onCancel?.({ orderID: 'ORDER-1' }));
    expect(onError.mock.calls[1]?.[0]?.type).toBe('CANCEL');
    element.handleAction(SDK_ACTION);
    expect(onError.mock.calls[2]?.[0]?.message).toBe(PAYPAL_ERRORS.wrongInstance);
  });

  it('tokenises at amount 0: intent tokenize, vault, createBillingAgreement, storePaymentMethod', async () => {
    const buttons = installSdk();
    const { loaded, element } = await mountPayPal({}, { amount: { value: 0, currency: 'EUR' } });
    expect(loaded()).toContain('intent=tokenize&commit=true&vault=true');
    expect(buttons.paypal?.createBillingAgreement).toBeTypeOf('function');
    expect(buttons.paypal?.createOrder).toBeUndefined();
    expect(element.data).toMatchObject({ storePaymentMethod: true });
  });
});

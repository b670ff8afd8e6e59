import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutError } from '../../core/errors.ts';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch, tick } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import type { CashAppPayEvent } from './cashapp-sdk.ts';
import { CashAppPay } from './index.ts';

/** A stand-in Pay Kit: records calls, renders a button, lets the test fire Cash App's events. */
const kit = vi.hoisted(() => {
  const listeners = new Map<string, (data: unknown) => void>();
  return {
    listeners,
    customerRequest: vi.fn(async (_request: unknown) => {}),
    begin: vi.fn(),
    restart: vi.fn(async () => {}),
    render: vi.fn(async (target: HTMLElement) => {
      const button = document.createElement('button');
      button.textContent = 'Cash App Pay';
      target.append(button);
      return { begin: kit.begin };
    }),
  };
});

vi.mock('./cashapp-sdk.ts', () => ({
  startPayKit: async () => ({
    render: kit.render,
    customerRequest: kit.customerRequest,
    restart: kit.restart,
    addEventListener: (event: string, callback: (data: unknown) => void) =>
      kit.listeners.set(event, callback),
    removeEventListener: (event: string) => kit.listeners.delete(event),
  }),
}));

const fire = (event: CashAppPayEvent, data?: unknown) => act(async () => kit.listeners.get(event)?.(data));

beforeEach(() => {
  installFakeFetch();
  kit.listeners.clear();
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

const USD = { amount: { value: 1500, currency: 'USD' }, countryCode: 'US' };

async function mountCashApp(options: ConstructorParameters<typeof CashAppPay>[1] = {}) {
  const onError = vi.fn<(error: CheckoutError) => void>();
  const mounted = await mountElement(
    (checkout) =>
      new CashAppPay(checkout, { configuration: { clientId: 'CAS-CI_x', scopeId: 'BRAND_x' }, ...options }),
    { ...USD, onError },
  );
  await act(async () => tick());
  return { ...mounted, onError };
}

describe('Cash App Pay', () => {
  it('renders the kit button, asks for the payment on click and pays with the approved grants', async () => {
    const { host, submitted } = await mountCashApp();
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'Cash App Pay' }).click());
    expect(kit.customerRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        actions: { payment: { amount: { value: 1500, currency: 'USD' }, scopeId: 'BRAND_x' } },
      }),
    );
    expect(kit.begin).toHaveBeenCalledOnce();
    await fire('CUSTOMER_REQUEST_APPROVED', {
      customerProfile: { id: 'CST_1', cashtag: '$a' },
      grants: { payment: { grantId: 'GRG_1' } },
    });
    expect(submitted[0]!.paymentMethod).toEqual({ type: 'cashapp', grantId: 'GRG_1', customerId: 'CST_1' });
    expect(submitted[0]).not.toHaveProperty('storePaymentMethod');
  });

  it('asks for an on-file grant when the shopper ticks the box, and sends storePaymentMethod', async () => {
    const { submitted } = await mountCashApp({ enableStoreDetails: true });
    await act(async () => screen.getByLabelText('Save Cash App Pay for my next payment').click());
    await act(async () => screen.getByRole('button', { name: 'Cash App Pay' }).click());
    expect(kit.customerRequest.mock.calls[0]![0]).toMatchObject({
      actions: { onFile: { scopeId: 'BRAND_x' } },
    });
    await fire('CUSTOMER_REQUEST_APPROVED', {
      customerProfile: { id: 'CST_1', cashtag: '$a' },
      grants: { payment: { grantId: 'GRG_1' }, onFile: { grantId: 'GRG_2' } },
    });
    expect(submitted[0]).toMatchObject({
      paymentMethod: { type: 'cashapp', grantId: 'GRG_1', onFileGrantId: 'GRG_2', cashtag: '$a' },
      storePaymentMethod: true,
    });
  });

  it('reports dismissal as CANCEL, a decline as ERROR with a new button, and a failed request', async () => {
    const { onError } = await mountCashApp();
    await fire('CUSTOMER_DISMISSED');
    expect(onError.mock.calls[0]![0]).toMatchObject({
      type: 'CANCEL',
      message: 'Customer dismissed the modal',
    });
    await fire('CUSTOMER_REQUEST_DECLINED');
    await act(async () => tick());
    expect(onError.mock.calls[1]![0]).toMatchObject({
      type: 'ERROR',
      message: 'Payment declined by CashAppPay',
    });
    expect(kit.restart).toHaveBeenCalled();
    expect(kit.render).toHaveBeenCalledTimes(2);
    await fire('CUSTOMER_REQUEST_FAILED');
    expect(onError.mock.calls[2]![0]).toMatchObject({ type: 'ERROR', message: 'Customer request failed' });
  });

  it('ignores a merchant click rejection and reports a failed customer request', async () => {
    const { onError } = await mountCashApp({ onClick: (actions) => actions.reject() });
    await act(async () => screen.getByRole('button', { name: 'Cash App Pay' }).click());
    expect(kit.customerRequest).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();

    const second = await mountCashApp();
    kit.customerRequest.mockRejectedValueOnce(new Error('no'));
    await act(async () => screen.getByRole('button', { name: 'Cash App Pay' }).click());
    expect(second.onError.mock.calls[0]![0].message).toBe(
      'Something went wrong during customerRequest creation',
    );
  });

  it('pays a stored account with its pay button alone', async () => {
    const { submitted } = await mountCashApp({ storedPaymentMethodId: 'stored-1', cashtag: '$a' });
    expect(screen.getByText('Pay with your saved Cash App account $a')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: /^Pay / }).click());
    expect(submitted[0]!.paymentMethod).toEqual({ type: 'cashapp', storedPaymentMethodId: 'stored-1' });
    expect(kit.render).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOptions } from '../../core/checkout.ts';
import type { BalanceCheckResponse, Order } from '../../core/types.ts';
import { axeViolations } from '../../test/axe.ts';
import {
  type FakeFetch,
  type FakeFrames,
  installFakeFetch,
  installFakeFrames,
  sessionSetupResponse,
} from '../../test/fake-gateway.ts';
import { type MountOptions, mountElement } from '../../test/mount.ts';
import { MealVoucherFR } from '../meal-voucher/index.ts';
import { Giftcard } from './index.ts';

let frames: FakeFrames;
let fake: FakeFetch;
const EUR = (value: number) => ({ value, currency: 'EUR' });
const ORDER: Order = { orderData: 'order-data', pspReference: 'ORDER1', remainingAmount: EUR(7500) };

beforeEach(() => {
  frames = installFakeFrames();
  fake = installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

/** A givex card in the advanced flow; the merchant's balance check answers `balance`. */
async function setup(balance: BalanceCheckResponse | Error, options: MountOptions = {}) {
  const onBalanceCheck = vi.fn<NonNullable<CheckoutOptions['onBalanceCheck']>>((resolve, reject) =>
    balance instanceof Error ? reject(balance) : resolve(balance),
  );
  const onError = vi.fn();
  const mounted = await mountElement(
    (checkout) => new Giftcard(checkout, { type: 'giftcard', name: 'Givex', brand: 'givex' }),
    { amount: EUR(7500), countryCode: 'NL', onBalanceCheck, onError, ...options },
  );
  await act(async () => frames.configureAll());
  return { ...mounted, onBalanceCheck, onError };
}

const fill = () =>
  act(async () => {
    frames.encrypt('encryptedCardNumber');
    frames.encrypt('encryptedSecurityCode');
  });
const click = (name: RegExp | string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('Giftcard', () => {
  it('asks for number and PIN in gift-card frames, without brand detection', async () => {
    await setup({ balance: EUR(5000) });
    const configs = frames
      .all()
      .map((iframe) => frames.received(iframe).find((message) => message.action === 'config'));
    expect(configs.map((config) => config && 'fieldType' in config && config.fieldType)).toEqual([
      'encryptedCardNumber',
      'encryptedSecurityCode',
    ]);
    expect(
      configs.every((config) => config && 'txVariant' in config && config.txVariant === 'giftcard'),
    ).toBe(true);
    expect(frames.all()[0]?.src).toContain('type=giftcard');
    expect(screen.getByText('Givex')).toBeTruthy();
  });

  it('shows the validation errors in gift-card words and checks nothing', async () => {
    const { onBalanceCheck } = await setup({ balance: EUR(5000) });
    await click('Apply gift card');
    expect(screen.getByText('Enter the card number')).toBeTruthy();
    expect(screen.getByText('Enter the PIN')).toBeTruthy();
    expect(onBalanceCheck).not.toHaveBeenCalled();
  });

  it('shows the balance, the part it pays and what is left, then opens an order and pays', async () => {
    const onOrderRequest = vi.fn<NonNullable<CheckoutOptions['onOrderRequest']>>((resolve) => resolve(ORDER));
    const onOrderUpdated = vi.fn();
    const { element, submitted, onBalanceCheck, checkout } = await setup(
      { balance: EUR(5000) },
      {
        onOrderRequest,
        onOrderUpdated,
        answer: {
          resultCode: 'Authorised',
          order: { ...ORDER, remainingAmount: EUR(2500), amount: EUR(7500) },
        },
      },
    );
    await fill();
    await click('Apply gift card');
    expect(onBalanceCheck.mock.calls[0]?.[2]).toMatchObject({
      paymentMethod: {
        type: 'giftcard',
        brand: 'givex',
        encryptedCardNumber: 'jwe-encryptedCardNumber',
        encryptedSecurityCode: 'jwe-encryptedSecurityCode',
      },
      amount: EUR(7500),
    });
    const balance = document.querySelector('dl') as HTMLElement;
    expect(balance.textContent).toContain('Balance€50.00');
    expect(balance.textContent).toContain('Balance left after this payment€0.00');
    expect(balance.textContent).toContain('Left to pay with another method€25.00');
    await click('Pay €50.00');
    expect(onOrderRequest).toHaveBeenCalledTimes(1);
    expect(submitted[0]?.order).toEqual({ orderData: 'order-data', pspReference: 'ORDER1' });
    expect(onOrderUpdated).toHaveBeenCalledWith({
      order: expect.objectContaining({ remainingAmount: EUR(2500) }),
    });
    expect(checkout.order?.remainingAmount).toEqual(EUR(2500));
    // The form is empty again for another card.
    expect(screen.getByRole('button', { name: 'Apply gift card' })).toBeTruthy();
    expect(element.isValid).toBe(false);
  });

  it('pays at once with an open order and does not open another', async () => {
    const onOrderRequest = vi.fn();
    const { submitted } = await setup(
      { balance: EUR(5000) },
      {
        onOrderRequest,
        order: { ...ORDER, remainingAmount: EUR(2500) },
        answer: { resultCode: 'Authorised' },
      },
    );
    await fill();
    await click('Apply gift card');
    expect(screen.getByText('€25.00')).toBeTruthy();
    await click('Pay €25.00');
    expect(onOrderRequest).not.toHaveBeenCalled();
    expect(submitted[0]?.order?.pspReference).toBe('ORDER1');
  });

  it('caps what it pays at the transaction limit', async () => {
    const onOrderRequest = vi.fn<NonNullable<CheckoutOptions['onOrderRequest']>>((resolve) => resolve(ORDER));
    await setup({ balance: EUR(100000), transactionLimit: EUR(2000) }, { onOrderRequest });
    await fill();
    await click('Apply gift card');
    expect(screen.getByText('Maximum per payment')).toBeTruthy();
    await click('Pay €20.00');
    expect(onOrderRequest).toHaveBeenCalledTimes(1);
  });

  it('asks the merchant to confirm when the card covers everything', async () => {
    let confirm: (() => void) | undefined;
    const onRequiringConfirmation = vi.fn<NonNullable<CheckoutOptions['onRequiringConfirmation']>>(
      (_element, actions) => {
        confirm = actions.resolve;
      },
    );
    const { onSubmit } = await setup({ balance: EUR(500000) }, { onRequiringConfirmation });
    await fill();
    await act(async () => {
      void screen.getByRole('button', { name: 'Apply gift card' }).click();
    });
    expect(screen.getByText('Balance left after this payment')).toBeTruthy();
    await act(async () => {
      screen.getByRole('button', { name: 'Pay €75.00' }).click();
    });
    expect(onRequiringConfirmation).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => confirm?.());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{}, 'card-error', 'We could not find a card with these details'],
    [
      { balance: { value: 5000, currency: 'USD' } },
      'currency-error',
      'This card is in another currency than the payment',
    ],
    [{ balance: EUR(0) }, 'no-balance', 'This card has no balance left'],
    [new Error('down'), 'ready', 'An unknown error occurred'],
  ] as const)('reports a balance it cannot use (%#: %s)', async (answer, status, text) => {
    const { element, onError } = await setup(answer as BalanceCheckResponse | Error);
    await fill();
    await click('Apply gift card');
    expect(element.view.get().status).toBe(status);
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('runs the whole flow through the session: balance, order, setup with the order, payment', async () => {
    fake.route('/v1/sessions/CS1/setup', (body) =>
      sessionSetupResponse({
        id: 'CS1',
        amount: (body as { order?: unknown }).order ? EUR(2500) : EUR(7500),
        paymentMethods: { paymentMethods: [{ type: 'giftcard', name: 'Givex', brand: 'givex' }] },
      }),
    );
    fake.route('/v1/sessions/CS1/paymentMethodBalance', () => ({ balance: EUR(5000), sessionData: 'sd-b' }));
    fake.route('/v1/sessions/CS1/orders', () => ({
      orderData: 'od',
      pspReference: 'ORD',
      sessionData: 'sd-o',
    }));
    fake.route('/v1/sessions/CS1/payments', () => ({
      resultCode: 'Authorised',
      order: { orderData: 'od', pspReference: 'ORD', remainingAmount: EUR(2500) },
      sessionData: 'sd-p',
    }));
    const onOrderUpdated = vi.fn();
    await setup(
      { balance: EUR(1) },
      {
        session: { id: 'CS1', sessionData: 'sd-0' },
        onSubmit: undefined,
        onBalanceCheck: undefined,
        onOrderUpdated,
      },
    );
    await fill();
    await click('Apply gift card');
    expect(fake.callsTo('/v1/sessions/CS1/paymentMethodBalance')[0]?.body).toMatchObject({
      sessionData: 'session-data-2',
      paymentMethod: { type: 'giftcard', brand: 'givex' },
    });
    await click('Pay €50.00');
    const setups = fake.callsTo('/v1/sessions/CS1/setup');
    expect(setups.at(-1)?.body).toMatchObject({ order: { orderData: 'od', pspReference: 'ORD' } });
    expect(fake.callsTo('/v1/sessions/CS1/payments')[0]?.body).toMatchObject({
      order: { orderData: 'od', pspReference: 'ORD' },
    });
    expect(onOrderUpdated).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations with the balance shown', async () => {
    const { host } = await setup({ balance: EUR(5000), transactionLimit: EUR(4000) });
    await fill();
    await click('Apply gift card');
    expect(await axeViolations(host)).toEqual([]);
  });
});

describe('MealVoucherFR', () => {
  it('adds the expiry date and sends its type as type and brand', async () => {
    const onBalanceCheck = vi.fn<NonNullable<CheckoutOptions['onBalanceCheck']>>((resolve) =>
      resolve({ balance: EUR(2500) }),
    );
    await mountElement(
      (checkout) => new MealVoucherFR(checkout, { type: 'mealVoucher_FR_natixis', name: 'Natixis' }),
      { amount: EUR(2000), countryCode: 'FR', onBalanceCheck },
    );
    await act(async () => frames.configureAll());
    expect(frames.all().map((iframe) => frames.received(iframe)[0])).toHaveLength(3);
    await act(async () => {
      frames.encrypt('encryptedCardNumber');
      frames.encrypt('encryptedExpiryDate');
      frames.encrypt('encryptedSecurityCode');
    });
    await click('Apply gift card');
    expect(onBalanceCheck.mock.calls[0]?.[2].paymentMethod).toEqual({
      type: 'mealVoucher_FR_natixis',
      brand: 'mealVoucher_FR_natixis',
      encryptedCardNumber: 'jwe-encryptedCardNumber',
      encryptedExpiryMonth: 'jwe-month',
      encryptedExpiryYear: 'jwe-year',
      encryptedSecurityCode: 'jwe-encryptedSecurityCode',
    });
    expect(screen.getByRole('button', { name: 'Pay €20.00' })).toBeTruthy();
  });
});

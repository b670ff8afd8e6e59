import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '../../core/checkout.ts';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import {
  CLIENT_KEY,
  type FakeFetch,
  type FakeFrames,
  GATEWAY_URL,
  installFakeFetch,
  installFakeFrames,
  tick,
} from '../../test/fake-gateway.ts';
import { Card } from './card.tsx';
import type { CardOptions } from './card-options.ts';

let frames: FakeFrames;
let fake: FakeFetch;
let host: HTMLElement;

async function setup(options: CardOptions = {}, checkoutOptions: Record<string, unknown> = {}) {
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 1000, currency: 'EUR' },
    countryCode: 'NL',
    onSubmit: vi.fn(),
    ...checkoutOptions,
  });
  const card = new Card(checkout, options);
  await act(async () => {
    card.mount(host);
  });
  return { checkout, card };
}

async function configure() {
  await act(async () => frames.configureAll());
}

async function fillCard(extra: Record<string, unknown> = {}) {
  await act(async () => {
    frames.encrypt('encryptedCardNumber', { brand: 'visa', endDigits: '1111', ...extra });
    frames.encrypt('encryptedExpiryDate');
    frames.encrypt('encryptedSecurityCode');
  });
}

beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
  frames = installFakeFrames();
  fake = installFakeFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Card', () => {
  it('shows a spinner until the frames are configured, then the form and the pay button with the amount', async () => {
    const { card } = await setup();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(frames.all()).toHaveLength(3);
    await configure();
    expect(screen.getByRole('button', { name: 'Pay €10.00' })).toBeTruthy();
    expect(card.isValid).toBe(false);
  });

  it('is valid once every frame has encrypted, and its data carries only blobs', async () => {
    const onChange = vi.fn();
    const { card } = await setup({ onChange });
    await configure();
    await fillCard();
    expect(card.isValid).toBe(true);
    expect(card.data).toMatchObject({
      paymentMethod: {
        type: 'scheme',
        encryptedCardNumber: 'jwe-encryptedCardNumber',
        encryptedExpiryMonth: 'jwe-month',
        encryptedExpiryYear: 'jwe-year',
        encryptedSecurityCode: 'jwe-encryptedSecurityCode',
      },
      browserInfo: expect.any(Object),
      origin: window.location.origin,
      clientStateDataIndicator: true,
    });
    expect(onChange.mock.lastCall?.[0].isValid).toBe(true);
  });

  it('a revoked blob makes the card invalid again', async () => {
    const { card } = await setup();
    await configure();
    await fillCard();
    await act(async () =>
      frames.send(frames.byField('encryptedCardNumber'), {
        action: 'validation',
        error: '',
        revoked: true,
      } as never),
    );
    expect(card.isValid).toBe(false);
    expect(card.data.paymentMethod.encryptedCardNumber).toBeUndefined();
  });

  it('submit on an empty form shows every error, announces them and focuses the first field', async () => {
    const onSubmit = vi.fn();
    const { checkout, card } = await setup({}, { onSubmit });
    await configure();
    await act(async () => card.submit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the card number')).toBeTruthy();
    expect(screen.getByText('Enter the expiry date')).toBeTruthy();
    expect(screen.getByText('Enter the security code')).toBeTruthy();
    expect(checkout.liveRegion.current).toEqual([
      'Card number: Enter the card number',
      'Expiry date: Enter the expiry date',
      'Security code: Enter the security code',
    ]);
    const numberFrame = frames.received(frames.byField('encryptedCardNumber'));
    // autoFocus on configuration, then validation and focus on the first error.
    expect(numberFrame.map((message) => message.action)).toEqual(['config', 'focus', 'validate', 'focus']);
  });

  it('shows but does not announce unsupported-card and too-old errors', async () => {
    const { checkout, card } = await setup();
    await configure();
    await act(async () => {
      frames.send(frames.byField('encryptedCardNumber'), {
        action: 'validation',
        error: 'cc.num.903',
        revoked: false,
      } as never);
      frames.send(frames.byField('encryptedExpiryDate'), {
        action: 'validation',
        error: 'cc.dat.912',
        revoked: false,
      } as never);
    });
    expect(screen.getByText('Unsupported card entered')).toBeTruthy();
    expect(screen.getByText('Card too old')).toBeTruthy();
    await act(async () => card.showValidation());
    expect(checkout.liveRegion.current).toEqual(['Security code: Enter the security code']);
  });

  it('submits valid data through onSubmit and shows the refusal so the shopper can retry', async () => {
    const onSubmit = vi.fn((_state, _element, actions) =>
      actions.resolve({ resultCode: 'Refused', refusalReason: 'Refused' }),
    );
    const onPaymentFailed = vi.fn();
    const { card } = await setup({}, { onSubmit, onPaymentFailed });
    await configure();
    await fillCard();
    await act(async () => screen.getByRole('button', { name: 'Pay €10.00' }).click());
    await act(async () => tick());
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onPaymentFailed).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Payment refused');
    expect(card.view.get().status).toBe('ready');
  });

  it('reset() rebuilds the frames and clears the data', async () => {
    const { card } = await setup({ hasHolderName: true });
    await configure();
    await fillCard();
    const before = frames.all();
    await act(async () => card.reset());
    expect(frames.all()[0]).not.toBe(before[0]);
    expect(frames.all()).toHaveLength(3);
    expect(card.isValid).toBe(false);
  });

  it('looks up the BIN, offers dual-brand choice and sends the chosen brand', async () => {
    fake.route('/v3/bin/binLookup', () => ({
      requestId: 'u1',
      issuingCountryCode: 'FR',
      brands: [
        { brand: 'cartebancaire', supported: true, cvcPolicy: 'required' },
        { brand: 'visa', supported: true, cvcPolicy: 'required' },
      ],
    }));
    const { card } = await setup({ brands: ['visa', 'mc', 'cartebancaire'] });
    await configure();
    await act(async () =>
      frames.send(frames.byField('encryptedCardNumber'), {
        action: 'binValue',
        encryptedBin: 'jwe-bin',
        uuid: 'u1',
      } as never),
    );
    await act(async () => tick());
    const lookup = fake.callsTo('/v3/bin/binLookup')[0];
    expect(lookup?.url.searchParams.get('token')).toBe(CLIENT_KEY);
    expect(lookup?.body).toEqual({
      encryptedBin: 'jwe-bin',
      requestId: 'u1',
      supportedBrands: ['visa', 'mc', 'cartebancaire'],
      type: 'card',
    });
    const group = screen.getByRole('group', { name: 'Select which card brand to use' });
    await act(async () => within(group).getByLabelText('Visa').click());
    await fillCard();
    expect(card.data.paymentMethod.brand).toBe('visa');
  });

  it('an unsupported card from the lookup invalidates the number', async () => {
    fake.route('/v3/bin/binLookup', () => ({
      requestId: 'u2',
      brands: [{ brand: 'jcb', supported: false }],
    }));
    const { card } = await setup();
    await configure();
    await fillCard();
    await act(async () =>
      frames.send(frames.byField('encryptedCardNumber'), {
        action: 'binValue',
        encryptedBin: 'b',
        uuid: 'u2',
      } as never),
    );
    await act(async () => tick());
    expect(card.isValid).toBe(false);
    expect(screen.getByText('Unsupported card entered')).toBeTruthy();
  });

  it('holder name required, store details, installments and the Brazilian field', async () => {
    fake.route('/v3/bin/binLookup', () => ({
      requestId: 'u3',
      issuingCountryCode: 'BR',
      brands: [{ brand: 'elo', supported: true, showSocialSecurityNumber: true }],
    }));
    const { card } = await setup({
      hasHolderName: true,
      holderNameRequired: true,
      enableStoreDetails: true,
      installmentOptions: { card: { values: [1, 2, 3] } },
      showInstallmentAmounts: true,
      brands: ['visa', 'elo'],
    });
    await configure();
    await fillCard();
    expect(card.isValid).toBe(false);
    await act(async () => {
      const input = screen.getByLabelText('Name on card') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'J Smith');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(card.isValid).toBe(true);
    await act(async () => (screen.getByLabelText('Remember for next time') as HTMLInputElement).click());
    await act(async () => {
      const select = screen.getByLabelText('Number of installments') as HTMLSelectElement;
      select.value = '3';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(screen.getByRole('option', { name: '3x €3.33' })).toBeTruthy();
    await act(async () =>
      frames.send(frames.byField('encryptedCardNumber'), {
        action: 'binValue',
        encryptedBin: 'b',
        uuid: 'u3',
      } as never),
    );
    await act(async () => tick());
    expect(screen.getByLabelText('CPF/CNPJ')).toBeTruthy();
    expect(card.data).toMatchObject({
      paymentMethod: { holderName: 'J Smith' },
      storePaymentMethod: true,
      installments: { value: 3 },
    });
  });

  it('zero amount: save-details label and no store-details checkbox', async () => {
    await setup({ enableStoreDetails: true }, { amount: { value: 0, currency: 'EUR' } });
    await configure();
    expect(screen.getByRole('button', { name: 'Save details' })).toBeTruthy();
    expect(screen.queryByLabelText('Remember for next time')).toBeNull();
  });

  it('Korean cards get the tax-number field', async () => {
    const { card } = await setup({
      configuration: { koreanAuthenticationRequired: true },
      countryCode: 'KR',
    });
    await configure();
    await fillCard();
    expect(screen.getByLabelText('Cardholder birthdate or Corporate registration number')).toBeTruthy();
    expect(card.isValid).toBe(false);
  });

  it('the CPF/CNPJ field shows and sends only what its mask keeps', async () => {
    const { card } = await setup({ socialSecurityNumberMode: 'show' });
    await configure();
    await fillCard();
    const input = screen.getByLabelText('CPF/CNPJ') as HTMLInputElement;
    const type = (value: string) =>
      act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type('1234');
    expect(input.value).toBe('123.4');
    await type('123.4x'); // a rejected character leaves the state as it was
    expect(input.value).toBe('123.4');
    await type('123.456.789-01');
    expect(input.value).toBe('123.456.789-01');
    expect(card.data).toMatchObject({ socialSecurityNumber: '123.456.789-01' });
  });

  it('billing address in partial mode validates the postal code per country', async () => {
    const { card } = await setup({ billingAddressRequired: true, billingAddressMode: 'partial' });
    await configure();
    await fillCard();
    expect(card.isValid).toBe(false);
    await act(async () => {
      const input = screen.getByLabelText('Postal code') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, '1012AB');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(card.isValid).toBe(true);
    expect(card.data.billingAddress).toEqual({ postalCode: '1012AB', country: 'NL' });
  });

  it('full billing address loads the countries dataset', async () => {
    fake.route('/datasets/countries/en-US.json', () => [
      { id: 'NL', name: 'Netherlands' },
      { id: 'US', name: 'United States' },
    ]);
    await setup({ billingAddressRequired: true });
    await configure();
    await act(async () => tick());
    expect(screen.getByRole('option', { name: 'Netherlands' })).toBeTruthy();
    expect(screen.getByLabelText('Street')).toBeTruthy();
  });

  it('address search: debounced lookup, pick a result, fields filled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onAddressLookup = vi.fn((value: string, actions: { resolve(list: unknown[]): void }) =>
      actions.resolve([
        {
          id: 1,
          name: `${value} 1, Amsterdam`,
          street: 'Damrak',
          houseNumberOrName: '1',
          postalCode: '1012LG',
          city: 'Amsterdam',
          country: 'NL',
        },
      ]),
    );
    const { card } = await setup({ billingAddressRequired: true, onAddressLookup: onAddressLookup as never });
    await configure();
    await fillCard();
    await act(async () => {
      const input = screen.getByLabelText('Address') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'Damrak');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onAddressLookup).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(300));
    expect(onAddressLookup).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '+ Enter address manually' })).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Damrak 1, Amsterdam' }).click());
    expect((screen.getByLabelText('Street') as HTMLInputElement).value).toBe('Damrak');
    expect(card.isValid).toBe(true);
    expect(card.data.billingAddress).toEqual({
      street: 'Damrak',
      houseNumberOrName: '1',
      postalCode: '1012LG',
      city: 'Amsterdam',
      stateOrProvince: 'N/A',
      country: 'NL',
    });
  });

  it('update() re-renders with new options; setStatus shows loading on the pay button', async () => {
    const { card } = await setup();
    await configure();
    expect(screen.queryByLabelText(/Name on card/)).toBeNull();
    await act(async () => card.update({ hasHolderName: true }));
    expect(screen.getByLabelText(/Name on card/)).toBeTruthy();
    await act(async () => card.setStatus('loading'));
    expect(screen.getByRole('button', { name: 'Pay €10.00' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('frame load failure shows the error and reports it to onError', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onError = vi.fn();
    await setup({}, { onError });
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      message: 'secured field iframes have failed to load',
    });
  });

  it('stored card: dots and last four, only the security-code frame, stored id in the data', async () => {
    const { card } = await setup({
      storedPaymentMethodId: 'stored-1',
      brand: 'visa',
      lastFour: '1111',
      expiryMonth: '03',
      expiryYear: '2030',
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
    });
    expect(frames.all()).toHaveLength(1);
    await configure();
    expect(screen.getByText('•••• 1111')).toBeTruthy();
    expect(frames.received(frames.byField('encryptedSecurityCode')).map((message) => message.action)).toEqual(
      ['config', 'brand'],
    );
    await act(async () => frames.encrypt('encryptedSecurityCode'));
    expect(card.isValid).toBe(true);
    expect(card.data.paymentMethod).toMatchObject({
      storedPaymentMethodId: 'stored-1',
      brand: 'visa',
      encryptedSecurityCode: 'jwe-encryptedSecurityCode',
    });
  });

  it('a stored card without Ecommerce support is an implementation error', async () => {
    const checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
    });
    expect(
      () => new Card(checkout, { storedPaymentMethodId: 's', supportedShopperInteractions: ['ContAuth'] }),
    ).toThrow(/Ecommerce/);
  });

  it('unmount and remount leave exactly one set of frames; mounting twice on the same node is harmless', async () => {
    const { card } = await setup();
    await act(async () => card.mount(host));
    expect(frames.all()).toHaveLength(3);
    await act(async () => card.unmount());
    expect(frames.all()).toHaveLength(0);
    await act(async () => card.mount(host));
    expect(frames.all()).toHaveLength(3);
    await act(async () => card.remove());
    expect(host.children).toHaveLength(0);
  });

  it('has no axe violations, with errors shown', async () => {
    const { card } = await setup({
      hasHolderName: true,
      holderNameRequired: true,
      billingAddressRequired: true,
      enableStoreDetails: true,
    });
    await configure();
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => card.showValidation());
    expect(await axeViolations(host)).toEqual([]);
  });
});

describe('Card with the sessions flow', () => {
  it('pays through sessions/payments and completes', async () => {
    fake.route('/v1/sessions/CS1/setup', () => ({
      id: 'CS1',
      sessionData: 'sd-2',
      amount: { value: 2500, currency: 'EUR' },
      paymentMethods: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] }] },
    }));
    fake.route('/v1/sessions/CS1/payments', () => ({
      resultCode: 'Authorised',
      sessionData: 'sd-3',
      sessionResult: 'res',
    }));
    const onPaymentCompleted = vi.fn();
    const checkout: Checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
      session: { id: 'CS1', sessionData: 'sd-1' },
      onPaymentCompleted,
    });
    const card = new Card(checkout, {});
    expect(card.supportedBrands).toEqual(['visa', 'mc']);
    await act(async () => {
      card.mount(host);
    });
    await configure();
    await fillCard();
    await act(async () => screen.getByRole('button', { name: 'Pay €25.00' }).click());
    await act(async () => tick());
    expect(fake.callsTo('/v1/sessions/CS1/payments')[0]?.body).toMatchObject({
      sessionData: 'sd-2',
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'jwe-encryptedCardNumber' },
    });
    expect(onPaymentCompleted).toHaveBeenCalledWith(
      expect.objectContaining({ resultCode: 'Authorised' }),
      card,
    );
  });
});

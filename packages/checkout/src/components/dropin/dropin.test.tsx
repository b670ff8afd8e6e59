import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOptions } from '../../core/checkout.ts';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import {
  CLIENT_KEY,
  type FakeFrames,
  GATEWAY_ORIGIN,
  GATEWAY_URL,
  installFakeFetch,
  installFakeFrames,
  tick,
} from '../../test/fake-gateway.ts';
import { Blik } from '../blik/blik.tsx';
import { Card } from '../card/card.tsx';
import { Upi } from '../upi/upi.tsx';
import { Dropin, type DropinOptions } from './dropin.tsx';

const paymentMethodsResponse = {
  paymentMethods: [
    { type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] },
    { type: 'pix', name: 'Pix' },
    { type: 'clicktopay', name: 'Click to Pay' },
  ],
  storedPaymentMethods: [
    {
      id: 'stored-1',
      type: 'scheme',
      brand: 'visa',
      lastFour: '1111',
      expiryMonth: '03',
      expiryYear: '2030',
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
    },
    {
      id: 'stored-2',
      type: 'scheme',
      brand: 'mc',
      lastFour: '4444',
      supportedShopperInteractions: ['ContAuth'],
    },
  ],
};

let frames: FakeFrames;
let host: HTMLElement;

async function mountDropin(options: DropinOptions = {}, checkoutOptions: Partial<CheckoutOptions> = {}) {
  const checkout = await createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 1000, currency: 'EUR' },
    paymentMethodsResponse,
    onSubmit: vi.fn(),
    ...checkoutOptions,
  });
  const dropin = new Dropin(checkout, { paymentMethodComponents: [Card], ...options });
  await act(async () => {
    dropin.mount(host);
  });
  await act(async () => tick());
  return { checkout, dropin };
}

beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
  frames = installFakeFrames();
  installFakeFetch();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const methodButtons = () =>
  screen
    .getAllByRole('button', { expanded: false })
    .concat(screen.queryAllByRole('button', { expanded: true }));

describe('Dropin', () => {
  it('lists stored methods first, drops unconfigured and excluded types, opens the first stored method', async () => {
    const { dropin } = await mountDropin();
    const names = Array.from(
      host.querySelectorAll('.actuate-checkout__payment-method-name'),
      (node) => node.textContent,
    );
    expect(names).toEqual(['•••• 1111', 'Cards']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"pix" has not been configured'));
    expect(screen.getByRole('button', { name: '•••• 1111', expanded: true })).toBeTruthy();
    expect((dropin.activeElement as Card | undefined)?.props.storedPaymentMethodId).toBe('stored-1');
    expect(methodButtons()).toHaveLength(2);
  });

  it('opens the first regular method when stored ones are hidden, and none in Finland', async () => {
    await mountDropin({ showStoredPaymentMethods: false });
    expect(screen.getByRole('button', { name: 'Cards', expanded: true })).toBeTruthy();
    document.body.replaceChildren(host);
    host.replaceChildren();
    const finnish = await mountDropin({}, { countryCode: 'FI' });
    expect(finnish.dropin.activeElement).toBeUndefined();
  });

  it('honours allow and remove lists', async () => {
    const { dropin } = await mountDropin({ removePaymentMethods: ['scheme'] });
    expect(dropin.entries).toEqual([]);
  });

  it('lists UPI once: the umbrella entry hides its variants and brings the apps to open', async () => {
    const apps = [{ id: 'gpay', name: 'Google Pay' }];
    const { dropin } = await mountDropin(
      { paymentMethodComponents: [Upi], showStoredPaymentMethods: false },
      {
        paymentMethodsResponse: {
          paymentMethods: [
            { type: 'upi', name: 'UPI', apps },
            { type: 'upi_qr', name: 'UPI QR' },
            { type: 'upi_collect', name: 'UPI Collect' },
            { type: 'upi_intent', name: 'UPI Intent', apps },
          ],
        },
      },
    );
    expect(dropin.entries.map((entry) => entry.type)).toEqual(['upi']);
    expect((dropin.activeElement as Upi | undefined)?.apps).toEqual(apps);
    expect((dropin.activeElement as Upi | undefined)?.modes).toEqual(['intent', 'qrCode']);
  });

  it('switches the active method; the card form appears with its frames', async () => {
    const { dropin } = await mountDropin();
    await act(async () => screen.getByRole('button', { name: 'Cards' }).click());
    await act(async () => tick());
    expect(dropin.activeElement).toBeInstanceOf(Card);
    expect((dropin.activeElement as Card | undefined)?.props.storedPaymentMethodId).toBeUndefined();
    expect(frames.all()).toHaveLength(3);
  });

  it('removes a stored method after confirmation', async () => {
    const onDisableStoredPaymentMethod = vi.fn((_id: string, resolve: () => void) => resolve());
    await mountDropin({ showRemovePaymentMethodButton: true }, { onDisableStoredPaymentMethod });
    await act(async () => screen.getByRole('button', { name: 'Remove' }).click());
    const prompt = screen.getByRole('group', { name: 'Remove stored payment method' });
    await act(async () => within(prompt).getByRole('button', { name: 'Yes, remove' }).click());
    await act(async () => tick());
    expect(onDisableStoredPaymentMethod.mock.calls[0]?.[0]).toBe('stored-1');
    expect(screen.queryByText('•••• 1111')).toBeNull();
  });

  it('keeps a stored method when removal fails', async () => {
    const onDisableStoredPaymentMethod = vi.fn((_id: string, _resolve: () => void, reject: () => void) =>
      reject(),
    );
    await mountDropin({ showRemovePaymentMethodButton: true }, { onDisableStoredPaymentMethod });
    await act(async () => screen.getByRole('button', { name: 'Remove' }).click());
    await act(async () => screen.getByRole('button', { name: 'Yes, remove' }).click());
    await act(async () => tick());
    expect(screen.getByRole('button', { name: '•••• 1111' })).toBeTruthy();
  });

  it('shows the success screen after a payment, and the preauthorized message for a zero amount', async () => {
    const onSubmit = vi.fn((_s, _e, actions) => actions.resolve({ resultCode: 'Authorised' }));
    const { dropin } = await mountDropin({}, { onSubmit, amount: { value: 0, currency: 'EUR' } });
    await act(async () => frames.configureAll());
    await act(async () => frames.encrypt('encryptedSecurityCode'));
    await act(async () => dropin.submit());
    await act(async () => tick());
    expect(screen.getByRole('status').textContent).toContain('Details saved');
  });

  it('shows the error screen after a refusal', async () => {
    const onSubmit = vi.fn((_s, _e, actions) => actions.resolve({ resultCode: 'Refused' }));
    const { dropin } = await mountDropin({}, { onSubmit });
    await act(async () => frames.configureAll());
    await act(async () => frames.encrypt('encryptedSecurityCode'));
    await act(async () => dropin.submit());
    await act(async () => tick());
    expect(host.querySelector('.actuate-checkout__final--error')?.textContent).toContain('Payment refused');
  });

  it('runs a 3DS2 challenge inside the method and completes the payment', async () => {
    const forms: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      forms.push(this);
    });
    const token = btoa(
      JSON.stringify({
        acsTransID: 'a',
        acsURL: `${GATEWAY_ORIGIN}/threeds2/challenge`,
        messageVersion: '2.2.0',
        threeDSNotificationURL: `${GATEWAY_ORIGIN}/threeds2/notification`,
        threeDSServerTransID: 't',
      }),
    );
    const onSubmit = vi.fn((_s, _e, actions) =>
      actions.resolve({
        resultCode: 'ChallengeShopper',
        action: { type: 'threeDS2', subtype: 'challenge', token, authorisationToken: 'auth' },
      }),
    );
    const onAdditionalDetails = vi.fn((_s, _e, actions) => actions.resolve({ resultCode: 'Authorised' }));
    const onPaymentCompleted = vi.fn();
    const { dropin } = await mountDropin({}, { onSubmit, onAdditionalDetails, onPaymentCompleted });
    await act(async () => frames.configureAll());
    await act(async () => frames.encrypt('encryptedSecurityCode'));
    await act(async () => dropin.submit());
    expect(host.querySelector('iframe.actuate-checkout__challenge-frame')).toBeTruthy();
    expect(forms).toHaveLength(1);
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: GATEWAY_ORIGIN,
          data: JSON.stringify({ type: 'challengeResult', result: { transStatus: 'Y' } }),
        }),
      );
    });
    await act(async () => tick());
    expect(onAdditionalDetails).toHaveBeenCalled();
    expect(onPaymentCompleted).toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Payment Successful');
  });

  it('loads lazy methods on demand', async () => {
    const load = vi.fn(async () => ({ default: Card }));
    const { dropin } = await mountDropin({
      paymentMethodComponents: [{ txVariants: ['scheme'], load }],
      showStoredPaymentMethods: false,
    });
    expect(load).toHaveBeenCalledOnce();
    expect(dropin.activeElement).toBeInstanceOf(Card);
  });

  it('shows the gateway’s UPI entry alone, with its app ids, and opens a stored Blik with a pay button alone', async () => {
    const { dropin } = await mountDropin(
      { paymentMethodComponents: [Blik, Upi] },
      {
        amount: { value: 1000, currency: 'PLN' },
        paymentMethodsResponse: {
          paymentMethods: [
            { type: 'blik', name: 'BLIK' },
            { type: 'upi', name: 'UPI', configuration: { appIds: ['gpay', 'phonepe'] } },
            { type: 'upi_qr', name: 'UPI QR' },
            { type: 'upi_collect', name: 'UPI Collect' },
            { type: 'upi_intent', name: 'UPI Intent' },
          ],
          storedPaymentMethods: [
            {
              id: 'blik-alias-1',
              type: 'blik',
              name: 'BLIK',
              supportedShopperInteractions: ['Ecommerce'],
            },
          ],
        },
      },
    );
    expect(dropin.entries.map((entry) => [entry.type, entry.stored])).toEqual([
      ['blik', true],
      ['blik', false],
      ['upi', false],
    ]);
    // The variants are hidden by the UPI entry, not dropped as unconfigured.
    expect(console.warn).not.toHaveBeenCalled();
    expect(dropin.activeElement).toBeInstanceOf(Blik);
    expect((dropin.activeElement as Blik).storedPaymentMethodId).toBe('blik-alias-1');
    expect(host.querySelector('input')).toBeNull();
    const upi = await dropin.elementFor(dropin.entries[2]!);
    expect((upi as Upi).apps).toEqual([
      { id: 'gpay', name: 'Google Pay' },
      { id: 'phonepe', name: 'PhonePe' },
    ]);
  });

  it('has no axe violations', async () => {
    await mountDropin({ showRemovePaymentMethodButton: true });
    await act(async () => frames.configureAll());
    expect(await axeViolations(host)).toEqual([]);
  });
});

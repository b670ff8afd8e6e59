import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResponse } from '../../core/types.ts';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import { CLIENT_KEY, GATEWAY_URL } from '../../test/fake-gateway.ts';
import { Redirect } from '../redirect/redirect.tsx';
import { lazyAction } from './lazy-action.tsx';
import type { PaymentElement } from './payment-element.tsx';

// A confirmation page renders the action its server stored: no payment method was mounted on it.
const BANK_TRANSFER_ACTION = {
  type: 'bankTransfer',
  paymentMethodType: 'bankTransfer_IBAN',
  beneficiary: 'Actuate Sandbox Payments B.V.',
  iban: 'NL47ACTU0123456789',
  bic: 'ACTUNL2A',
  reference: 'AT7K2M-9QXD4R',
  totalAmount: { currency: 'EUR', value: 12345 },
};
const PDF_URL = 'http://gateway.test/bacs/mandates/BM1!abc.def';

let host: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
});

const checkoutFor = (extra: Parameters<typeof createCheckout>[0] | object = {}) =>
  createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 12345, currency: 'EUR' },
    ...extra,
  });

const mount = (element: unknown) => act(async () => void (element as PaymentElement).mount(host));

describe('createFromAction for a stored action, on a page that never mounted its method', () => {
  it('shows a bank transfer’s details once its component has loaded', async () => {
    const checkout = await checkoutFor();
    const element = checkout.createFromAction(BANK_TRANSFER_ACTION);
    expect(element.type).toBe('bankTransfer');
    await mount(element);
    await waitFor(() => expect(host.textContent).toContain('NL47ACTU0123456789'));
    for (const value of ['ACTUNL2A', 'AT7K2M-9QXD4R', 'Actuate Sandbox Payments B.V.', '€123.45'])
      expect(host.textContent).toContain(value);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('shows a BACS voucher with its mandate PDF, and another method’s voucher as the general one', async () => {
    const checkout = await checkoutFor({ amount: { value: 4250, currency: 'GBP' }, countryCode: 'GB' });
    await mount(
      checkout.createFromAction({ type: 'voucher', paymentMethodType: 'directdebit_GB', url: PDF_URL }),
    );
    await waitFor(() => expect(host.querySelector('a')?.getAttribute('href')).toBe(PDF_URL));
    expect(host.textContent).toContain('Direct Debit set up');

    const other = await checkoutFor();
    host = document.body.appendChild(document.createElement('div'));
    await mount(
      other.createFromAction({
        type: 'voucher',
        paymentMethodType: 'oxxo',
        introduction: 'Pay at any store',
        reference: '1234 5678',
      }),
    );
    await waitFor(() => expect(host.textContent).toContain('Pay at any store'));
    expect(host.textContent).toContain('1234 5678');
  });

  it('shows a loading state until the component arrives, and tells onError when it cannot load', async () => {
    const onError = vi.fn();
    const checkout = await checkoutFor({ onError });
    checkout.registerAction(
      'bankTransfer',
      lazyAction(() => new Promise(() => {})),
    );
    await mount(checkout.createFromAction(BANK_TRANSFER_ACTION));
    expect(screen.getByRole('status').textContent).toContain('Loading');

    checkout.registerAction(
      'voucher',
      lazyAction(() => Promise.reject(new Error('chunk failed'))),
    );
    checkout.createFromAction({ type: 'voucher', paymentMethodType: 'oxxo' });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ name: 'CheckoutError', type: 'ERROR' });
  });

  it('shows the action inside the element whose payment answered it', async () => {
    const answer: PaymentResponse = { resultCode: 'PresentToShopper', action: BANK_TRANSFER_ACTION };
    const checkout = await checkoutFor({
      onSubmit: (_state: unknown, _element: unknown, actions: { resolve(response: PaymentResponse): void }) =>
        actions.resolve(answer),
    });
    const element = new Redirect(checkout, { type: 'ideal', showPayButton: false });
    await mount(element);
    await act(async () => void (await element.submit()));
    await waitFor(() => expect(host.textContent).toContain('NL47ACTU0123456789'));
  });
});

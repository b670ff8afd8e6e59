import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCheckout } from '../../../index.ts';
import { axeViolations } from '../../../test/axe.ts';
import { CLIENT_KEY, GATEWAY_URL } from '../../../test/fake-gateway.ts';
import type { PaymentElement } from '../../base/payment-element.tsx';
import { GeneralVoucher, registerVoucherAction } from './voucher-action.tsx';

let host: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
});

const checkoutFor = () =>
  createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    locale: 'de-DE',
  });

describe('voucher action', () => {
  it('shows a method without its own view as a general voucher: amount, reference, details, download', async () => {
    const checkout = await checkoutFor();
    registerVoucherAction(checkout, 'someother', () => {
      throw new Error('not this one');
    });
    const element = checkout.createFromAction({
      type: 'voucher',
      paymentMethodType: 'oxxo',
      introduction: 'Pay at any store',
      totalAmount: { currency: 'MXN', value: 12000 },
      reference: '1234 5678',
      voucherDetails: [{ label: 'Expires', value: '2026-12-01' }, { label: 'broken' }],
      downloadUrl: 'https://gateway.test/voucher.pdf',
    }) as unknown as PaymentElement;
    expect(element).toBeInstanceOf(GeneralVoucher);
    await act(async () => void element.mount(host));
    expect(host.textContent).toContain('Pay at any store');
    expect(host.textContent).toContain('1234 5678');
    expect(host.textContent).toContain('2026-12-01');
    expect(host.textContent).not.toContain('broken');
    expect(screen.getByRole('button', { name: 'Zahlungsreferenz kopieren' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Herunterladen/ }).getAttribute('href')).toBe(
      'https://gateway.test/voucher.pdf',
    );
    expect(await axeViolations(host)).toEqual([]);
  });

  it('hands a registered method its own voucher', async () => {
    const checkout = await checkoutFor();
    const made: string[] = [];
    registerVoucherAction(checkout, 'boletobancario', (owner, action) => {
      made.push(String(action.reference));
      return new GeneralVoucher(owner, { action });
    });
    checkout.createFromAction({ type: 'voucher', paymentMethodType: 'boletobancario', reference: 'B1' });
    expect(made).toEqual(['B1']);
  });
});

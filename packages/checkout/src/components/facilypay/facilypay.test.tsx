import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { CLIENT_KEY, GATEWAY_URL, installFakeFetch } from '../../test/fake-gateway.ts';
import { FacilyPay } from './index.ts';

let host: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

const checkoutFor = (countryCode: string) =>
  createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    amount: { value: 30000, currency: 'EUR' },
    countryCode,
    onSubmit: vi.fn(),
  });

describe('FacilyPay', () => {
  it('names its instalments, asks birth date and gender, and has no consent checkbox', async () => {
    const element = new FacilyPay(await checkoutFor('ES'), { type: 'facilypay_10x' });
    await act(async () => {
      element.mount(host);
    });
    expect(host.textContent).toContain('Pay in 10 instalments');
    expect(screen.getByLabelText('Date of birth')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /payment terms/ })).toBeNull();
    expect(element.data.paymentMethod.type).toBe('facilypay_10x');
  });
});

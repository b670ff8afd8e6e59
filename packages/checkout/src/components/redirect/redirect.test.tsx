import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { CLIENT_KEY, GATEWAY_URL } from '../../test/fake-gateway.ts';
import type { PaymentElement } from '../base/payment-element.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Redirect action', () => {
  it('posts a hidden form with the action data for method POST', async () => {
    const submitted: { action: string; method: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const fields = Object.fromEntries(
        Array.from(this.elements as unknown as HTMLInputElement[], (input) => [input.name, input.value]),
      );
      submitted.push({ action: this.action, method: this.method.toLowerCase(), fields });
    });
    const checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
    });
    const element = checkout.createFromAction({
      type: 'redirect',
      method: 'POST',
      url: 'https://issuer.test/3ds',
      data: { PaReq: 'pareq', MD: 'md', TermUrl: 'https://shop.test/return' },
      paymentMethodType: 'scheme',
    }) as unknown as PaymentElement;
    const host = document.createElement('div');
    document.body.appendChild(host);
    await act(async () => {
      element.mount(host);
    });
    expect(submitted).toEqual([
      {
        action: 'https://issuer.test/3ds',
        method: 'post',
        fields: { PaReq: 'pareq', MD: 'md', TermUrl: 'https://shop.test/return' },
      },
    ]);
    expect(host.textContent).toContain('Redirecting');
    expect(element.data.paymentMethod.type).toBe('scheme');
    await act(async () => element.unmount());
  });
});

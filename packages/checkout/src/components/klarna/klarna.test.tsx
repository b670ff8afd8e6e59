import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { axeViolations } from '../../test/axe.ts';
import { CLIENT_KEY, GATEWAY_URL, installFakeFetch } from '../../test/fake-gateway.ts';
import { Klarna } from './index.ts';

let host: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('Klarna (redirect flavour)', () => {
  it('has nothing to fill in: a continue button sends just the type', async () => {
    const onSubmit = vi.fn();
    const checkout = await createCheckout({
      clientKey: CLIENT_KEY,
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
      amount: { value: 5000, currency: 'EUR' },
      countryCode: 'DE',
      locale: 'de-DE',
      onSubmit,
    });
    const element = new Klarna(checkout, { type: 'klarna_account' });
    await act(async () => {
      element.mount(host);
    });
    expect(element.isValid).toBe(true);
    expect(host.textContent).toContain('Klarna weitergeleitet');
    await act(async () => screen.getByRole('button', { name: 'Weiter zu Klarna' }).click());
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0].data.paymentMethod).toMatchObject({ type: 'klarna_account' });
    expect(await axeViolations(host)).toEqual([]);
  });
});

import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { CLIENT_KEY, GATEWAY_URL, installFakeFetch } from '../../test/fake-gateway.ts';
import { Atome } from './index.ts';

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

describe('Atome', () => {
  it('asks name and phone only, and no delivery address', async () => {
    const element = new Atome(await checkoutFor('SG'));
    await act(async () => {
      element.mount(host);
    });
    expect(screen.getByLabelText('Telephone number')).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    expect(screen.queryByLabelText('Deliver to a different address')).toBeNull();
  });
});

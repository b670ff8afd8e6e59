import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { FacilyPay } from './index.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('FacilyPay', () => {
  it('names its instalments, asks birth date and gender, and has no consent checkbox', async () => {
    const { element, host } = await mountElement(
      (checkout) => new FacilyPay(checkout, { type: 'facilypay_10x' }),
      { amount: { value: 30000, currency: 'EUR' }, countryCode: 'ES' },
    );
    expect(host.textContent).toContain('Pay in 10 instalments');
    expect(screen.getByLabelText('Date of birth')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /payment terms/ })).toBeNull();
    expect(element.data.paymentMethod.type).toBe('facilypay_10x');
  });
});

import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { Klarna } from './index.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('Klarna (redirect flavour)', () => {
  it('has nothing to fill in: a continue button sends just the type', async () => {
    const { element, host, submitted } = await mountElement(
      (checkout) => new Klarna(checkout, { type: 'klarna_account' }),
      { amount: { value: 5000, currency: 'EUR' }, countryCode: 'DE', locale: 'de-DE' },
    );
    expect(element.isValid).toBe(true);
    expect(host.textContent).toContain('Klarna weitergeleitet');
    await act(async () => screen.getByRole('button', { name: 'Weiter zu Klarna' }).click());
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.paymentMethod).toMatchObject({ type: 'klarna_account' });
    expect(await axeViolations(host)).toEqual([]);
  });
});

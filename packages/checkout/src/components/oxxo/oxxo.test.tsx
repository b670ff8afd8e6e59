import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { mountElement } from '../../test/mount.ts';
import { Oxxo } from './index.ts';

describe('OXXO', () => {
  it('pays with its type only, then shows the voucher in its place', async () => {
    const { submitted, host, element } = await mountElement((checkout) => new Oxxo(checkout), {
      amount: { value: 120000, currency: 'MXN' },
      answer: {
        resultCode: 'PresentToShopper',
        action: {
          type: 'voucher',
          paymentMethodType: 'oxxo',
          reference: '59168675976701',
          expiresAt: '2026-12-03',
        },
      },
    });
    expect(element.isValid).toBe(true);
    expect(host.textContent).toContain('You get a voucher to pay in cash at any OXXO store.');
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay MX$1,200.00' })));
    expect(submitted[0]?.paymentMethod).toEqual({ type: 'oxxo' });
    await act(async () => {
      await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Pay with OXXO' })).toBeTruthy());
    });
    expect(screen.getByRole('img', { name: 'Barcode of 59168675976701' })).toBeTruthy();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountElement } from '../../test/mount.ts';
import { Multibanco } from './index.ts';

describe('Multibanco', () => {
  it('pays with its type only, then shows entity and reference', async () => {
    const { submitted, host } = await mountElement((checkout) => new Multibanco(checkout), {
      amount: { value: 4150, currency: 'EUR' },
      locale: 'de-DE',
      answer: {
        resultCode: 'PresentToShopper',
        action: { type: 'voucher', paymentMethodType: 'multibanco', entity: '12101', reference: '501422944' },
      },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /41,50/ })));
    expect(submitted[0]?.paymentMethod).toEqual({ type: 'multibanco' });
    await act(async () => {
      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Entität kopieren' })).toBeTruthy());
    });
    expect(host.textContent).toContain('501422944');
  });
});

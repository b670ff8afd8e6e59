import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { mountElement } from '../../test/mount.ts';
import { Econtext } from './index.ts';

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
async function type(name: string, value: string) {
  await act(async () => {
    fireEvent.change(field(name), { target: { value } });
    fireEvent.blur(field(name));
  });
}
const pay = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: /^Pay/ })));

describe('Econtext', () => {
  it('checks the phone number on blur and sends name, phone and e-mail', async () => {
    const { submitted, host } = await mountElement(
      (checkout) => new Econtext(checkout, { type: 'econtext_seven_eleven' }),
      { amount: { value: 2150, currency: 'JPY' } },
    );
    await type('firstName', 'Haruto');
    await type('lastName', 'Sato');
    await type('shopperEmail', 'haruto@example.jp');
    expect(field('telephoneNumber').maxLength).toBe(11);
    await type('telephoneNumber', '090-1234-5678');
    expect(field('telephoneNumber').value).toBe('090-1234-56');
    expect(host.textContent).toContain('Enter a telephone number of 10 or 11 digits');
    expect(field('telephoneNumber').getAttribute('aria-invalid')).toBe('true');
    await pay();
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(field('telephoneNumber'));
    expect(await axeViolations(host)).toEqual([]);
    await type('telephoneNumber', '09012345678');
    await pay();
    expect(submitted).toEqual([
      expect.objectContaining({
        paymentMethod: { type: 'econtext_seven_eleven' },
        shopperName: { firstName: 'Haruto', lastName: 'Sato' },
        telephoneNumber: '09012345678',
        shopperEmail: 'haruto@example.jp',
      }),
    ]);
  });

  it('is only the button, and valid, when personal details are not required', async () => {
    const { submitted, element } = await mountElement(
      (checkout) => new Econtext(checkout, { type: 'econtext_stores', personalDetailsRequired: false }),
    );
    expect(element.isValid).toBe(true);
    expect(document.querySelectorAll('input')).toHaveLength(0);
    await pay();
    expect(submitted[0]?.paymentMethod).toEqual({ type: 'econtext_stores' });
    expect(submitted[0]).not.toHaveProperty('telephoneNumber');
  });
});

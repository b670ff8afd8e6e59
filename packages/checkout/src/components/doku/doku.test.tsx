import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { mountElement } from '../../test/mount.ts';
import { Doku } from './index.ts';

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
async function type(name: string, value: string) {
  await act(async () => {
    fireEvent.change(field(name), { target: { value } });
    fireEvent.blur(field(name));
  });
}
const pay = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: /^Pay/ })));

describe('DOKU', () => {
  it('needs first name, last name and a valid e-mail, then sends them with the entry type', async () => {
    const { submitted, host } = await mountElement(
      (checkout) => new Doku(checkout, { type: 'doku_alfamart' }),
      {
        amount: { value: 150000, currency: 'IDR' },
      },
    );
    await pay();
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(field('firstName'));
    expect(host.textContent).toContain('Enter your last name');
    expect(await axeViolations(host)).toEqual([]);
    await type('firstName', 'Siti');
    await type('lastName', 'Rahayu');
    await type('shopperEmail', 'siti@example');
    expect(host.textContent).toContain('Invalid Email address');
    await type('shopperEmail', ' siti@example.co.id ');
    await pay();
    expect(submitted).toEqual([
      expect.objectContaining({
        paymentMethod: { type: 'doku_alfamart' },
        shopperName: { firstName: 'Siti', lastName: 'Rahayu' },
        firstName: 'Siti',
        lastName: 'Rahayu',
        shopperEmail: 'siti@example.co.id',
      }),
    ]);
  });

  it('starts from prefilled details', async () => {
    const { element } = await mountElement(
      (checkout) =>
        new Doku(checkout, {
          data: { firstName: 'Siti', lastName: 'Rahayu', shopperEmail: 'siti@example.co.id' },
        }),
    );
    expect(element.isValid).toBe(true);
    expect(field('lastName').value).toBe('Rahayu');
  });
});

import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { clickButton, fieldNamed, typeInto } from '../../test/form.ts';
import { mountElement } from '../../test/mount.ts';
import { Doku } from './index.ts';

const pay = () => clickButton(/^Pay/);

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
    expect(document.activeElement).toBe(fieldNamed('firstName'));
    expect(host.textContent).toContain('Enter your last name');
    expect(await axeViolations(host)).toEqual([]);
    await typeInto('firstName', 'Siti');
    await typeInto('lastName', 'Rahayu');
    await typeInto('shopperEmail', 'siti@example');
    expect(host.textContent).toContain('Invalid Email address');
    await typeInto('shopperEmail', ' siti@example.co.id ');
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

  it('clears every field and its error on reset (a refused payment is retried with other details)', async () => {
    const { element, host } = await mountElement((checkout) => new Doku(checkout));
    await typeInto('firstName', 'Siti');
    await typeInto('shopperEmail', 'siti@');
    expect(host.textContent).toContain('Invalid Email address');
    await act(async () => void element.reset());
    expect(fieldNamed('firstName').value).toBe('');
    expect(fieldNamed('shopperEmail').value).toBe('');
    expect(host.textContent).not.toContain('Invalid Email address');
    expect(element.isValid).toBe(false);
  });

  it('starts from prefilled details', async () => {
    const { element } = await mountElement(
      (checkout) =>
        new Doku(checkout, {
          data: { firstName: 'Siti', lastName: 'Rahayu', shopperEmail: 'siti@example.co.id' },
        }),
    );
    expect(element.isValid).toBe(true);
    expect(fieldNamed('lastName').value).toBe('Rahayu');
  });
});

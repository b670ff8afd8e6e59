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

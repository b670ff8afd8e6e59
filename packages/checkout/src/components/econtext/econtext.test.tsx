import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { clickButton, fieldNamed, typeInto } from '../../test/form.ts';
import { mountElement } from '../../test/mount.ts';
import { Econtext } from './index.ts';

const pay = () => clickButton(/^Pay/);

describe('Econtext', () => {
  it('checks the phone number on blur and sends name, phone and e-mail', async () => {
    const { submitted, host } = await mountElement(
      (checkout) => new Econtext(checkout, { type: 'econtext_seven_eleven' }),
      { amount: { value: 2150, currency: 'JPY' } },
    );
    await typeInto('firstName', 'Haruto');
    await typeInto('lastName', 'Sato');
    await typeInto('shopperEmail', 'haruto@example.jp');
    expect(fieldNamed('telephoneNumber').maxLength).toBe(11);
    await typeInto('telephoneNumber', '090-1234-5678');
    expect(fieldNamed('telephoneNumber').value).toBe('090-1234-56');
    expect(host.textContent).toContain('Enter a telephone number of 10 or 11 digits');
    expect(fieldNamed('telephoneNumber').getAttribute('aria-invalid')).toBe('true');
    await pay();
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(fieldNamed('telephoneNumber'));
    expect(await axeViolations(host)).toEqual([]);
    await typeInto('telephoneNumber', '09012345678');
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

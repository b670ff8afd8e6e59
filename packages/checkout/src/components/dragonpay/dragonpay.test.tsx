import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { clickButton, typeInto } from '../../test/form.ts';
import { mountElement } from '../../test/mount.ts';
import { Dragonpay } from './index.ts';

const ISSUERS = [
  { id: 'BDO', name: 'BDO Unibank' },
  { id: 'BPI', name: 'Bank of the Philippine Islands' },
  { id: 'RCBC', name: 'RCBC', disabled: true },
];
const pay = () => clickButton(/^Pay/);

describe('Dragonpay', () => {
  it('needs a bank for online banking, and the e-mail', async () => {
    const { submitted, host } = await mountElement(
      (checkout) => new Dragonpay(checkout, { type: 'dragonpay_ebanking', issuers: ISSUERS }),
      { amount: { value: 50000, currency: 'PHP' } },
    );
    await pay();
    expect(submitted).toEqual([]);
    const bank = screen.getByRole('combobox', { name: 'Bank' });
    expect(document.activeElement).toBe(bank);
    expect(host.textContent).toContain('Select your bank to continue');
    expect((screen.getByRole('option', { name: 'RCBC' }) as HTMLOptionElement).disabled).toBe(true);
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => void fireEvent.change(bank, { target: { value: 'BPI' } }));
    await typeInto('shopperEmail', 'maria@example.ph');
    await pay();
    expect(submitted).toEqual([
      expect.objectContaining({
        paymentMethod: { type: 'dragonpay_ebanking', issuer: 'BPI' },
        shopperEmail: 'maria@example.ph',
      }),
    ]);
  });

  it('asks for an outlet over the counter; for none in the Philippines-wide variant or without issuers', async () => {
    await mountElement(
      (checkout) => new Dragonpay(checkout, { type: 'dragonpay_otc_non_banking', issuers: ISSUERS }),
    );
    expect(screen.getByRole('combobox', { name: 'Payment outlet' })).toBeTruthy();
    await mountElement((checkout) => new Dragonpay(checkout, { type: 'dragonpay_otc_banking' }));
    expect(screen.queryByRole('combobox')).toBeNull();
    const { submitted } = await mountElement(
      (checkout) => new Dragonpay(checkout, { type: 'dragonpay_otc_philippines', issuers: ISSUERS }),
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    await typeInto('shopperEmail', 'maria@example.ph');
    await pay();
    expect(submitted[0]).toMatchObject({
      paymentMethod: { type: 'dragonpay_otc_philippines' },
      shopperEmail: 'maria@example.ph',
    });
  });
});

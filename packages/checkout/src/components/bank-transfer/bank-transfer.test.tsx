import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentResponse } from '../../core/types.ts';
import { axeViolations } from '../../test/axe.ts';
import { mountElement } from '../../test/mount.ts';
import type { PaymentElement } from '../base/payment-element.tsx';
import { BankTransfer } from './bank-transfer.tsx';

let host: HTMLElement;
const ACTION = {
  type: 'bankTransfer',
  paymentMethodType: 'bankTransfer_IBAN',
  beneficiary: 'Actuate Sandbox Payments B.V.',
  iban: 'NL47ACTU0123456789',
  bic: 'ACTUNL2A',
  reference: 'AT7K2M-9QXD4R',
  totalAmount: { currency: 'EUR', value: 12345 },
};

async function setup(answer: PaymentResponse = { resultCode: 'PresentToShopper', action: ACTION }) {
  const mounted = await mountElement((checkout) => new BankTransfer(checkout), {
    amount: { value: 12345, currency: 'EUR' },
    answer,
  });
  host = mounted.host;
  return { checkout: mounted.checkout, element: mounted.element, submitted: mounted.submitted };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('bank transfer by IBAN', () => {
  it('pays without an e-mail when no copy is wanted, then shows the bank details', async () => {
    const { submitted } = await setup();
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => void fireEvent.click(continueButton()));
    expect(submitted).toEqual([expect.objectContaining({ paymentMethod: { type: 'bankTransfer_IBAN' } })]);
    expect(submitted[0]).not.toHaveProperty('shopperEmail');
    for (const value of [
      'NL47ACTU0123456789',
      'ACTUNL2A',
      'AT7K2M-9QXD4R',
      'Actuate Sandbox Payments B.V.',
      '€123.45',
    ])
      expect(host.textContent).toContain(value);
    expect(screen.getByRole('button', { name: 'Copy IBAN' })).toBeTruthy();
    expect(await axeViolations(host)).toEqual([]);
  });

  it('validates the e-mail only when the copy toggle is on', async () => {
    const { submitted } = await setup();
    await act(async () => void fireEvent.click(screen.getByRole('checkbox')));
    const email = () => host.querySelector<HTMLInputElement>('[name="shopperEmail"]')!;
    await act(async () => void fireEvent.change(email(), { target: { value: 'nope' } }));
    await act(async () => void fireEvent.click(continueButton()));
    expect(submitted).toEqual([]);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email());
    expect(await axeViolations(host)).toEqual([]);
    await act(async () => void fireEvent.change(email(), { target: { value: 'jan@example.nl' } }));
    await act(async () => void fireEvent.click(continueButton()));
    expect(submitted[0]).toMatchObject({ shopperEmail: 'jan@example.nl' });
  });

  it('copies a value and announces it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { checkout } = await setup();
    const element = checkout.createFromAction(ACTION) as unknown as PaymentElement;
    await act(async () => void element.mount(host));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy Reference' })));
    expect(writeText).toHaveBeenCalledWith('AT7K2M-9QXD4R');
    expect(document.body.textContent).toContain('Reference copied');
    vi.unstubAllGlobals();
  });
});

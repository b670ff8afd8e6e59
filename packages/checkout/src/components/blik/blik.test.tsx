import { act, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { Blik } from './index.ts';
import { blikCodeError, formatBlikCode } from './validate.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

const AMOUNT = { value: 4999, currency: 'PLN' };
const codeInput = () => screen.getByLabelText<HTMLInputElement>('Blik code');
const payButton = () => screen.getByRole('button', { name: /^Pay/ });

describe('Blik code rule', () => {
  it('accepts exactly six digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{6}$/), (code) => blikCodeError(code) === undefined));
  });

  it('refuses any other length of digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,12}$/).filter((code) => code.length !== 6),
        (code) => blikCodeError(code) === 'blik.invalid',
      ),
    );
  });

  it('keeps at most six digits of what is typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const kept = formatBlikCode(typed);
        return /^\d{0,6}$/.test(kept) && kept === typed.replace(/\D/g, '').slice(0, 6);
      }),
    );
  });
});

describe('Blik', () => {
  it('sends the six-digit code', async () => {
    const { submitted, host } = await mountElement((checkout) => new Blik(checkout), { amount: AMOUNT });
    expect(screen.getByText('Open your banking app and get a 6-digit Blik code.')).toBeTruthy();
    await act(async () => void fireEvent.change(codeInput(), { target: { value: '77 7123' } }));
    expect(codeInput().value).toBe('777123');
    await act(async () => void fireEvent.click(payButton()));
    expect(submitted).toEqual([
      expect.objectContaining({ paymentMethod: { type: 'blik', blikCode: '777123' } }),
    ]);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('shows the error on blur and on pay, and sends nothing until the code is complete', async () => {
    const { submitted, checkout, host } = await mountElement((checkout) => new Blik(checkout), {
      amount: AMOUNT,
    });
    await act(async () => void fireEvent.change(codeInput(), { target: { value: '12345' } }));
    expect(codeInput().getAttribute('aria-invalid')).toBe('false');
    await act(async () => void fireEvent.blur(codeInput()));
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(host.textContent).toContain('Enter the 6 digits of your Blik code');
    await act(async () => void fireEvent.click(payButton()));
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(codeInput());
    expect(checkout.liveRegion.current).toEqual(['Enter the 6 digits of your Blik code']);
    expect(await axeViolations(host)).toEqual([]);
  });

  it('pays with a stored Blik from a button alone', async () => {
    const { submitted, host } = await mountElement(
      (checkout) => new Blik(checkout, { storedPaymentMethodId: 'blik-stored-1' }),
      { amount: AMOUNT },
    );
    expect(host.querySelector('input')).toBeNull();
    await act(async () => void fireEvent.click(payButton()));
    expect(submitted).toEqual([
      expect.objectContaining({ paymentMethod: { type: 'blik', storedPaymentMethodId: 'blik-stored-1' } }),
    ]);
    expect(await axeViolations(host)).toEqual([]);
  });
});

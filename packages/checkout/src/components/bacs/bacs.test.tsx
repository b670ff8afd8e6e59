import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResponse } from '../../core/types.ts';
import { axeViolations } from '../../test/axe.ts';
import { mountElement } from '../../test/mount.ts';
import type { PaymentElement } from '../base/payment-element.tsx';
import { Bacs } from './bacs.tsx';

let host: HTMLElement;
const PDF_URL = 'http://gateway.test/bacs/mandates/BM1!abc.def';

async function setup(answer: PaymentResponse = { resultCode: 'Received' }) {
  const mounted = await mountElement((checkout) => new Bacs(checkout), {
    amount: { value: 4250, currency: 'GBP' },
    countryCode: 'GB',
    answer,
  });
  host = mounted.host;
  return { checkout: mounted.checkout, bacs: mounted.element, submitted: mounted.submitted };
}

const field = (name: string) => host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) =>
  act(async () => void fireEvent.change(field(name), { target: { value } }));
const blur = (name: string) => act(async () => void fireEvent.blur(field(name)));
const click = (name: string | RegExp) =>
  act(async () => void fireEvent.click(screen.getByRole('button', { name })));

async function fillValid() {
  await type('holderName', 'Jane Doe');
  await type('bankAccountNumber', '40308669');
  await type('bankLocationId', '560036');
  await type('shopperEmail', 'jane@example.co.uk');
  await act(async () => void fireEvent.click(field('amountConsent')));
  await act(async () => void fireEvent.click(field('accountConsent')));
}

afterEach(() => vi.restoreAllMocks());

describe('BACS direct debit', () => {
  it('keeps digits only: up to 8 for the account, up to 6 for the sort code', async () => {
    await setup();
    await type('bankAccountNumber', '12-34 5678 99');
    expect(field('bankAccountNumber').value).toBe('12345678');
    await type('bankLocationId', '56-00-36-99');
    expect(field('bankLocationId').value).toBe('560036');
  });

  it('asks for exactly six sort-code digits on blur, not while typing', async () => {
    await setup();
    await type('bankLocationId', '5600');
    expect(field('bankLocationId').getAttribute('aria-invalid')).toBe('false');
    await blur('bankLocationId');
    expect(field('bankLocationId').getAttribute('aria-invalid')).toBe('true');
    const errorId = field('bankLocationId').getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('Enter a sort code of 6 digits');
    await type('bankLocationId', '560036');
    expect(field('bankLocationId').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows every error, focuses the first and stays on the entry step when incomplete', async () => {
    const { submitted } = await setup();
    await type('holderName', 'Jane Doe');
    await click('Continue');
    expect(document.activeElement).toBe(field('bankAccountNumber'));
    for (const name of [
      'bankAccountNumber',
      'bankLocationId',
      'shopperEmail',
      'amountConsent',
      'accountConsent',
    ])
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
    expect(field('holderName').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('button', { name: /Confirm and pay/ })).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('goes enter → confirm (read-only) → edit → confirm → pays with the spec data', async () => {
    const { submitted } = await setup({
      resultCode: 'Received',
      action: { type: 'voucher', paymentMethodType: 'directdebit_GB', url: PDF_URL },
    });
    await fillValid();
    await click('Continue');
    expect(field('holderName').readOnly).toBe(true);
    expect(field('bankLocationId').readOnly).toBe(true);
    expect(document.activeElement?.textContent).toBe('Check your Direct Debit details');
    expect(await axeViolations(host)).toEqual([]);
    expect(submitted).toEqual([]);

    await click('Edit');
    expect(field('holderName').readOnly).toBe(false);
    expect(document.activeElement).toBe(field('holderName'));
    await type('holderName', 'Jane A. Doe');
    await click('Continue');
    await click('Confirm and pay £42.50');

    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({
      paymentMethod: {
        type: 'directdebit_GB',
        holderName: 'Jane A. Doe',
        bankAccountNumber: '40308669',
        bankLocationId: '560036',
      },
      shopperEmail: 'jane@example.co.uk',
    });
    // The voucher action replaces the form: the mandate PDF is one click away.
    const download = screen.getByRole('link', { name: /Download PDF/ });
    expect(download.getAttribute('href')).toBe(PDF_URL);
    expect(host.textContent).toContain('£42.50');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('createFromAction shows the BACS result for its voucher, without a download when no url', async () => {
    const { checkout } = await setup();
    const withUrl = checkout.createFromAction({
      type: 'voucher',
      paymentMethodType: 'directdebit_GB',
      url: PDF_URL,
    }) as unknown as PaymentElement;
    expect(withUrl).toBeInstanceOf(Bacs);
    const other = document.createElement('div');
    document.body.appendChild(other);
    await act(async () => void withUrl.mount(other));
    expect(other.querySelector('a')?.getAttribute('href')).toBe(PDF_URL);
    const withoutUrl = checkout.createFromAction({
      type: 'voucher',
      paymentMethodType: 'directdebit_GB',
    }) as unknown as PaymentElement;
    await act(async () => void withoutUrl.mount(other));
    expect(other.querySelector('a')).toBeNull();
    expect(other.textContent).toContain('Direct Debit set up');
  });

  it('passes axe on the entry step with errors shown', async () => {
    await setup();
    await click('Continue');
    expect(await axeViolations(host)).toEqual([]);
  });
});

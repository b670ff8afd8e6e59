import { act, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentAction } from '../../../core/types.ts';
import { createCheckout } from '../../../index.ts';
import { axeViolations } from '../../../test/axe.ts';
import { CLIENT_KEY, GATEWAY_URL } from '../../../test/fake-gateway.ts';
import type { PaymentElement } from '../../base/payment-element.tsx';
import { boletoBarcodeDigits } from './barcode.ts';
import { GeneralVoucher, registerVoucherAction } from './voucher-action.tsx';

let host: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  host = document.createElement('div');
  document.body.appendChild(host);
});

afterEach(() => vi.unstubAllGlobals());

const checkoutFor = (locale = 'de-DE') =>
  createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    locale,
  });

/** Shows an action as a confirmation page would: createFromAction, then mount (the view loads lazily). */
async function showAction(action: PaymentAction, locale = 'en-US') {
  const checkout = await checkoutFor(locale);
  const element = checkout.createFromAction(action) as unknown as PaymentElement;
  await act(async () => void element.mount(host));
  await act(async () => {
    await vi.waitFor(() => expect(host.querySelector('.actuate-checkout__voucher')).not.toBeNull());
  });
  return checkout;
}

/** The voucher's label/value rows as text pairs (copy buttons left out). */
const rows = () =>
  [...host.querySelectorAll('.actuate-checkout__voucher-detail')].map((row) => [
    row.querySelector('dt')?.textContent,
    (row.querySelector('.actuate-checkout__voucher-value > :first-child') ?? row.querySelector('dd'))
      ?.textContent,
  ]);

const BOLETO_LINE = '03399.33335 33823.303087 98801.301019 1 80020000002000';
const BOLETO: PaymentAction = {
  type: 'voucher',
  paymentMethodType: 'boletobancario',
  reference: BOLETO_LINE,
  expiresAt: '2026-12-03',
  totalAmount: { currency: 'BRL', value: 2000 },
  merchantName: 'Actuate Store',
  shopperEmail: 'joao@example.com.br',
  downloadUrl: `${GATEWAY_URL}vouchers/B1.pdf`,
};

describe('voucher action', () => {
  it('shows a method without its own view as a general voucher: amount, reference, details, download', async () => {
    const checkout = await checkoutFor();
    registerVoucherAction(checkout, 'someother', () => {
      throw new Error('not this one');
    });
    const element = checkout.createFromAction({
      type: 'voucher',
      paymentMethodType: 'oxxo',
      introduction: 'Pay at any store',
      totalAmount: { currency: 'MXN', value: 12000 },
      reference: '1234 5678',
      voucherDetails: [{ label: 'Expires', value: '2026-12-01' }, { label: 'broken' }],
      downloadUrl: 'https://gateway.test/voucher.pdf',
    }) as unknown as PaymentElement;
    expect(element).toBeInstanceOf(GeneralVoucher);
    await act(async () => void element.mount(host));
    expect(host.textContent).toContain('Pay at any store');
    expect(host.textContent).toContain('1234 5678');
    expect(host.textContent).toContain('2026-12-01');
    expect(host.textContent).not.toContain('broken');
    expect(screen.getByRole('button', { name: 'Zahlungsreferenz kopieren' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Herunterladen/ }).getAttribute('href')).toBe(
      'https://gateway.test/voucher.pdf',
    );
    expect(await axeViolations(host)).toEqual([]);
  });

  it('hands a registered method its own voucher', async () => {
    const checkout = await checkoutFor();
    const made: string[] = [];
    registerVoucherAction(checkout, 'boletobancario', (owner, action) => {
      made.push(String(action.reference));
      return new GeneralVoucher(owner, { action });
    });
    checkout.createFromAction({ type: 'voucher', paymentMethodType: 'boletobancario', reference: 'B1' });
    expect(made).toEqual(['B1']);
  });
});

describe('boleto barcode', () => {
  it('encodes the typed line as 44 digits: check digits out, due factor and value ahead', () => {
    expect(boletoBarcodeDigits(BOLETO_LINE)).toBe('03391800200000020009333333823303089880130101');
    expect(boletoBarcodeDigits('0339180020000002000933333382330308988013010')).toBeUndefined();
    fc.assert(
      fc.property(fc.stringMatching(/^\d{47}$/), (line) => {
        const barcode = boletoBarcodeDigits(line)!;
        const withoutLineChecks = line.slice(0, 9) + line.slice(10, 20) + line.slice(21, 31) + line.slice(32);
        return (
          barcode.length === 44 &&
          barcode.slice(0, 4) === line.slice(0, 4) &&
          barcode.slice(4, 19) === line.slice(32) &&
          [...barcode].sort().join('') === [...withoutLineChecks].sort().join('')
        );
      }),
    );
  });
});

describe('voucher view per method', () => {
  it('Boleto: logo, typed line with its barcode, expiry in the shopper language, copy and PDF', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await showAction(BOLETO);
    expect(screen.getByRole('img', { name: 'Boleto Bancário' }).getAttribute('src')).toBe(
      `${GATEWAY_URL}images/logos/boletobancario.svg`,
    );
    const barcode = screen.getByRole('img', { name: `Barcode of ${BOLETO_LINE}` });
    expect(barcode.getAttribute('src')).toBe(
      `${GATEWAY_URL}barcode.shtml?barcodeType=BT_Int2of5A&fileType=png&data=03391800200000020009333333823303089880130101`,
    );
    expect(host.textContent).toContain('R$20.00');
    expect(rows()).toEqual([
      ['Expires on', 'December 3, 2026'],
      ['Shop', 'Actuate Store'],
      ['E-mail address', 'joao@example.com.br'],
    ]);
    const download = screen.getByRole('link', { name: /Download/ });
    expect(download.getAttribute('href')).toBe(`${GATEWAY_URL}vouchers/B1.pdf`);
    expect(download.hasAttribute('download')).toBe(true);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy Typed line' })));
    expect(writeText).toHaveBeenCalledWith(BOLETO_LINE);
    expect(document.body.textContent).toContain('Typed line copied');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('Multibanco: entity and reference to copy, the expiry with its time, no barcode', async () => {
    await showAction({
      type: 'voucher',
      paymentMethodType: 'multibanco',
      entity: '12101',
      reference: '501 422 944',
      expiresAt: '2026-12-03T12:00:00Z',
      totalAmount: { currency: 'EUR', value: 4150 },
      merchantName: 'Actuate Store',
    });
    expect(screen.getByRole('heading', { name: 'Pay with Multibanco' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Barcode/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Entity' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Payment reference' })).toBeTruthy();
    expect(rows()[0]).toEqual(['Entity', '12101']);
    expect(rows()[1]?.[1]).toMatch(/^December 3, 2026/);
    expect(rows()[1]?.[1]).not.toBe('December 3, 2026');
    expect(screen.queryByRole('link')).toBeNull();
    expect(await axeViolations(host)).toEqual([]);
  });

  it('OXXO: the alternative reference as a Code 128 barcode, in German', async () => {
    await showAction(
      {
        type: 'voucher',
        paymentMethodType: 'oxxo',
        reference: '59168675976701',
        alternativeReference: '59168675976701000000012345',
        expiresAt: '2026-12-03',
        totalAmount: { currency: 'MXN', value: 120000 },
        downloadUrl: `${GATEWAY_URL}vouchers/O1.pdf`,
      },
      'de-DE',
    );
    expect(screen.getByRole('img', { name: 'Strichcode von 59168675976701' }).getAttribute('src')).toContain(
      'barcodeType=BT_Code128C&fileType=png&data=59168675976701000000012345',
    );
    expect(rows()).toEqual([
      ['Alternative Referenz', '59168675976701000000012345'],
      ['Gültig bis', '3. Dezember 2026'],
    ]);
    expect(screen.getByRole('link', { name: /Herunterladen/ })).toBeTruthy();
    expect(await axeViolations(host)).toEqual([]);
  });

  it('Econtext: amount with surcharge, instructions, masked phone and the store number', async () => {
    await showAction({
      type: 'voucher',
      paymentMethodType: 'econtext_seven_eleven',
      reference: '591686',
      collectionInstitutionNumber: '58091',
      maskedTelephoneNumber: '080****5678',
      instructionsUrl: 'https://gateway.test/instructions/seven-eleven',
      initialAmount: { currency: 'JPY', value: 2000 },
      surcharge: { currency: 'JPY', value: 150 },
      totalAmount: { currency: 'JPY', value: 2150 },
      expiresAt: '2026-12-03',
    });
    const amount = host.querySelector('.actuate-checkout__voucher-amount')?.textContent;
    expect(amount).toContain('¥2,150');
    expect(amount).toContain('Includes ¥150 surcharge');
    expect(rows()).toEqual([
      ['Collection institution number', '58091'],
      ['Expires on', 'December 3, 2026'],
      ['Order amount', '¥2,000'],
      ['Telephone number', '080****5678'],
    ]);
    const instructions = screen.getByRole('link', { name: 'How to pay (opens in a new window)' });
    expect(instructions.getAttribute('href')).toBe('https://gateway.test/instructions/seven-eleven');
    expect(instructions.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('Dragonpay: the issuer logo named by its issuer; a logo the gateway lacks leaves the page', async () => {
    await showAction({
      type: 'voucher',
      paymentMethodType: 'dragonpay_otc_banking',
      issuer: 'BDO',
      reference: 'DP-1234',
      totalAmount: { currency: 'PHP', value: 50000 },
    });
    expect(screen.getByRole('img', { name: 'Logo of BDO' }).getAttribute('src')).toBe(
      `${GATEWAY_URL}images/logos/dragonpay_otc_banking/BDO.svg`,
    );
    await act(async () => void fireEvent.error(screen.getByRole('img', { name: 'Logo of BDO' })));
    expect(screen.queryByRole('img', { name: 'Logo of BDO' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Dragonpay' })).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import type { PaymentElement } from '../base/payment-element.tsx';
import { isValidBrazilianTaxId } from '../internal/brazilian-tax-id.ts';
import { Pix } from './index.ts';

/** The two check digits a CPF's first nine digits call for, computed the way the tax office states it. */
function cpfFromBody(body: number[]): string {
  const digitFor = (digits: number[]) => {
    const sum = digits.reduce((total, digit, index) => total + digit * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digitFor(body);
  const second = digitFor([...body, first]);
  return [...body, first, second].join('');
}

const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const someDigits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });

describe('CPF and CNPJ check digits', () => {
  it('accepts every CPF with its own check digits, typed with or without punctuation', () => {
    fc.assert(
      fc.property(
        someDigits(9).filter((body) => new Set(body).size > 1),
        (body) => {
          const cpf = cpfFromBody(body);
          expect(isValidBrazilianTaxId(cpf)).toBe(true);
          expect(isValidBrazilianTaxId(formatted(cpf))).toBe(true);
        },
      ),
    );
  });

  it('rejects a CPF whose last digit is changed', () => {
    fc.assert(
      fc.property(
        someDigits(9).filter((body) => new Set(body).size > 1),
        fc.integer({ min: 1, max: 9 }),
        (body, shift) => {
          const cpf = cpfFromBody(body);
          const wrong = `${cpf.slice(0, 10)}${(Number(cpf[10]) + shift) % 10}`;
          expect(isValidBrazilianTaxId(wrong)).toBe(false);
        },
      ),
    );
  });

  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['529.982.247-24', false],
    ['111.111.111-11', false],
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.222.333/0001-80', false],
    ['1234567890', false],
    ['529.982.247-2a', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidBrazilianTaxId(value)).toBe(valid);
  });
});

describe('Pix', () => {
  let shown: PaymentElement | undefined;
  afterEach(() => shown?.unmount());

  it('asks for names and a CPF/CNPJ, shows errors, and sends them', async () => {
    const { host, element, submitted } = await mountElement((checkout) => new Pix(checkout));
    shown = element;
    const button = screen.getByRole('button', { name: 'Generate QR code' });
    await act(async () => fireEvent.click(button));
    expect(submitted).toHaveLength(0);
    expect(host.textContent).toContain('Enter your first name');
    expect(host.textContent).toContain('Enter a valid CPF or CNPJ number');
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Souza' } });
    const taxId = screen.getByLabelText('CPF/CNPJ') as HTMLInputElement;
    fireEvent.change(taxId, { target: { value: '52998224724' } });
    expect(taxId.value).toBe('529.982.247-24');
    expect(element.isValid).toBe(false);
    fireEvent.change(taxId, { target: { value: '52998224725' } });
    expect(element.isValid).toBe(true);
    await act(async () => fireEvent.click(button));
    expect(submitted[0]).toMatchObject({
      paymentMethod: { type: 'pix' },
      shopperName: { firstName: 'Ana', lastName: 'Souza' },
      socialSecurityNumber: '52998224725',
    });
    expect(await axeViolations(host)).toEqual([]);
  });

  it('without personal details is only a button, and shows the QR code it is answered with', async () => {
    installFakeFetch().route('/services/PaymentInitiation/v1/status', () => ({ type: 'pending' }));
    const answer = {
      resultCode: 'Pending' as const,
      action: { type: 'qrCode', paymentMethodType: 'pix', qrCodeData: 'pix-qr', paymentData: 'pd' },
    };
    const { host, element, submitted } = await mountElement(
      (checkout) => new Pix(checkout, { personalDetailsRequired: false }),
      { answer },
    );
    shown = element;
    expect(host.querySelectorAll('input')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate QR code' })));
    expect(submitted[0]).toEqual(expect.objectContaining({ paymentMethod: { type: 'pix' } }));
    expect(submitted[0]).not.toHaveProperty('socialSecurityNumber');
    await waitFor(() => expect(host.textContent).toContain('Scan the QR code with the Pix app'));
    expect(host.textContent).toContain('15:00');
  });
});

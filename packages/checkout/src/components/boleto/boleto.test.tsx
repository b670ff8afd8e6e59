import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentAction } from '../../core/types.ts';
import { axeViolations } from '../../test/axe.ts';
import { GATEWAY_URL, installFakeFetch } from '../../test/fake-gateway.ts';
import { clickButton, fieldNamed, typeInto } from '../../test/form.ts';
import { mountElement } from '../../test/mount.ts';
import { Boleto, type BoletoOptions } from './index.ts';

const VOUCHER: PaymentAction = {
  type: 'voucher',
  paymentMethodType: 'boletobancario',
  reference: '03399.33335 33823.303087 98801.301019 1 80020000002000',
  expiresAt: '2026-12-03',
  totalAmount: { currency: 'BRL', value: 2000 },
  downloadUrl: `${GATEWAY_URL}vouchers/B1.pdf`,
};

beforeEach(() => {
  const fake = installFakeFetch();
  fake.route('/datasets/countries/en-US.json', () => [
    { id: 'BR', name: 'Brazil' },
    { id: 'PT', name: 'Portugal' },
  ]);
  fake.route('/datasets/states/BR/en-US.json', () => [
    { id: 'RJ', name: 'Rio de Janeiro' },
    { id: 'SP', name: 'São Paulo' },
  ]);
  return () => vi.unstubAllGlobals();
});

const mount = (options: BoletoOptions = {}) =>
  mountElement((checkout) => new Boleto(checkout, options), {
    amount: { value: 2000, currency: 'BRL' },
    countryCode: 'BR',
    answer: { resultCode: 'PresentToShopper', action: VOUCHER },
  });

const generate = () => clickButton('Generate boleto');

async function fillValidForm() {
  await typeInto('firstName', 'João');
  await typeInto('lastName', 'Silva');
  await typeInto('socialSecurityNumber', '52998224725');
  await typeInto('postalCode', '01310-100');
  await typeInto('street', 'Avenida Paulista');
  await typeInto('houseNumberOrName', '1578');
  await typeInto('city', 'São Paulo');
  await act(async () => void fireEvent.change(fieldNamed('stateOrProvince'), { target: { value: 'SP' } }));
}

describe('Boleto', () => {
  it('asks for name, CPF/CNPJ and a Brazilian address: errors shown, announced and the first focused', async () => {
    const { submitted, host } = await mount();
    await act(async () => {
      await vi.waitFor(() => expect(fieldNamed('stateOrProvince')).not.toBeNull());
    });
    expect([...fieldNamed('country').querySelectorAll('option')].map((option) => option.value)).toEqual([
      '',
      'BR',
    ]);
    await generate();
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(fieldNamed('firstName'));
    expect(fieldNamed('socialSecurityNumber').getAttribute('aria-invalid')).toBe('true');
    expect(fieldNamed('street').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Enter your first name');
    expect(document.querySelector('.actuate-checkout__sr-panel')?.textContent).toContain(
      'Enter the CPF/CNPJ',
    );
    await typeInto('socialSecurityNumber', '52998224726');
    expect(fieldNamed('socialSecurityNumber').value).toBe('529.982.247-26');
    expect(host.textContent).toContain('Enter a valid CPF/CNPJ number');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('sends the shopper, the CPF digits and the address, then shows the voucher with its barcode', async () => {
    const { submitted, host } = await mount();
    await act(async () => {
      await vi.waitFor(() => expect(fieldNamed('stateOrProvince')).not.toBeNull());
    });
    await fillValidForm();
    await generate();
    expect(submitted).toEqual([
      expect.objectContaining({
        paymentMethod: { type: 'boletobancario' },
        shopperName: { firstName: 'João', lastName: 'Silva' },
        socialSecurityNumber: '52998224725',
        billingAddress: {
          street: 'Avenida Paulista',
          houseNumberOrName: '1578',
          postalCode: '01310-100',
          city: 'São Paulo',
          stateOrProvince: 'SP',
          country: 'BR',
        },
      }),
    ]);
    expect(submitted[0]).not.toHaveProperty('shopperEmail');
    await act(async () => {
      await vi.waitFor(() => expect(screen.getByRole('img', { name: /^Barcode of/ })).toBeTruthy());
    });
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe(
      `${GATEWAY_URL}vouchers/B1.pdf`,
    );
    expect(host.textContent).toContain('December 3, 2026');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('focuses the first invalid field on the page: the address before the e-mail under it', async () => {
    const { submitted } = await mount();
    await act(async () => {
      await vi.waitFor(() => expect(fieldNamed('stateOrProvince')).not.toBeNull());
    });
    await fillNameOnly();
    await act(
      async () => void fireEvent.click(screen.getByRole('checkbox', { name: 'Send a copy to my e-mail' })),
    );
    await generate();
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(fieldNamed('postalCode'));
    expect(fieldNamed('shopperEmail').getAttribute('aria-invalid')).toBe('true');
  });

  it('validates and sends the e-mail only when a copy is asked for', async () => {
    const { submitted } = await mount({ billingAddressRequired: false });
    await fillNameOnly();
    expect(fieldNamed('shopperEmail')).toBeNull();
    await act(
      async () => void fireEvent.click(screen.getByRole('checkbox', { name: 'Send a copy to my e-mail' })),
    );
    await typeInto('shopperEmail', 'joao@');
    await generate();
    expect(submitted).toEqual([]);
    expect(document.activeElement).toBe(fieldNamed('shopperEmail'));
    await typeInto('shopperEmail', 'joao@example.com.br');
    await generate();
    expect(submitted[0]).toMatchObject({ shopperEmail: 'joao@example.com.br' });
    expect(submitted[0]).not.toHaveProperty('billingAddress');
  });

  it('is only the button when neither personal details nor the address are asked for', async () => {
    const { submitted } = await mount({
      personalDetailsRequired: false,
      billingAddressRequired: false,
      showEmailAddress: false,
    });
    expect(document.querySelectorAll('input')).toHaveLength(0);
    await generate();
    expect(submitted[0]?.paymentMethod).toEqual({ type: 'boletobancario' });
    expect(Object.keys(submitted[0]!).sort()).toEqual(['clientStateDataIndicator', 'paymentMethod']);
  });
});

async function fillNameOnly() {
  await typeInto('firstName', 'João');
  await typeInto('lastName', 'Silva');
  await typeInto('socialSecurityNumber', '11.222.333/0001-81');
}

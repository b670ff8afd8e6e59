import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import { RatepayDirectDebit } from './index.ts';

beforeEach(() => {
  installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('Ratepay direct debit', () => {
  it('asks the bank account: the IBAN is grouped as typed, checked, and sent with its owner', async () => {
    const data = {
      personalDetails: {
        firstName: 'Anna',
        lastName: 'Bauer',
        gender: 'FEMALE' as const,
        dateOfBirth: '1975-12-24',
        shopperEmail: 'anna@bauer.de',
        telephoneNumber: '+49 30 1234567',
      },
      billingAddress: {
        street: 'Hauptstraße',
        houseNumberOrName: '5',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
      },
    };
    const { element, host } = await mountElement((checkout) => new RatepayDirectDebit(checkout, { data }), {
      amount: { value: 5000, currency: 'EUR' },
      countryCode: 'DE',
    });
    const iban = screen.getByLabelText('IBAN') as HTMLInputElement;
    fireEvent.change(iban, { target: { value: 'de89370400440532013001' } });
    fireEvent.blur(iban);
    expect(iban.value).toBe('DE89 3704 0044 0532 0130 01');
    expect(host.textContent).toContain('not a valid account number');
    fireEvent.change(iban, { target: { value: 'DE89370400440532013000' } });
    fireEvent.change(screen.getByLabelText('Account holder name'), { target: { value: 'Anna Bauer' } });
    fireEvent.click(screen.getByLabelText('I accept the payment terms of Ratepay'));
    expect(element.isValid).toBe(true);
    expect(element.data).toMatchObject({
      paymentMethod: { type: 'ratepay_directdebit' },
      bankAccount: { iban: 'DE89370400440532013000', ownerName: 'Anna Bauer', countryCode: 'DE' },
      dateOfBirth: '1975-12-24',
    });
    expect(await axeViolations(host)).toEqual([]);
  });
});

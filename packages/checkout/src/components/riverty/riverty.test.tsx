import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { installFakeFetch } from '../../test/fake-gateway.ts';
import { mountElement } from '../../test/mount.ts';
import type { OpenInvoiceOptions } from '../internal/open-invoice/options.ts';
import { Riverty } from './index.ts';

const setup = (options: OpenInvoiceOptions = {}, locale = 'en-US', countryCode = 'DE') =>
  mountElement((checkout) => new Riverty(checkout, options), {
    amount: { value: 5000, currency: 'EUR' },
    countryCode,
    locale,
  });

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

function fillB2B() {
  type('Company name', 'Bauer GmbH');
  type('Company registration number', 'HRB 12345');
  type('First name', 'Anna');
  type('Last name', 'Bauer');
  type('Email address', 'anna@bauer-gmbh.de');
  type('Telephone number', '+49 30 1234567');
  type('Street', 'Hauptstraße');
  type('House number', '5');
  type('Postal code', '10115');
  type('City', 'Berlin');
}

beforeEach(() => {
  const fake = installFakeFetch();
  for (const locale of ['en-US', 'de-DE'])
    fake.route(`/datasets/countries/${locale}.json`, () => [
      { id: 'AT', name: 'Austria' },
      { id: 'CH', name: 'Switzerland' },
      { id: 'DE', name: 'Germany' },
      { id: 'DK', name: 'Denmark' },
    ]);
});
afterEach(() => vi.unstubAllGlobals());

describe('Riverty for business (afterpay_b2b)', () => {
  it('shows every error with the spec’s keys on submit and focuses the first', async () => {
    const { element, host, onSubmit } = await setup({ type: 'afterpay_b2b' });
    await act(async () => element.submit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(host.textContent).toContain('Enter the company name');
    expect(host.textContent).toContain('Enter the company registration number');
    expect(host.textContent).toContain('Enter your first name');
    expect(host.textContent).toContain('You need to accept the payment terms');
    expect(document.activeElement).toBe(screen.getByLabelText('Company name'));
    expect(screen.getByLabelText('Company name').getAttribute('aria-invalid')).toBe('true');
    // B2B asks no birth date or gender.
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('sends company, shopper, billing and (fallback) delivery address once valid and consented', async () => {
    const { element, host } = await setup({ type: 'afterpay_b2b' });
    fillB2B();
    expect(element.isValid).toBe(false);
    fireEvent.click(screen.getByLabelText('I accept the payment terms of Riverty'));
    expect(element.isValid).toBe(true);
    const address = {
      street: 'Hauptstraße',
      houseNumberOrName: '5',
      postalCode: '10115',
      city: 'Berlin',
      stateOrProvince: 'N/A',
      country: 'DE',
    };
    expect(element.data).toMatchObject({
      paymentMethod: { type: 'afterpay_b2b' },
      company: { name: 'Bauer GmbH', registrationNumber: 'HRB 12345' },
      shopperName: { firstName: 'Anna', lastName: 'Bauer' },
      shopperEmail: 'anna@bauer-gmbh.de',
      telephoneNumber: '+49 30 1234567',
      billingAddress: address,
      deliveryAddress: address,
    });
    expect(element.data.dateOfBirth).toBeUndefined();
    const link = screen.getByRole('link', { name: /Riverty payment terms/ }) as HTMLAnchorElement;
    expect(link.href).toContain('b2b_invoice/de_en/');
    expect(await axeViolations(host)).toEqual([]);
  });

  it('a separate delivery address is sent instead of the billing one', async () => {
    const { element } = await setup({ type: 'afterpay_b2b' });
    fillB2B();
    fireEvent.click(screen.getByLabelText('Deliver to a different address'));
    const delivery = within(screen.getByRole('group', { name: 'Delivery address' }));
    fireEvent.change(delivery.getByLabelText('Street'), { target: { value: 'Lagerweg' } });
    fireEvent.change(delivery.getByLabelText('House number'), { target: { value: '9' } });
    fireEvent.change(delivery.getByLabelText('Postal code'), { target: { value: '20095' } });
    fireEvent.change(delivery.getByLabelText('City'), { target: { value: 'Hamburg' } });
    expect(element.data.deliveryAddress).toMatchObject({
      street: 'Lagerweg',
      city: 'Hamburg',
      country: 'DE',
    });
    expect(element.data.billingAddress).toMatchObject({ city: 'Berlin' });
  });
});

describe('Riverty (riverty)', () => {
  it('asks gender and an adult birth date, typed day/month/year and sent year-month-day', async () => {
    const { element, host } = await setup({}, 'de-DE');
    expect(screen.getByRole('radiogroup', { name: 'Geschlecht' })).toBeTruthy();
    const birth = screen.getByLabelText('Geburtsdatum') as HTMLInputElement;
    if (birth.type === 'date') {
      fireEvent.change(birth, { target: { value: '1975-12-24' } });
    } else {
      expect(birth.maxLength).toBe(10);
      fireEvent.change(birth, { target: { value: '24121975' } });
      expect(birth.value).toBe('24/12/1975');
    }
    expect(element.data.dateOfBirth).toBe('1975-12-24');
    const thisYear = new Date().getFullYear();
    fireEvent.change(birth, {
      target: { value: birth.type === 'date' ? `${thisYear - 10}-01-01` : `0101${thisYear - 10}` },
    });
    fireEvent.blur(birth);
    expect(host.textContent).toContain('mindestens 18 Jahre');
    fireEvent.click(screen.getByLabelText('Weiblich'));
    expect(element.data.shopperName).toMatchObject({ gender: 'FEMALE' });
    const link = screen.getByRole('link', { name: /Zahlungsbedingungen/ }) as HTMLAnchorElement;
    expect(link.href).toContain('/invoice/de_de/');
  });

  it('readOnly sections show the merchant’s data as text and send it; hidden ones send their data', async () => {
    const personalDetails = {
      firstName: 'Anna',
      lastName: 'Bauer',
      gender: 'FEMALE' as const,
      dateOfBirth: '1975-12-24',
      shopperEmail: 'anna@bauer.de',
      telephoneNumber: '+49 30 1234567',
    };
    const billingAddress = {
      street: 'Hauptstraße',
      houseNumberOrName: '5',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    };
    const { element, host } = await setup({
      data: { personalDetails, billingAddress },
      visibility: { personalDetails: 'readOnly', billingAddress: 'hidden', deliveryAddress: 'hidden' },
    });
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(screen.queryByLabelText('Street')).toBeNull();
    expect(screen.getByRole('group', { name: 'Personal details' }).textContent).toContain('Anna Bauer');
    fireEvent.click(screen.getByLabelText('I accept the payment terms of Riverty'));
    expect(element.isValid).toBe(true);
    expect(element.data).toMatchObject({
      shopperName: { firstName: 'Anna', lastName: 'Bauer', gender: 'FEMALE' },
      dateOfBirth: '1975-12-24',
      billingAddress: { city: 'Berlin' },
      deliveryAddress: { city: 'Berlin' },
    });
    expect(await axeViolations(host)).toEqual([]);
  });
});

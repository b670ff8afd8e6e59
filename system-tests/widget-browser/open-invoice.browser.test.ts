import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** Open invoice and buy now, pay later in Chromium: our drop-in against the real gateway. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });

const payButton = (page: Page) => page.locator('.actuate-checkout__button--pay');

async function openDropin(query: string, method: string) {
  const { page } = await harness.openDemo(`flow=advanced&component=dropin&${query}`);
  const entry = page.getByRole('button', { name: method, exact: true });
  await entry.waitFor({ timeout: 30_000 });
  await entry.click();
  return page;
}

async function fillRivertyB2B(page: Page, lastName: string, company: string, address: string[]) {
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Company registration number').fill('HRB 12345');
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email address').fill('anna@example.com');
  await page.getByLabel('Telephone number').fill('+49 30 1234567');
  const [street, house, postalCode, city] = address;
  await page.getByLabel('Street').fill(street!);
  await page.getByLabel('House number').fill(house!);
  await page.getByLabel('Postal code').fill(postalCode!);
  await page.getByLabel('City').fill(city!);
  await page.getByLabel(/I accept the payment terms of Riverty/).check();
}

describe('Riverty for business through our drop-in', () => {
  it('authorises Bauer GmbH (DE, EUR) at once, with no axe issue on the form and its errors', async () => {
    const page = await openDropin('country=DE&currency=EUR&amount=5000', 'Riverty for business');
    await page.getByLabel('Company name').waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await payButton(page).click();
    await expect
      .poll(() =>
        page.locator('.actuate-checkout__error-text', { hasText: 'Enter the company name' }).isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('company.name');
    expect(await axe(page)).toEqual([]);
    await fillRivertyB2B(page, 'Bauer', 'Bauer GmbH', ['Hauptstraße', '5', '10115', 'Berlin']);
    await payButton(page).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });

  it('refuses when the contact’s last name is DECLINED (ACME A/S, DK, DKK)', async () => {
    const page = await openDropin('country=DK&currency=DKK&amount=250000', 'Riverty for business');
    await page.getByLabel('Company name').waitFor({ timeout: 30_000 });
    // The billing country starts as the shopper's own (Riverty delivers to Denmark).
    expect(await page.locator('#payment').getByLabel('Country/Region').inputValue()).toBe('DK');
    await fillRivertyB2B(page, 'DECLINED', 'ACME A/S', ['Vesterbrogade', '1', '1620', 'København']);
    await payButton(page).click();
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });
});

describe('Klarna through the provider’s consent page', () => {
  for (const [choice, expected] of [
    ['Accept the terms and pay', 'Result: Authorised'],
    ['Decline (the provider refuses)', 'Result: Refused'],
  ] as const) {
    it(`${choice} → ${expected}`, async () => {
      const page = await openDropin('country=DE&currency=EUR&amount=5000', 'Klarna: pay later');
      await page.getByRole('button', { name: 'Continue to Klarna' }).click();
      await page.getByRole('heading', { name: /Klarna: confirm your purchase/ }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: choice }).click();
      expect(await resultOf(page)).toBe(expected);
      await page.close();
    });
  }
});

describe('section visibility', () => {
  it('readOnly sections show text, hidden ones are gone, and the payment still goes through', async () => {
    const { page } = await harness.openDemo(`flow=advanced&component=afterpay_b2b&country=DE&currency=EUR`);
    await page.getByLabel('Company name').waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      const element = (window as unknown as { element: { update(options: object): void } }).element;
      element.update({
        data: {
          companyDetails: { name: 'Bauer GmbH', registrationNumber: 'HRB 12345' },
          personalDetails: {
            firstName: 'Anna',
            lastName: 'Bauer',
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
        },
        visibility: {
          companyDetails: 'readOnly',
          personalDetails: 'readOnly',
          billingAddress: 'hidden',
          deliveryAddress: 'hidden',
        },
      });
    });
    await page.getByRole('group', { name: 'Company details' }).getByText('Bauer GmbH').waitFor();
    expect(await page.getByLabel('Company name').count()).toBe(0);
    expect(await page.getByLabel('Street').count()).toBe(0);
    expect(await page.getByLabel('Deliver to a different address').count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await page.getByLabel(/I accept the payment terms of Riverty/).check();
    await payButton(page).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });
});

describe('every other open-invoice and buy-now-pay-later method', () => {
  const person = {
    firstName: 'Anna',
    lastName: 'Jensen',
    gender: 'FEMALE',
    dateOfBirth: '1980-05-17',
    shopperEmail: 'anna@example.com',
    telephoneNumber: '+45 12 34 56 78',
  };
  const addresses: Record<string, object> = {
    NL: { street: 'Damrak', houseNumberOrName: '1', postalCode: '1012LG', city: 'Amsterdam', country: 'NL' },
    DE: { street: 'Hauptstraße', houseNumberOrName: '5', postalCode: '10115', city: 'Berlin', country: 'DE' },
    FR: {
      street: 'Rue de Rivoli',
      houseNumberOrName: '10',
      postalCode: '75001',
      city: 'Paris',
      country: 'FR',
    },
    US: {
      street: 'Market Street',
      houseNumberOrName: '1',
      postalCode: '94105',
      city: 'San Francisco',
      stateOrProvince: 'CA',
      country: 'US',
    },
    SG: {
      street: 'Orchard Road',
      houseNumberOrName: '1',
      postalCode: '238801',
      city: 'Singapore',
      country: 'SG',
    },
  };
  it.each([
    ['afterpay_default', 'NL', 'EUR'],
    ['ratepay', 'DE', 'EUR'],
    ['ratepay_directdebit', 'DE', 'EUR'],
    ['affirm', 'US', 'USD'],
    ['facilypay_3x', 'FR', 'EUR'],
    ['atome', 'SG', 'SGD'],
  ])('%s (%s, %s) is authorised through its own component', async (type, country, currency) => {
    const { page } = await harness.openDemo(
      `flow=advanced&component=${type}&country=${country}&currency=${currency}&amount=20000`,
    );
    await payButton(page).waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await page.evaluate(
      ({ person, address, country }) => {
        const element = (window as unknown as { element: { update(options: object): void } }).element;
        element.update({
          data: {
            personalDetails: person,
            billingAddress: address,
            bankAccount: { iban: 'DE89370400440532013000', ownerName: 'Anna Jensen', countryCode: country },
          },
          visibility: {
            personalDetails: 'readOnly',
            billingAddress: 'readOnly',
            deliveryAddress: 'hidden',
            bankAccount: 'readOnly',
          },
        });
      },
      { person, address: addresses[country], country },
    );
    // The consent (the only checkbox left with the delivery address hidden), where the method has one.
    for (const box of await page.locator('#payment input[type="checkbox"]').all())
      if (!(await box.isChecked())) await box.check();
    await payButton(page).click();
    const acceptAtProvider = page.getByRole('button', { name: 'Accept the terms and pay' });
    const result = page.locator('#result', { hasText: /Result:|Error:/ });
    await Promise.race([acceptAtProvider.waitFor({ timeout: 30_000 }), result.waitFor({ timeout: 30_000 })]);
    if (await acceptAtProvider.isVisible()) await acceptAtProvider.click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });
});

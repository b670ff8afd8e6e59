import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, pay, resultOf, securedInput, useHarness } from './harness.ts';

/** SEPA and ACH direct debits in Chromium against the real gateway, standalone and in the drop-in. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });

async function fillSepa(page: Page, ownerName: string, iban: string) {
  await page.getByLabel(/Account holder name/).fill(ownerName);
  await page.getByLabel(/^IBAN/).pressSequentially(iban, { delay: 5 });
}

async function fillAch(page: Page, ownerName: string, account = '123456789', routing = '011000015') {
  await securedInput(page, 'encryptedBankAccountNumber').pressSequentially(account, { delay: 5 });
  await securedInput(page, 'encryptedBankLocationId').pressSequentially(routing, { delay: 5 });
  await page.getByLabel(/Account holder name/).fill(ownerName);
}

const ACH_QUERY = 'currency=USD&country=US&amount=2500';

describe('SEPA Direct Debit in Chromium', () => {
  it('pays standalone; the IBAN is grouped as typed', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=sepadirectdebit');
    await fillSepa(page, 'A. Schneider', 'nl13test0123456789');
    await expect.poll(() => page.getByLabel(/^IBAN/).inputValue()).toBe('NL13 TEST 0123 4567 89');
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the invalid-IBAN text, and the form has no serious axe issue', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=sepadirectdebit');
    await fillSepa(page, 'A. Schneider', 'NL14TEST0123456789');
    await expect
      .poll(() => page.getByText('Check the IBAN: it is not a valid account number').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel(/^IBAN/).getAttribute('aria-invalid')).toBe('true');
    expect(await axe(page)).toEqual([]);
    await page.close();
  });

  it('is refused by owner name DECLINED', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=sepadirectdebit');
    await fillSepa(page, 'DECLINED', 'DE87123456781234567890');
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });

  it('pays through the drop-in', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=dropin');
    await page.getByRole('button', { name: /SEPA Direct Debit/ }).click();
    await fillSepa(page, 'A. Schneider', 'NL13TEST0123456789');
    await page.getByRole('button', { name: /^Pay [$€]/ }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('ACH Direct Debit in Chromium', () => {
  it('pays standalone with the numbers typed into the gateway frames', async () => {
    const { page, errors } = await harness.openDemo(`flow=sessions&component=ach&${ACH_QUERY}`);
    await fillAch(page, 'J. Smith');
    expect(await axe(page)).toEqual([]);
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a wrong routing number and is refused by owner name DECLINED', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=ach&${ACH_QUERY}`);
    await securedInput(page, 'encryptedBankLocationId').pressSequentially('011000016', { delay: 5 });
    await expect.poll(() => page.getByText('Enter a valid routing number').isVisible()).toBe(true);
    await securedInput(page, 'encryptedBankLocationId').press('Backspace');
    await securedInput(page, 'encryptedBankLocationId').pressSequentially('5', { delay: 5 });
    await securedInput(page, 'encryptedBankAccountNumber').pressSequentially('123456789', { delay: 5 });
    await page.getByLabel(/Account holder name/).fill('DECLINED');
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });

  it('pays through the drop-in', async () => {
    const { page, errors } = await harness.openDemo(`flow=sessions&component=dropin&${ACH_QUERY}`);
    await page.getByRole('button', { name: /ACH Direct Debit/ }).click();
    await fillAch(page, 'J. Smith');
    await page.waitForFunction(() => {
      const dropin = (window as unknown as { element?: { activeElement?: { isValid: boolean } } }).element;
      return dropin?.activeElement?.isValid === true;
    });
    await page.getByRole('button', { name: /^Pay [$€]/ }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });
});

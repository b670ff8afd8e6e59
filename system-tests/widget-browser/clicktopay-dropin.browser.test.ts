import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations, fillCard, pay, resultOf, useHarness } from './harness.ts';

/** Click to Pay in Chromium through our drop-in: its card entry hosts the scheme simulators' flows. */
const harness = useHarness(undefined, { gatewayConfig: { CLICK_TO_PAY_ENABLED: 'true' } });
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });
const SHOPPER = 'shopper@example.com';

// The remember-me cookie lives in the shared browser context: every test starts unrecognised.
beforeEach(async () => {
  await harness.context.clearCookies();
});

/** A drop-in page whose card entry is open (it is the first entry). */
async function openDropin(query = '') {
  const opened = await harness.openDemo(`flow=sessions&component=dropin${query}`);
  await opened.page.getByRole('button', { name: 'Cards', expanded: true }).waitFor({ timeout: 30_000 });
  return opened;
}

/** The code from the sandbox's "SMS" notice, typed into the OTP field. */
async function enterCode(page: Page, code?: string) {
  const sms = page.getByRole('dialog', { name: 'Sandbox SMS' });
  await sms.waitFor({ timeout: 20_000 });
  const sent = (await sms.getByTestId('ctp-sandbox-code').textContent()) ?? '';
  await page.getByLabel('One-time code').fill(code ?? sent);
  return sent;
}

const dcf = (page: Page, scheme: 'visa' | 'mc') =>
  (scheme === 'visa' ? page : page.frameLocator('iframe[name="ctpIframe"]')).getByRole('dialog', {
    name: scheme === 'visa' ? 'Visa Click to Pay' : 'Mastercard Click to Pay',
  });

describe('Click to Pay in the drop-in', () => {
  it('enrolled by e-mail: OTP with resend countdown, remember me, pays; the next visit is recognised by cookie', async () => {
    const { page, errors } = await openDropin(`&shopperEmail=${SHOPPER}`);
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor({ timeout: 30_000 });
    // The OTP view leads; the card form waits behind "Manual card entry".
    expect(await page.locator('form.actuate-checkout__card').isVisible()).toBe(false);
    expect(await axe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect
      .poll(() => page.locator('.actuate-checkout__ctp-resend').getByText('Code resent').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled(), { timeout: 5000 })
      .toBe(true);
    await enterCode(page);
    await page.getByLabel('Skip verification next time').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    const select = page.getByLabel('Card', { exact: true });
    await select.waitFor({ timeout: 20_000 });
    expect(await axe(page)).toEqual([]);
    await select.selectOption({ label: 'Visa •••• 1111' });
    await page.getByRole('button', { name: /^Pay .* •••• 1111$/ }).click();
    await dcf(page, 'visa').getByRole('button', { name: 'Continue' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();

    // Recognised: no e-mail, no code; the drop-in's card entry goes straight to the cards.
    const again = await openDropin();
    await again.page.getByLabel('Card', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await again.page.getByRole('heading', { name: 'Confirm it is you' }).count()).toBe(0);
    await again.page.getByRole('button', { name: /^Pay .* •••• 4444$/ }).click();
    await dcf(again.page, 'mc').getByRole('button', { name: 'Continue' }).click();
    expect(await resultOf(again.page)).toBe('Result: Authorised');
    expect(again.errors).toEqual([]);
    await again.page.close();
  });

  it('a cancelled confirmation in the scheme’s window is reported; the shopper can pay again', async () => {
    const { page } = await openDropin(`&shopperEmail=${SHOPPER}`);
    await enterCode(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByLabel('Card', { exact: true })
      .selectOption({ label: 'Visa •••• 1111' }, { timeout: 20_000 });
    await page.getByRole('button', { name: /^Pay .* •••• 1111$/ }).click();
    await dcf(page, 'visa').getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toMatch(/^Error: /);
    await page.getByRole('button', { name: /^Pay .* •••• 1111$/ }).click();
    await dcf(page, 'visa').getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    await page.close();
  });

  it('enrolled: a wrong code is refused; manual card entry falls back to the card form, which pays', async () => {
    const { page, errors } = await openDropin(`&shopperEmail=${SHOPPER}`);
    const sent = await enterCode(page, '000000');
    if (sent === '000000') await enterCode(page, '111111');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('The code is not correct. Try again.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Manual card entry' }).click();
    await fillCard(page, { number: '4111111111111111', expiry: '0330', cvc: '737' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('not enrolled: the drop-in shows the plain card form at once, which pays', async () => {
    const { page, errors } = await openDropin('&shopperEmail=nobody@example.com');
    await page.locator('form.actuate-checkout__card').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('section.actuate-checkout__ctp').count(), { timeout: 15_000 })
      .toBe(0);
    await fillCard(page, { number: '5555555555554444', expiry: '0330', cvc: '737' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });
});

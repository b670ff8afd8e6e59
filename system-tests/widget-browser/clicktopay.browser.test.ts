import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations, fillCard, pay, resultOf, useHarness } from './harness.ts';

/** Click to Pay in Chromium: the scheme simulators on the real gateway, standalone and in the card. */
const harness = useHarness(undefined, { gatewayConfig: { CLICK_TO_PAY_ENABLED: 'true' } });
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });
const SHOPPER = 'shopper@example.com';

// The remember-me cookie lives in the shared browser context: every test starts unrecognised.
beforeEach(async () => {
  await harness.context.clearCookies();
});

/** The code from the sandbox's "SMS" notice, typed into the OTP field. */
async function enterCode(page: Page, code?: string) {
  const sms = page.getByRole('dialog', { name: 'Sandbox SMS' });
  await sms.waitFor({ timeout: 20_000 });
  const sent = (await sms.getByTestId('ctp-sandbox-code').textContent()) ?? '';
  await page.getByLabel('One-time code').fill(code ?? sent);
  return sent;
}

/** Confirms in the scheme's DCF (Visa: a dialog in the page; Mastercard: inside the embedded iframe). */
async function confirmDcf(page: Page, scheme: 'visa' | 'mc') {
  const scope = scheme === 'visa' ? page : page.frameLocator('iframe[name="ctpIframe"]');
  const dialog = scope.getByRole('dialog', {
    name: scheme === 'visa' ? 'Visa Click to Pay' : 'Mastercard Click to Pay',
  });
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

describe('Click to Pay in Chromium', () => {
  it('enrolled by e-mail: wrong code, resend, right code with remember me, pays; then recognised by cookie', async () => {
    const { page, errors } = await harness.openDemo(
      `flow=sessions&component=clicktopay&shopperEmail=${SHOPPER}`,
    );
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/sent to s•••••r@example\.com/).isVisible()).toBe(true);
    const first = await enterCode(page, '000000');
    if (first === '000000') await enterCode(page, '111111');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('The code is not correct. Try again.').isVisible()).toBe(true);
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

    // Used cards first (Mastercard Gold used last), expired ones last and not selectable.
    const select = page.getByLabel('Card', { exact: true });
    await select.waitFor({ timeout: 20_000 });
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual([
      'Mastercard Gold •••• 4444',
      'Visa •••• 1111',
      'Visa •••• 4242',
      'Visa •••• 0002 (expired)',
      'Mastercard Standard •••• 0004 (expired)',
    ]);
    expect(await axe(page)).toEqual([]);
    await select.selectOption({ label: 'Visa •••• 1111' });
    await page.getByRole('button', { name: /^Pay .* •••• 1111$/ }).click();
    await confirmDcf(page, 'visa');
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();

    // The remember-me cookie: no e-mail, no code, straight to the cards; Mastercard's DCF in its iframe.
    const again = await harness.openDemo('flow=sessions&component=clicktopay');
    await again.page.getByLabel('Card', { exact: true }).waitFor({ timeout: 30_000 });
    await again.page.getByRole('button', { name: /^Pay .* •••• 4444$/ }).click();
    await expect
      .poll(() => again.page.locator('iframe[name="ctpIframe"]').getAttribute('height'))
      .toBe('380');
    await confirmDcf(again.page, 'mc');
    expect(await resultOf(again.page)).toBe('Result: Authorised');

    // "Not your cards?" forgets the device: Login, and the next visit is not recognised.
    await again.page.close();
    const third = await harness.openDemo('flow=sessions&component=clicktopay');
    await third.page.getByRole('button', { name: 'Not your cards?' }).click({ timeout: 30_000 });
    await third.page.getByRole('heading', { name: 'Welcome to Click to Pay' }).waitFor();
    expect(await axe(third.page)).toEqual([]);
    expect((await harness.context.cookies()).some((cookie) => cookie.name.startsWith('actuate-ctp-'))).toBe(
      false,
    );
    // Login: an unknown e-mail is told so; a known one gets a code.
    await third.page.getByLabel('Email').fill('nobody@example.com');
    await third.page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => third.page.getByText('No Click to Pay account was found for this email.').isVisible())
      .toBe(true);
    await third.page.getByLabel('Email').fill('mc-only@example.com');
    await third.page.getByRole('button', { name: 'Continue' }).click();
    await third.page.getByRole('heading', { name: 'Confirm it is you' }).waitFor({ timeout: 20_000 });
    await third.page.close();
  });

  it('not enrolled: the standalone component shows nothing and is not available', async () => {
    const { page } = await harness.openDemo(
      'flow=sessions&component=clicktopay&shopperEmail=nobody@example.com',
    );
    const available = await page.waitForFunction(
      () => {
        const element = (window as unknown as { element?: { isAvailable(): Promise<void> } }).element;
        return element?.isAvailable().then(
          () => 'available',
          () => 'not available',
        );
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await available.jsonValue()).toBe('not available');
    expect(await page.locator('section.actuate-checkout__ctp').count()).toBe(0);
    await page.close();
  });

  it('in the card: the code view leads, manual card entry shows the card form, which pays', async () => {
    const { page, errors } = await harness.openDemo(`flow=sessions&component=card&shopperEmail=${SHOPPER}`);
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('form.actuate-checkout__card').isVisible()).toBe(false);
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Manual card entry' }).click();
    await fillCard(page, { number: '4111111111111111', expiry: '0330', cvc: '737', holderName: 'J. Smith' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('in the card: a scheme that does not answer init within 5 s leaves the plain card form', async () => {
    const { page } = await harness.openDemo(
      `flow=sessions&component=card&shopperEmail=${SHOPPER}`,
      async (page) => {
        await page.addInitScript(() =>
          localStorage.setItem('actuate-sandbox:clicktopay', JSON.stringify({ timeout: 'init' })),
        );
      },
    );
    await page.locator('section.actuate-checkout__ctp').waitFor({ timeout: 30_000 });
    await page.locator('section.actuate-checkout__ctp').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.locator('form.actuate-checkout__card').isVisible()).toBe(true);
    // The switch stays in the origin's localStorage: later tests must not inherit it.
    await page.evaluate(() => localStorage.removeItem('actuate-sandbox:clicktopay'));
    await page.close();
  });

  it('in the card: a locked account (no code can be sent) goes to Login', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=card&shopperEmail=locked@example.com');
    await page.getByRole('heading', { name: 'Welcome to Click to Pay' }).waitFor({ timeout: 30_000 });
    await page.close();
  });

  it('in the card: a shopper without e-mail (not recognised) gets the plain card form', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=card');
    await page.locator('form.actuate-checkout__card').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('section.actuate-checkout__ctp').count(), { timeout: 15_000 })
      .toBe(0);
    await page.close();
  });
});

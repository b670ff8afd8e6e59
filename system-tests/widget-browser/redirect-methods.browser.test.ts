import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/**
 * Issuer lists and redirect methods in Chromium against the real gateway: the shopper continues to
 * the bank (the gateway's simulator page), picks the outcome there, comes back to the demo page,
 * which submits `redirectResult` (sessions flow: restoring the session from its id only).
 */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page);

/** On the simulator page: check it names the bank, pick the outcome, and wait to be back on the demo. */
async function atTheBank(page: Page, bank: string, outcome: string) {
  await page.getByRole('button', { name: outcome }).waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).origin).toBe(new URL(harness.gatewayUrl).origin);
  expect(await page.textContent('main')).toContain(bank);
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL((url) => url.origin === new URL(harness.demoUrl).origin, { timeout: 30_000 });
  const back = new URL(page.url());
  expect(back.searchParams.get('redirectResult')).toBeTruthy();
  return back;
}

async function chooseBank(page: Page, bank: string) {
  const select = page.getByLabel(/^(Bank|Other bank)$/);
  await select.waitFor({ timeout: 30_000 });
  await select.selectOption({ label: bank });
  await page.getByRole('button', { name: `Continue to ${bank}` }).click();
}

describe('redirect methods in Chromium against the gateway', () => {
  it('drop-in, sessions: iDEAL with a bank, authorised at the bank', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=dropin&country=NL&currency=EUR');
    await page.getByRole('button', { name: 'iDEAL' }).click();
    await chooseBank(page, 'ING');
    const back = await atTheBank(page, 'ING', 'Authorise the payment');
    expect(back.searchParams.get('sessionId')).toBeTruthy();
    expect(back.searchParams.get('component')).toBe('dropin');
    expect(await resultOf(page)).toBe('Result: Authorised');
    // The result is not submitted twice on reload: the page forgot it.
    expect(new URL(page.url()).searchParams.get('redirectResult')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('drop-in, advanced: Trustly (no component of its own needed), left pending at the bank', async () => {
    const { page } = await harness.openDemo('flow=advanced&component=dropin&country=SE&currency=SEK');
    await page.getByRole('button', { name: 'Trustly' }).click();
    await page.getByText('Pay directly from your bank account').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue to Trustly' }).click();
    await atTheBank(page, 'Trustly', 'Leave it pending');
    expect(await resultOf(page)).toBe('Result: Received');
  });

  it('standalone, advanced: EPS enters the bank by a POST redirect and is refused there', async () => {
    const { page } = await harness.openDemo('flow=advanced&component=eps&country=AT&currency=EUR');
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.method() === 'POST')
        posted.push(new URL(request.url()).pathname);
    });
    await chooseBank(page, 'Erste Bank und Sparkassen');
    await atTheBank(page, 'Erste Bank und Sparkassen', 'Refuse');
    expect(posted[0]).toBe('/shopper');
    expect(await resultOf(page)).toBe('Result: Refused');
  });

  it('standalone, sessions: Polish online banking cancelled at the bank', async () => {
    const { page } = await harness.openDemo(
      'flow=sessions&component=onlineBanking_PL&country=PL&currency=PLN&locale=en-US',
    );
    await page.getByRole('link', { name: 'rules' }).waitFor({ timeout: 30_000 });
    await chooseBank(page, 'mBank');
    const back = await atTheBank(page, 'mBank', 'Cancel and go back');
    expect(back.searchParams.get('sessionId')).toBeTruthy();
    expect(await resultOf(page)).toBe('Result: Cancelled');
  });

  it('standalone, sessions: iDEAL left pending', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=ideal&country=NL&currency=EUR');
    await chooseBank(page, 'Rabobank');
    await atTheBank(page, 'Rabobank', 'Leave it pending');
    expect(await resultOf(page)).toBe('Result: Received');
  });

  it('the issuer list, with featured banks and its error shown, has no axe violations and works by keyboard', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=eps&country=AT&currency=EUR&highlighted=eps_erste,eps_bawag',
    );
    await page.getByRole('button', { name: 'BAWAG P.S.K.' }).waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Select your bank to continue').waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    expect(await axe(page)).toEqual([]);
    // Keyboard: tab back to a featured bank and press it.
    await page.getByRole('button', { name: 'BAWAG P.S.K.' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'BAWAG P.S.K.', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Continue to BAWAG P.S.K.' }).waitFor();
  });

  it.each([
    ['onlineBanking_CZ', 'CZ', 'CZK'],
    ['onlineBanking_SK', 'SK', 'EUR'],
    ['paybybank', 'GB', 'GBP'],
    ['paybybank_AIS_DD', 'US', 'USD'],
  ])('standalone, advanced: %s is authorised at its bank', async (type, country, currency) => {
    const { page, errors } = await harness.openDemo(
      `flow=advanced&component=${type}&country=${country}&currency=${currency}`,
    );
    const proceed = page.getByRole('button', { name: /^Continue/ });
    await proceed.first().waitFor({ timeout: 30_000 });
    const select = page.getByLabel(/^(Bank|Other bank)$/);
    if (await select.count()) {
      const label = await select
        .locator('option:not([disabled]):not([value=""])')
        .evaluateAll((options) =>
          options.map((option) => option.textContent ?? '').find((text) => text.trim()),
        );
      await select.selectOption({ label: label as string });
    }
    await page.getByRole('button', { name: /^Continue to / }).click();
    await atTheBank(page, '', 'Authorise the payment');
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** Amazon Pay in Chromium: the widget, the gateway's SDK simulator and Amazon's confirm and decline pages. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });
const QUERY = 'flow=sessions&component=amazonpay';

/** The button (unless `started`) opens Amazon's dialog: sign in (unless signed in), pick the instrument, continue. */
async function throughAmazonDialog(page: Page, instrument: RegExp, started = false) {
  if (!started) await page.getByRole('button', { name: 'Amazon Pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Amazon Pay (sandbox)' });
  await dialog.waitFor();
  const signIn = dialog.getByRole('button', { name: 'Sign in' });
  await dialog
    .getByRole('button', { name: /Sign in|Continue/ })
    .first()
    .waitFor();
  if (await signIn.isVisible()) await signIn.click();
  await dialog.getByRole('radio', { name: instrument }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/amazonCheckoutSessionId=/);
}

/** On the review page: Confirm purchase, then Amazon's confirm page, then back to pay. */
async function confirmPurchase(page: Page) {
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await page.waitForURL(/\/sdk-simulators\/amazonpay\/confirm\//);
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/amazonStep=result/);
}

describe('Amazon Pay in Chromium', () => {
  it('button → sign in → review → confirm → back → Authorised, with no serious axe issue', async () => {
    const { page, errors } = await harness.openDemo(QUERY);
    await page.getByRole('button', { name: 'Amazon Pay' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await throughAmazonDialog(page, /Visa ••••1111/);
    await page.getByRole('button', { name: 'Confirm purchase' }).waitFor();
    await page.getByRole('button', { name: 'Change payment details' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await confirmPurchase(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is refused with the declining instrument; the decline flow pays with another one', async () => {
    const { page } = await harness.openDemo(QUERY);
    await throughAmazonDialog(page, /declines/);
    await confirmPurchase(page);
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.evaluate(() =>
      (window as unknown as { element: { handleDeclineFlow(): void } }).element.handleDeclineFlow(),
    );
    await page.waitForURL(/\/sdk-simulators\/amazonpay\/decline\//);
    await page.getByRole('radio', { name: /Mastercard/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/amazonStep=result/);
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });

  it('changes the payment details from the review page', async () => {
    const { page } = await harness.openDemo(QUERY);
    await throughAmazonDialog(page, /Visa ••••1111/);
    const firstUrl = page.url();
    await page.getByRole('button', { name: 'Change payment details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Amazon Pay (sandbox)' });
    await dialog.getByRole('radio', { name: /Mastercard/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.toString() === firstUrl);
    await confirmPurchase(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });

  it('signs out of Amazon: the next checkout asks to sign in again', async () => {
    const { page } = await harness.openDemo(`${QUERY}&amazonSignOut=1`, async (page) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('actuate-sandbox:amazonpay', JSON.stringify({ signedIn: true }));
          sessionStorage.setItem('seeded', '1');
        }
      });
    });
    const signOut = page.getByRole('button', { name: 'Sign out from Amazon' });
    await signOut.waitFor();
    expect(await axe(page)).toEqual([]);
    await signOut.click();
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('actuate-sandbox:amazonpay') ?? '{}').signedIn),
      )
      .toBe(false);
    await page.goto(`${harness.demoUrl}/?${QUERY}`);
    await page.getByRole('button', { name: 'Amazon Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Amazon Pay (sandbox)' });
    await dialog.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(page, { iframes: false, seriousOnly: true })).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.close();
  });
});

/**
 * Through our drop-in (Amazon's ProcessOrder mode): the entry's Amazon Pay button opens the dialog,
 * Amazon returns the buyer to the result URL with the session id, and the page mounts the component
 * with it and pays (the demo's `amazonpay-return.ts`).
 */
describe('Amazon Pay in the drop-in', () => {
  const openAmazonEntry = async (page: Page) => {
    await page
      .locator('.actuate-checkout__dropin')
      .getByRole('button', { name: 'Amazon Pay', exact: true, expanded: false })
      .click({ timeout: 30_000 });
    await page
      .locator('.actuate-checkout__amazonpay-button')
      .getByRole('button')
      .waitFor({ timeout: 30_000 });
  };
  const startAmazon = (page: Page) =>
    page.locator('.actuate-checkout__amazonpay-button').getByRole('button', { name: 'Amazon Pay' }).click();

  it('pays Authorised: entry button → sign in → back to the result URL → payment, no 404, axe clean', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=dropin');
    await openAmazonEntry(page);
    expect(await axe(page)).toEqual([]);
    await startAmazon(page);
    await throughAmazonDialog(page, /Visa ••••1111/, true);
    const back = new URL(page.url());
    expect(back.origin).toBe(harness.demoUrl);
    expect(back.searchParams.get('sessionId')).toMatch(/\S/);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a cancelled sign-in closes the dialog and changes nothing; the buyer can start again and pay', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=dropin');
    await openAmazonEntry(page);
    await startAmazon(page);
    const dialog = page.getByRole('dialog', { name: 'Amazon Pay (sandbox)' });
    await dialog
      .getByRole('button', { name: /Sign in|Continue/ })
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('amazonCheckoutSessionId')).toBe(false);
    expect(await page.textContent('#result')).toBe('');
    await startAmazon(page);
    await throughAmazonDialog(page, /Mastercard ••••4444/, true);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('advanced flow: a declining instrument is Refused (onSubmit); the decline flow pays with another', async () => {
    const { page, errors } = await harness.openDemo('flow=advanced&component=dropin');
    await openAmazonEntry(page);
    await startAmazon(page);
    await throughAmazonDialog(page, /declines/, true);
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.evaluate(() =>
      (window as unknown as { element: { handleDeclineFlow(): void } }).element.handleDeclineFlow(),
    );
    await page.waitForURL(/\/sdk-simulators\/amazonpay\/decline\//);
    await page.getByRole('radio', { name: /Mastercard/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === harness.demoUrl);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });
});

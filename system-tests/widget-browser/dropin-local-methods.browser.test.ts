import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, onThePhone, resultOf, settleFromSandbox, useHarness } from './harness.ts';

/**
 * The local QR, app-approval and voucher methods through our drop-in against the real gateway: each
 * is listed for its country, its form validates and submits, the view it answers with (QR code,
 * waiting screen, voucher) has no serious axe issue, and the payment ends Authorised — approved on
 * the shopper's "phone" (the gateway's simulator page) or settled from the gateway's sandbox.
 */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { seriousOnly: true });
const payButton = (page: Page) => page.locator('.actuate-checkout__button--pay');

/** The demo's drop-in for a country and currency, with `method` opened from its list. */
async function openInDropin(flow: 'sessions' | 'advanced', market: string, method: string) {
  const opened = await harness.openDemo(`flow=${flow}&component=dropin&amount=10000&${market}`);
  const entry = opened.page.getByRole('button', { name: method, exact: true });
  await entry.click({ timeout: 30_000 });
  return opened;
}

/** Submitting the empty form marks the field (by its label) invalid, and pays nothing. */
async function expectRequired(page: Page, field: string | ReturnType<Page['locator']>) {
  const input = typeof field === 'string' ? page.getByLabel(field, { exact: true }) : field;
  await payButton(page).click();
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
}

/** The shopper's phone approves the payment on the simulator page behind the view's app link. */
const approveOnThePhone = (page: Page) =>
  onThePhone(harness, page, /^Open the .+ app$/, 'Approve in the app');

/** The QR code the gateway drew, loaded into the view. */
async function expectQrCode(page: Page, method: string) {
  const qr = page.getByRole('img', { name: `QR code for paying with ${method}` });
  await qr.waitFor({ timeout: 30_000 });
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}

const announcements = (page: Page) =>
  page.locator('.actuate-checkout__sr-panel').evaluate((panel) => panel.textContent ?? '');

describe('QR code methods through the drop-in', () => {
  it.each([
    { method: 'WeChat Pay', market: 'country=CN&currency=CNY', flow: 'sessions' },
    { method: 'DuitNow', market: 'country=MY&currency=MYR', flow: 'advanced' },
    { method: 'PayMe', market: 'country=HK&currency=HKD', flow: 'sessions' },
  ] as const)(
    '$method ($market, $flow): QR code, time left read out, approved on the phone',
    async ({ method, market, flow }) => {
      const { page, errors } = await openInDropin(flow, market, method);
      await payButton(page).click({ timeout: 30_000 });
      await expectQrCode(page, method);
      expect(await axe(page)).toEqual([]);
      await expect.poll(() => announcements(page)).toMatch(/Time left to pay/);
      await approveOnThePhone(page);
      expect(await resultOf(page)).toBe('Result: Authorised');
      expect(errors).toEqual([]);
    },
  );

  it('PayNow (SG, SGD): the steps on a tablet-sized screen, the scan prompt on a wider one', async () => {
    const { page } = await openInDropin('advanced', 'country=SG&currency=SGD', 'PayNow');
    await page.setViewportSize({ width: 1024, height: 900 });
    await payButton(page).click({ timeout: 30_000 });
    await expectQrCode(page, 'PayNow');
    const instructions = page.locator('.actuate-checkout__await-instructions');
    expect(await instructions.textContent()).toContain('How to pay with PayNow');
    expect(await instructions.getByRole('listitem').allTextContents()).toEqual([
      'Take a screenshot of the QR code.',
      'Open your bank app and choose PayNow.',
      'Pick the screenshot from your photos and confirm the payment.',
    ]);
    expect(await axe(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => instructions.textContent()).toBe('Scan the QR code with the PayNow app');
    expect(await axe(page)).toEqual([]);
    await approveOnThePhone(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
  });
});

describe('UPI through the drop-in (IN, INR)', () => {
  const upiId = (page: Page) => page.getByLabel('UPI ID', { exact: true });
  const openUpi = async (flow: 'sessions' | 'advanced') =>
    (await openInDropin(flow, 'country=IN&currency=INR', 'UPI')).page;

  it('QR code (the default on a computer): generated, approved on the phone', async () => {
    const page = await openUpi('sessions');
    await page.getByRole('button', { name: 'Generate QR code' }).click({ timeout: 30_000 });
    await expectQrCode(page, 'UPI');
    expect(await axe(page)).toEqual([]);
    await expect.poll(() => announcements(page)).toMatch(/Time left to pay/);
    await approveOnThePhone(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
  });

  it('UPI ID (collect): required, then a request the app approves', async () => {
    const page = await openUpi('advanced');
    await page.getByRole('radio', { name: 'UPI app' }).click({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'Enter a UPI ID' }).check();
    await expectRequired(page, upiId(page));
    expect(await axe(page)).toEqual([]);
    await upiId(page).fill('shopper@okbank');
    await payButton(page).click();
    await page.getByText('Approve the payment request in your UPI app.').waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await approveOnThePhone(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
  });

  it('an app (intent): opens its link, the simulator page, and comes back authorised', async () => {
    const page = await openUpi('advanced');
    await page.getByRole('radio', { name: 'UPI app' }).click({ timeout: 30_000 });
    await payButton(page).click();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Google Pay' }).getAttribute('aria-invalid'))
      .toBe('true');
    await page.getByRole('radio', { name: 'Google Pay' }).check();
    await payButton(page).click();
    const authorise = page.getByRole('button', { name: 'Authorise the payment' });
    await authorise.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(harness.gatewayUrl);
    await authorise.click();
    await page.waitForURL((url) => url.origin === harness.demoUrl, { timeout: 30_000 });
    expect(await resultOf(page)).toBe('Result: Authorised');
  });
});

describe('app approval through the drop-in', () => {
  it.each([
    {
      method: 'MB WAY',
      market: 'country=PT&currency=EUR',
      label: 'Mobile number',
      value: '912345678',
      waiting: 'Open the MB WAY app on your phone and confirm the payment.',
    },
    {
      method: 'ANCV',
      market: 'country=FR&currency=EUR',
      label: 'ANCV id or e-mail address',
      value: '12345678901',
      waiting: 'Confirm the payment in your ANCV app.',
    },
  ])(
    '$method ($market): the form validates, the app approves',
    async ({ method, market, label, value, waiting }) => {
      const { page, errors } = await openInDropin('advanced', market, method);
      await page.getByLabel(label).waitFor({ timeout: 30_000 });
      await expectRequired(page, label);
      expect(await axe(page)).toEqual([]);
      await page.getByLabel(label).fill(value);
      await payButton(page).click();
      await page.getByText(waiting).waitFor({ timeout: 30_000 });
      expect(await axe(page)).toEqual([]);
      await approveOnThePhone(page);
      expect(await resultOf(page)).toBe('Result: Authorised');
      expect(errors).toEqual([]);
    },
  );
});

describe('vouchers through the drop-in, settled from the sandbox', () => {
  const voucherShown = (page: Page, provider: string) =>
    page.getByRole('heading', { name: `Pay with ${provider}` }).waitFor({ timeout: 30_000 });

  it('Doku Alfamart (ID, IDR): name and e-mail → a payment code, paid at the store', async () => {
    const { page } = await openInDropin('advanced', 'country=ID&currency=IDR', 'Alfamart');
    await page.getByLabel('First name').waitFor({ timeout: 30_000 });
    await expectRequired(page, 'First name');
    await page.getByLabel('First name').fill('Siti');
    await page.getByLabel('Last name').fill('Rahayu');
    await page.getByLabel('Email address').fill('siti@example.com');
    await payButton(page).click();
    await voucherShown(page, 'DOKU');
    expect(await axe(page)).toEqual([]);
    expect(await settleFromSandbox(harness, 'doku_alfamart')).toContain('Authorised');
  });

  it('Dragonpay online banking (PH, PHP): a bank and an e-mail → a reference, paid at the bank', async () => {
    const { page } = await openInDropin('sessions', 'country=PH&currency=PHP', 'Online Banking (Dragonpay)');
    await page.getByLabel('Bank').waitFor({ timeout: 30_000 });
    await expectRequired(page, 'Bank');
    await page.getByLabel('Bank').selectOption({ label: 'BDO Unibank' });
    await page.getByLabel('Email address').fill('juan@example.com');
    await payButton(page).click();
    await voucherShown(page, 'Dragonpay');
    expect(await axe(page)).toEqual([]);
    expect(await settleFromSandbox(harness, 'dragonpay_ebanking')).toContain('Authorised');
  });

  it('Econtext 7-Eleven (JP, JPY): name, telephone and e-mail → a payment number', async () => {
    const { page } = await openInDropin('advanced', 'country=JP&currency=JPY', '7-Eleven');
    await page.getByLabel('Telephone number').waitFor({ timeout: 30_000 });
    await page.getByLabel('First name').fill('Hanako');
    await page.getByLabel('Last name').fill('Yamada');
    await page.getByLabel('Email address').fill('hanako@example.com');
    await page.getByLabel('Telephone number').fill('0901234');
    await payButton(page).click();
    await expect.poll(() => page.getByLabel('Telephone number').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Telephone number').fill('09012345678');
    await payButton(page).click();
    await voucherShown(page, 'Econtext');
    expect(await page.locator('#payment').textContent()).toContain('090******78');
    expect(await axe(page)).toEqual([]);
    expect(await settleFromSandbox(harness, 'econtext_seven_eleven')).toContain('Authorised');
  });
});

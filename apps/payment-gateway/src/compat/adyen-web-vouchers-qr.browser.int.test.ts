import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, startCheckout, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web 6 Drop-in, unchanged, in the sessions flow in Brazil: Pix shows the
 * gateway's QR image and polls the payment's status until the shopper's app approves it; Boleto
 * shows the voucher the gateway presents, with its barcode image and PDF.
 */
const harness = useAdyenWebHarness(['Dropin', 'Pix', 'Boleto']);
const { gateway } = harness;

/** A CPF with right check digits. */
const CPF = '123.456.789-09';

async function openDropin(
  page: Page,
  reference: string,
  paymentMethodsConfiguration: Record<string, object>,
) {
  const session = (
    await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'BRL', value: 15_000 },
      merchantAccount: DEMO.merchantAccount,
      reference,
      returnUrl: `${harness.merchantOrigin}/return`,
      countryCode: 'BR',
    })
  ).json() as { id: string; sessionData: string };
  await page.goto(`${harness.merchantOrigin}/`);
  await startCheckout(page, harness.gatewayBase, {
    session,
    countryCode: 'BR',
    component: 'Dropin',
    dropinComponents: ['Pix', 'Boleto'],
    paymentMethodsConfiguration,
  });
  return session;
}

/** The gateway's answer to the session's payment, whose `sessionResult` lets the merchant read the session. */
async function sessionPaymentAnswer(page: Page, sessionId: string) {
  const response = await page.waitForResponse((candidate) =>
    candidate.url().startsWith(`${harness.gatewayBase}v1/sessions/${sessionId}/payments`),
  );
  return (await response.json()) as {
    resultCode: string;
    sessionResult: string;
    action?: { qrCodeData?: string };
  };
}

/** Waits until the browser has drawn the image: a broken or missing one has no natural width. */
async function expectImageLoaded(page: Page, selector: string) {
  const image = page.locator(selector);
  await image.waitFor({ timeout: 20_000 });
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

/** Opens the method in the Drop-in's list, once its logo (the gateway stands in for the image CDN) is drawn. */
async function selectMethod(page: Page, type: string) {
  const method = page.locator(`.adyen-checkout__payment-method--${type}`);
  await method.waitFor({ timeout: 20_000 });
  await expectImageLoaded(
    page,
    `.adyen-checkout__payment-method--${type} img[src="${harness.gatewayBase}images/logos/${type}.svg"]`,
  );
  await method.locator('.adyen-checkout__payment-method__header').click();
  return method;
}

describe('@adyen/adyen-web Drop-in: Pix and Boleto in Brazil against the gateway', () => {
  it('pays with Pix: the gateway’s QR image, status polling, the app’s approval', async () => {
    const page = await harness.browser.context.newPage();
    const gatewayCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(harness.gatewayBase))
        gatewayCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    // The gateway needs the shopper's name and CPF for Pix: the merchant asks adyen-web to collect them.
    const session = await openDropin(page, `adyen-web-pix-${Date.now()}`, {
      pix: { personalDetailsRequired: true },
    });
    const pix = await selectMethod(page, 'pix');
    await pix.locator('input[name="firstName"]').fill('João');
    await pix.locator('input[name="lastName"]').fill('Silva');
    await pix.locator('input[name="socialSecurityNumber"]').fill(CPF);
    const answered = sessionPaymentAnswer(page, session.id);
    await pix.locator('.adyen-checkout__button--pay').click();
    const { resultCode, sessionResult, action } = await answered;
    expect(resultCode).toBe('Pending');

    const qrImage = '.adyen-checkout__qr-loader img[src*="barcode"]';
    await expectImageLoaded(page, qrImage);
    const qrSource = new URL((await page.locator(qrImage).getAttribute('src', { timeout: 5_000 })) ?? '');
    expect(qrSource.href.startsWith(harness.gatewayBase)).toBe(true);
    expect(qrSource.searchParams.get('type')).toBe('qrCode');
    // adyen-web puts qrCodeData in the query as it is: it must survive that unescaped, as the phone scans it.
    expect(qrSource.searchParams.get('data')).toBe(action?.qrCodeData);
    await expect
      .poll(() => gatewayCalls, { timeout: 20_000 })
      .toContain('POST /services/PaymentInitiation/v1/status');

    const pending = (await merchantSessionResult(gateway, session.id, sessionResult)) as {
      status: string;
      payments: { pspReference: string; paymentMethod: { type: string } }[];
    };
    expect(pending).toMatchObject({
      status: 'paymentPending',
      payments: [{ paymentMethod: { type: 'pix' } }],
    });
    // The shopper approves in their bank's app, here the gateway's test API.
    const approved = await gateway.app.inject({
      method: 'POST',
      url: `/sandbox/payments/${pending.payments[0]?.pspReference}/outcome`,
      payload: { outcome: 'authorise' },
    });
    expect(approved.statusCode).toBe(200);

    const { outcome, failure } = await outcomeOf(page);
    expect(outcome?.resultCode, failure).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'pix' } }],
    });
    await page.close();
  });

  it('presents a Boleto: the form, then the voucher with the gateway’s barcode and PDF', async () => {
    const page = await harness.browser.context.newPage();
    const session = await openDropin(page, `adyen-web-boleto-${Date.now()}`, {});
    const boleto = await selectMethod(page, 'boletobancario');
    await boleto.locator('input[name="firstName"]').fill('Maria');
    await boleto.locator('input[name="lastName"]').fill('Souza');
    await boleto.locator('input[name="socialSecurityNumber"]').fill(CPF);
    await boleto.locator('input[name="street"]').fill('Avenida Paulista');
    await boleto.locator('input[name="houseNumberOrName"]').fill('1578');
    await boleto.locator('input[name="postalCode"]').fill('01310200');
    await boleto.locator('input[name="city"]').fill('São Paulo');
    await boleto.locator('.adyen-checkout__field--stateOrProvince .adyen-checkout__dropdown__button').click();
    await boleto.getByRole('option', { name: 'São Paulo' }).click();
    const answered = sessionPaymentAnswer(page, session.id);
    await boleto.locator('.adyen-checkout__button--pay').click();
    const { resultCode, sessionResult } = await answered;
    expect(resultCode).toBe('PresentToShopper');

    const voucher = page.locator('.adyen-checkout__voucher-result');
    await voucher.waitFor({ timeout: 20_000 });
    const presented = (await merchantSessionResult(gateway, session.id, sessionResult)) as {
      payments: { action: { reference: string; downloadUrl: string } }[];
    };
    const action = presented.payments[0]?.action;
    expect(action?.reference).toMatch(/^[\d .]+$/);
    await expect
      .poll(() => voucher.locator('.adyen-checkout__voucher-result__code').textContent())
      .toContain(action?.reference);
    const barcode = '.adyen-checkout__voucher-result__code__barcode';
    await expectImageLoaded(page, barcode);
    const barcodeSource = new URL((await page.locator(barcode).getAttribute('src')) ?? '');
    expect(barcodeSource.href.startsWith(harness.gatewayBase)).toBe(true);
    // adyen-web reorders the 47-digit typeable line into the 44-digit barcode: the gateway's line fits its layout.
    expect(barcodeSource.searchParams.get('data')).toMatch(/^\d{44}$/);

    const download = voucher.locator('.adyen-checkout__voucher-result__actions a', { hasText: /download/i });
    const downloadUrl = (await download.getAttribute('href')) ?? '';
    expect(downloadUrl).toBe(action?.downloadUrl);
    const pdf = await fetch(downloadUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** The browser wallet in Chromium: the widget's GooglePay against the gateway and its pay.js simulator. */
const harness = useHarness();

const walletButton = (page: Page) => page.getByRole('button', { name: 'Buy with Google Pay' });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Google Pay (sandbox)' });

/** Opens the sheet from the wallet's button and picks a card (its label starts the radio's name). */
async function openSheetAndPick(page: Page, card: RegExp) {
  await walletButton(page).click({ timeout: 30_000 });
  await sheet(page).waitFor({ timeout: 15_000 });
  await sheet(page).getByRole('radio', { name: card }).check();
}

/** axe on the sheet (outside #payment): serious and critical issues only. */
async function sheetViolations(page: Page): Promise<string[]> {
  await axeViolations(page, { iframes: false, seriousOnly: true }); // loads axe
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(node: Element): Promise<{ violations: { id: string; impact: string }[] }> };
    };
    const node = document.querySelector('[role="dialog"]') as Element;
    const result = await axe.run(node);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  });
}

describe('Google Pay in Chromium', () => {
  it('pays with a CRYPTOGRAM_3DS card without 3-D Secure; button and sheet pass axe', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=googlepay');
    await walletButton(page).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page, { iframes: false, seriousOnly: true })).toEqual([]);
    await openSheetAndPick(page, /Mastercard •••• 4444/);
    await expect.poll(() => sheet(page).getByText('Total: EUR 10.00').isVisible()).toBe(true);
    expect(await sheetViolations(page)).toEqual([]);
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(await sheet(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the 3-D Secure 2 challenge for a PAN_ONLY card after the sheet closes', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=googlepay');
    await openSheetAndPick(page, /Visa •••• 0006/);
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    const acs = page.frameLocator('iframe.actuate-checkout__challenge-frame');
    await acs.locator('#otp').waitFor({ timeout: 30_000 });
    expect(await sheet(page).count()).toBe(0);
    await acs.locator('#otp').fill('password');
    await acs.locator('button[value="submit"]').click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });

  it('reports a closed sheet as CANCEL', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=googlepay');
    await openSheetAndPick(page, /Visa •••• 1111/);
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toMatch(/^Error: CANCELED/);
    await expect.poll(() => page.textContent('#log')).toMatch(/"type":"CANCEL"/);
    await page.close();
  });

  it('shows a refusal in the sheet, and the developer-error scenario is an ERROR', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=googlepay');
    await openSheetAndPick(page, /Visa •••• 0002/);
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    expect(await resultOf(page)).toBe('Result: Refused');
    await expect.poll(() => sheet(page).getByRole('alert').textContent()).toMatch(/refused/i);
    await sheet(page).getByRole('button', { name: 'Fail (developer error)' }).click();
    await expect.poll(() => page.textContent('#log')).toMatch(/"type":"ERROR","message":"DEVELOPER_ERROR/);
    await page.close();
  });

  it('shows no button when the wallet is not available', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=googlepay', async (page) => {
      await page.addInitScript(() =>
        localStorage.setItem('actuate-sandbox:googlepay', '{"available":false}'),
      );
    });
    await page.getByText(/Google Pay is not available in this browser/).waitFor({ timeout: 30_000 });
    expect(await walletButton(page).count()).toBe(0);
    // The switch lives in the origin's localStorage, shared by the context's pages.
    await page.evaluate(() => localStorage.removeItem('actuate-sandbox:googlepay'));
    await page.close();
  });

  it('express: shipping option changes the total; the payment carries subtype and delivery address', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=googlepay');
    await walletButton(page).waitFor({ timeout: 30_000 });
    // The same class the demo created, now as an express checkout with shipping options.
    await page.evaluate(() => {
      const w = window as unknown as {
        element: { remove(): void; constructor: new (c: unknown, o: unknown) => { mount(t: string): void } };
        checkout: unknown;
        expressElement: unknown;
      };
      const entry = (w.element as unknown as { props: Record<string, unknown> }).props;
      const Component = w.element.constructor;
      w.element.remove();
      const prices: Record<string, string> = { standard: '10.00', express: '15.00' };
      const options = [
        { id: 'standard', label: 'Standard', description: 'Free' },
        { id: 'express', label: 'Express', description: '5.00' },
      ];
      const express = new Component(w.checkout, {
        ...entry,
        isExpress: true,
        shippingAddressRequired: true,
        shippingOptionRequired: true,
        shippingOptionParameters: { defaultSelectedOptionId: 'standard', shippingOptions: options },
        callbackIntents: ['SHIPPING_ADDRESS', 'SHIPPING_OPTION'],
        paymentDataCallbacks: {
          onPaymentDataChanged: (data: { shippingOptionData?: { id: string } }) => ({
            newTransactionInfo: {
              currencyCode: 'EUR',
              totalPriceStatus: 'FINAL',
              totalPrice: prices[data.shippingOptionData?.id ?? 'standard'],
            },
          }),
        },
      });
      express.mount('#payment');
      w.expressElement = express;
    });
    await openSheetAndPick(page, /Mastercard •••• 4444/);
    await sheet(page)
      .getByRole('radio', { name: /Express/ })
      .check();
    await expect.poll(() => sheet(page).getByTestId('gpay-total').textContent()).toBe('Total: EUR 15.00');
    const paymentRequest = page.waitForRequest((request) =>
      /\/sessions\/[^/]+\/payments/.test(request.url()),
    );
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    const body = JSON.parse((await paymentRequest).postData() ?? '{}');
    expect(body.paymentMethod).toMatchObject({
      type: 'googlepay',
      subtype: 'express',
      googlePayCardNetwork: 'MASTERCARD',
    });
    expect(body.deliveryAddress).toMatchObject({
      houseNumberOrName: 'ZZ',
      city: 'Amsterdam',
      country: 'NL',
      firstName: 'Jan',
    });
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();
  });

  it('pays through the drop-in, as a list entry and as an instant-payment button', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=dropin');
    await page.getByRole('button', { name: 'Google Pay', exact: true }).click();
    await openSheetAndPick(page, /Mastercard •••• 4444/);
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();

    const instant = await harness.openDemo('flow=sessions&component=dropin');
    await instant.page.getByRole('button', { name: 'Google Pay', exact: true }).waitFor({ timeout: 30_000 });
    await instant.page.evaluate(() => {
      const w = window as unknown as {
        element: {
          remove(): void;
          props: object;
          constructor: new (c: unknown, o: unknown) => { mount(t: string): void };
        };
        checkout: unknown;
      };
      const Dropin = w.element.constructor;
      const props = w.element.props;
      w.element.remove();
      new Dropin(w.checkout, { ...props, instantPaymentTypes: ['googlepay'] }).mount('#payment');
    });
    const button = instant.page
      .locator('.actuate-checkout__instant-payments')
      .getByRole('button', { name: 'Buy with Google Pay' });
    await button.waitFor({ timeout: 30_000 });
    expect(await instant.page.getByRole('button', { name: 'Google Pay', exact: true }).count()).toBe(0);
    await button.click();
    await sheet(instant.page)
      .getByRole('radio', { name: /Visa •••• 1111/ })
      .check();
    await sheet(instant.page).getByRole('button', { name: 'Pay' }).click();
    expect(await resultOf(instant.page)).toBe('Result: Authorised');
    await instant.page.close();
  });
});

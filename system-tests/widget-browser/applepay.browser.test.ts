import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** The device wallet (Apple Pay type) in Chromium: the widget, the gateway's SDK simulator and sheet. */
const harness = useHarness();
const QUERY = 'flow=sessions&component=applepay&currency=USD&country=US&amount=1000';

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Apple Pay (sandbox)' });
const payInSheet = (page: Page) => sheet(page).getByRole('button', { name: /^Pay USD/ });
const walletButton = (page: Page, name = 'Pay with Apple Pay') => page.getByRole('button', { name });

/** The demo page's globals a test uses to mount the component again with other options. */
interface DemoElement {
  props: object;
  unmount(): void;
  mount(selector: string): void;
}
interface DemoWindow {
  checkout: unknown;
  element: DemoElement;
  paid: unknown[];
}
type ElementClass = new (checkout: unknown, options: object) => DemoElement;

/** axe on the simulator's sheet (it lives outside #payment, in the page's top layer). */
async function sheetViolations(page: Page): Promise<string[]> {
  await axeViolations(page, { iframes: false });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(node: Element): Promise<{ violations: { id: string; impact: string }[] }> };
    };
    const dialog = document.querySelector('[data-testid="applepay-sheet"]') as Element;
    const result = await axe.run(dialog);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  });
}

describe('Apple Pay in Chromium', () => {
  it('pays with the authorised test card; button and sheet have no serious axe issue', async () => {
    const { page, errors } = await harness.openDemo(QUERY);
    await walletButton(page).click();
    await expect.poll(() => payInSheet(page).isEnabled()).toBe(true);
    await expect.poll(() => sheet(page).getByText('ActuateStore', { exact: true }).isVisible()).toBe(true);
    expect(await sheetViolations(page)).toEqual([]);
    await payInSheet(page).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(await axeViolations(page, { iframes: false, seriousOnly: true })).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is refused with the declined test card', async () => {
    const { page } = await harness.openDemo(QUERY);
    await walletButton(page).click();
    await sheet(page).getByRole('radio', { name: /0002/ }).check();
    await payInSheet(page).click();
    expect(await resultOf(page)).toBe('Result: Refused');
    await expect.poll(() => sheet(page).count(), { timeout: 5000 }).toBe(0);
    await page.close();
  });

  it('reports CANCEL when the shopper dismisses the sheet', async () => {
    const { page } = await harness.openDemo(QUERY);
    await walletButton(page).click();
    await payInSheet(page).waitFor();
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toBe('Error: ApplePay UI dismissed');
    await page.close();
  });

  it('shows no button when the wallet is not available on the device', async () => {
    const { page } = await harness.openDemo(QUERY, async (p) => {
      await p.addInitScript(() => localStorage.setItem('actuate-sandbox:applepay', '{"available":false}'));
    });
    expect(await resultOf(page)).toBe('Error: Apple Pay is not available on this device');
    expect(await walletButton(page).count()).toBe(0);
    // localStorage outlives the page in this browser context: the next tests need the wallet back.
    await page.evaluate(() => localStorage.removeItem('actuate-sandbox:applepay'));
    await page.close();
  });

  it('express: a shipping method changes the total, the addresses go to the payment', async () => {
    const { page, errors } = await harness.openDemo(QUERY);
    await walletButton(page).waitFor();
    // The merchant's express page: the same component class with the shipping callbacks.
    await page.evaluate(() => {
      const win = window as unknown as DemoWindow;
      win.element.unmount();
      const Component = win.element.constructor as ElementClass;
      const price = (id: string) => (id === 'express' ? '15.00' : '5.00');
      win.paid = [];
      win.element = new Component(win.checkout, {
        ...win.element.props,
        isExpress: true,
        buttonType: 'buy',
        buttonColor: 'white-with-line',
        requiredShippingContactFields: ['postalAddress', 'name', 'email'],
        requiredBillingContactFields: ['postalAddress'],
        lineItems: [{ label: 'Goods', amount: '10.00' }],
        shippingMethods: [
          { identifier: 'standard', label: 'Standard', amount: '5.00', detail: '3-5 days' },
          { identifier: 'express', label: 'Express', amount: '15.00', detail: 'tomorrow' },
        ],
        onShippingContactSelected: (resolve: (u: unknown) => void) =>
          resolve({ newTotal: { label: 'ActuateStore', amount: '15.00' } }),
        onShippingMethodSelected: (
          resolve: (u: unknown) => void,
          _r: unknown,
          event: { shippingMethod: { identifier: string } },
        ) => {
          const shipping = price(event.shippingMethod.identifier);
          resolve({
            newTotal: { label: 'ActuateStore', amount: (10 + Number(shipping)).toFixed(2) },
            newLineItems: [
              { label: 'Goods', amount: '10.00' },
              { label: 'Shipping', amount: shipping },
            ],
          });
        },
        onAuthorized: (data: { deliveryAddress: unknown }, actions: { resolve(): void }) => {
          win.paid.push(data.deliveryAddress);
          actions.resolve();
        },
      });
      win.element.mount('#payment');
    });
    await walletButton(page, 'Buy with Apple Pay').click();
    await expect.poll(() => payInSheet(page).textContent()).toBe('Pay USD 15.00');
    await sheet(page)
      .getByRole('radio', { name: /Express/ })
      .check();
    await expect.poll(() => payInSheet(page).textContent()).toBe('Pay USD 25.00');
    await expect.poll(() => sheet(page).getByTestId('applepay-total').textContent()).toMatch(/25\.00/);
    await payInSheet(page).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    const delivered = await page.evaluate(() => (window as unknown as { paid: unknown[] }).paid[0]);
    expect(delivered).toEqual({
      city: 'Cupertino',
      country: 'US',
      houseNumberOrName: 'ZZ',
      postalCode: '95014',
      street: '1 Infinite Loop',
      stateOrProvince: 'CA',
      firstName: 'Jane',
      lastName: 'Appleseed',
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pays from the drop-in’s instant-payment button', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=dropin&currency=USD&country=US');
    await page
      .getByRole('button', { name: /Credit Card|Cards?/ })
      .first()
      .waitFor();
    await page.evaluate(() => {
      const win = window as unknown as DemoWindow;
      win.element.unmount();
      const Dropin = win.element.constructor as ElementClass;
      win.element = new Dropin(win.checkout, { ...win.element.props, instantPaymentTypes: ['applepay'] });
      win.element.mount('#payment');
    });
    await walletButton(page).click();
    await payInSheet(page).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a merchant session the gateway did not sign fails the sheet and reports CANCEL', async () => {
    const { page } = await harness.openDemo(QUERY);
    await walletButton(page).waitFor();
    await page.evaluate(() => {
      const win = window as unknown as DemoWindow;
      win.element.unmount();
      const Component = win.element.constructor as ElementClass;
      win.element = new Component(win.checkout, {
        ...win.element.props,
        onValidateMerchant: (resolve: (session: unknown) => void) =>
          resolve({ merchantIdentifier: 'merchant.forged', signature: 'APS1!forged.0000' }),
      });
      win.element.mount('#payment');
    });
    await walletButton(page).click();
    await expect
      .poll(() => sheet(page).getByRole('alert').textContent())
      .toMatch(/Merchant validation failed/);
    expect(await resultOf(page)).toBe('Error: ApplePay UI dismissed');
    await expect.poll(() => sheet(page).count()).toBe(0);
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resultOf, useHarness } from './harness.ts';

/**
 * The wallets' cancel and failure paths through our drop-in (each wallet's own file drives the
 * component alone): the drop-in reports them and the shopper can still pay.
 */
const harness = useHarness();
const US = 'currency=USD&country=US&amount=1500';

/** Opens a drop-in entry by its name in the list. */
async function openEntry(page: Page, name: string) {
  await page
    .locator('.actuate-checkout__dropin')
    .getByRole('button', { name, exact: true, expanded: false })
    .click({ timeout: 30_000 });
}

describe('Cash App Pay in the drop-in', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: /Cash App Pay \(sandbox\)/ });
  const start = async (page: Page) => {
    await page.locator('.actuate-checkout__cashapp-button').click({ timeout: 30_000 });
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
  };

  it('dismissed is CANCEL, declined is an error; then a new account, saved, pays and is offered next time', async () => {
    const shopper = `cashapp-dropin-${Date.now()}`;
    const { page, errors } = await harness.openDemo(
      `flow=sessions&component=dropin&${US}&shopper=${shopper}`,
    );
    await openEntry(page, 'Cash App Pay');
    await start(page);
    await dialog(page).getByRole('button', { name: 'Dismiss' }).click();
    expect(await resultOf(page)).toBe('Error: Customer dismissed the modal');
    await expect.poll(() => page.textContent('#log')).toContain('"type":"CANCEL"');

    await start(page);
    await dialog(page).getByRole('button', { name: 'Decline' }).click();
    await expect
      .poll(() => page.textContent('#result'), { timeout: 30_000 })
      .toBe('Error: Payment declined by CashAppPay');

    await page.getByLabel('Save Cash App Pay for my next payment').check();
    await start(page);
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();

    const again = await harness.openDemo(`flow=sessions&component=dropin&${US}&shopper=${shopper}`);
    await again.page
      .getByText('Pay with your saved Cash App account $sandbox-shopper')
      .waitFor({ timeout: 30_000 });
    await again.page.close();
  });

  it('is refused for the declining test account', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=dropin&${US}`);
    await openEntry(page, 'Cash App Pay');
    await start(page);
    await dialog(page).getByLabel('Cash App account').selectOption('$declined-shopper');
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });
});

describe('Google Pay in the drop-in', () => {
  const sheet = (page: Page) => page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
  const openSheetAndPick = async (page: Page, card: RegExp) => {
    await page.getByRole('button', { name: 'Buy with Google Pay' }).click({ timeout: 30_000 });
    await sheet(page).getByRole('radio', { name: card }).check({ timeout: 15_000 });
  };

  it('a closed sheet is CANCEL, a declined card is Refused', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=dropin');
    await openEntry(page, 'Google Pay');
    await openSheetAndPick(page, /Visa •••• 1111/);
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toMatch(/^Error: CANCELED/);
    await expect.poll(() => page.textContent('#log')).toMatch(/"type":"CANCEL"/);
    await openSheetAndPick(page, /Visa •••• 0002/);
    await sheet(page).getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Refused');
    await page.close();
  });
});

describe('PayPal in the drop-in', () => {
  const popup = (page: Page) => page.getByRole('dialog', { name: 'PayPal (sandbox)' });
  const openPopup = async (page: Page) => {
    await page
      .locator('button[data-funding-source]')
      .filter({ hasText: /^PayPal$/ })
      .click({ timeout: 30_000 });
    await expect.poll(() => popup(page).getByRole('button', { name: 'Approve' }).isVisible()).toBe(true);
  };

  it('cancel and a failed pop-up are reported; a declining buyer is Refused', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=dropin');
    await openEntry(page, 'PayPal');
    await openPopup(page);
    await popup(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toBe('Error: PayPal approval was cancelled by the shopper');
    await openPopup(page);
    await popup(page).getByRole('button', { name: 'Fail' }).click();
    await expect
      .poll(() => page.textContent('#result'), { timeout: 30_000 })
      .toMatch(/^Error: PayPal sandbox: the pop-up failed/);
    await page.close();

    const declining = await harness.openDemo('flow=sessions&component=dropin');
    await openEntry(declining.page, 'PayPal');
    await openPopup(declining.page);
    await popup(declining.page)
      .getByLabel(/Declined Buyer/)
      .check();
    await popup(declining.page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(declining.page)).toBe('Result: Refused');
    await declining.page.close();
  });
});

describe('Apple Pay in the drop-in', () => {
  const QUERY = 'flow=sessions&component=dropin&currency=USD&country=US&amount=1000';
  const sheet = (page: Page) => page.getByRole('dialog', { name: 'Apple Pay (sandbox)' });
  const payInSheet = (page: Page) => sheet(page).getByRole('button', { name: /^Pay USD/ });

  it('a dismissed sheet is reported; the declined test card is Refused', async () => {
    const { page } = await harness.openDemo(QUERY);
    await openEntry(page, 'Apple Pay');
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await payInSheet(page).waitFor();
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toBe('Error: ApplePay UI dismissed');
    await page.close();

    const declined = await harness.openDemo(QUERY);
    await openEntry(declined.page, 'Apple Pay');
    await declined.page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await sheet(declined.page).getByRole('radio', { name: /0002/ }).check();
    await payInSheet(declined.page).click();
    expect(await resultOf(declined.page)).toBe('Result: Refused');
    await declined.page.close();
  });
});

describe('Klarna’s widget in the drop-in', () => {
  const dialog = (page: Page) =>
    page.getByRole('dialog', { name: /Klarna \(sandbox\): confirm your purchase/ });
  const authorizeWith = async (page: Page, choice: 'Approve' | 'Reject' | 'Close') => {
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    await dialog(page).getByRole('button', { name: choice }).click();
  };

  it('closing Klarna is an error the shopper can retry; a rejected purchase is Refused', async () => {
    const { page } = await harness.openDemo(
      'flow=sessions&component=dropin&currency=EUR&country=DE&amount=4500',
    );
    await page.getByRole('button', { name: 'Cards', expanded: true }).waitFor({ timeout: 30_000 });
    // The drop-in again, with Klarna's in-page widget switched on for the klarna entry.
    await page.evaluate(() => {
      const w = window as unknown as {
        element: {
          remove(): void;
          props: { paymentMethodsConfiguration?: object };
          constructor: new (c: unknown, o: unknown) => { mount(t: string): void };
        };
        checkout: unknown;
      };
      const Dropin = w.element.constructor;
      const props = w.element.props;
      w.element.remove();
      new Dropin(w.checkout, {
        ...props,
        paymentMethodsConfiguration: {
          ...props.paymentMethodsConfiguration,
          klarna: { useKlarnaWidget: true },
        },
      }).mount('#payment');
    });
    await openEntry(page, 'Klarna: pay later');
    await page.getByRole('button', { name: 'Continue to Klarna' }).click();
    await page.getByText('Klarna (sandbox): Pay later in 30 days').waitFor({ timeout: 30_000 });
    await authorizeWith(page, 'Close');
    expect(await resultOf(page)).toBe('Error: Klarna did not authorise the payment');
    await authorizeWith(page, 'Reject');
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Refused');
    await page.close();
  });
});

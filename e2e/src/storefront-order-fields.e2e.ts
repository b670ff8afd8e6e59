import { describe, expect, inject, it } from 'vitest';
import { axeViolations, buyerToken, emptyCarts, waitFor } from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import { prepareCheckout, quickOrder, useSignedInBrowser } from './shop-helpers.ts';

/*
 * The B2B order fields end to end: a comment, a requested delivery date and a cost center set in the
 * checkout's order details reach the ERP (the back office's sales order) and show on the order page.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const backoffice = urls.BACKOFFICE_URL as string;
const platform = urls.PLATFORM_URL as string;
const username = 'anna@acme-dk.example';

describe('order comment, requested delivery date and cost center', () => {
  const browser = useSignedInBrowser(base, username);

  it('are set at checkout, reach the ERP and show on the order', async () => {
    const { page } = browser;
    await emptyCarts(platform, await buyerToken(platform, username));
    await quickOrder(page, base, 'en', 'A10001');
    await prepareCheckout(page, base, 'en');

    const wanted = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('#order-comment').fill('Deliver to gate 4, please.');
    await page.locator('#order-date-needed').fill(wanted);
    await page.locator('#order-cost-center').fill('CC-4711 Assembly');
    await page.locator('#order-fields button[type="submit"]').click();
    await page.getByRole('status').filter({ hasText: 'Order details saved.' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'shop-checkout-order-fields');

    await page.locator('#customer-reference').fill('PO-E2E-FIELDS');
    await page.locator('#pay-PurchaseOrder').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    expect(await page.getByTestId('confirmation-comment').textContent()).toContain(
      'Deliver to gate 4, please.',
    );
    expect(await page.getByTestId('order-line-fields').first().textContent()).toContain('CC-4711 Assembly');
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    expect(orderId).not.toBe('');

    const salesOrder = await waitFor('the sales order in the ERP', async () => {
      const response = await fetch(
        `${backoffice}/erp/web-shop-orders/${encodeURIComponent(orderId)}/sales-order`,
        {
          headers: { 'x-api-key': process.env.BACKOFFICE_API_KEY ?? 'actuate-backoffice-demo-key' },
        },
      );
      return response.ok
        ? ((await response.json()) as { comments: string; lines: Record<string, unknown>[] })
        : undefined;
    });
    expect(salesOrder.comments).toBe('Deliver to gate 4, please.');
    // The order-level date and cost center fill every line (an earlier test may have left one in the cart).
    expect(salesOrder.lines).toContainEqual(expect.objectContaining({ salesItemNumber: 'A10001' }));
    for (const line of salesOrder.lines)
      expect(line).toMatchObject({ dateNeeded: wanted, costCenter: 'CC-4711 Assembly' });

    await page.goto(`${base}/en/orders/${encodeURIComponent(orderId)}`);
    expect(await page.getByTestId('order-comment').textContent()).toContain('Deliver to gate 4, please.');
    const fields = (await page.getByTestId('order-line-fields').first().textContent()) ?? '';
    expect(fields).toContain('Requested delivery');
    expect(fields).toContain('CC-4711 Assembly');
    expect(await axeViolations(page)).toEqual([]);
  });
});

import { describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  axeViolations,
  buyerToken,
  call,
  emptyCarts,
  progress,
  waitFor,
} from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import {
  cardNumberField,
  continueToPayment,
  openDropinMethod,
  prepareCheckout,
  typeTestCard,
  useSignedInBrowser,
} from './shop-helpers.ts';

/*
 * The shop and the ERP both ways, driven by the back office's own endpoints where the ERP acts: an
 * address added in the shop gets its ERP id and an order to it reaches the ERP without customer
 * service; an item the ERP blocks is not orderable and names its successor; an order shipped in two
 * parts is captured twice, for what each part shipped.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const backoffice = urls.BACKOFFICE_URL as string;
const platform = urls.PLATFORM_URL as string;
const boHeaders = {
  'x-api-key': process.env.BACKOFFICE_API_KEY ?? 'actuate-backoffice-demo-key',
  'content-type': 'application/json',
};

async function erp<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${backoffice}${path}`, {
    method,
    headers: boHeaders,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const salesOrderOf = (orderId: string) =>
  waitFor('the sales order in the ERP', async () => {
    const response = await fetch(
      `${backoffice}/erp/web-shop-orders/${encodeURIComponent(orderId)}/sales-order`,
      {
        headers: boHeaders,
      },
    );
    return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
  });

async function quickOrder(page: import('playwright-core').Page, sku: string, quantity: number) {
  await page.goto(`${base}/en/cart`);
  await page.locator('#quick-sku').fill(sku);
  await page.locator('#quick-qty').fill(String(quantity));
  await page.locator('section[aria-labelledby="quick-order-heading"] button[type="submit"]').click();
  await page.locator('table').getByText(sku, { exact: true }).first().waitFor({ timeout: 30_000 });
}

describe('an address added in the shop', () => {
  const username = 'bo@acme-dk.example';
  const browser = useSignedInBrowser(base, username);

  it('receives its ERP id, and an order to it reaches the ERP without customer service', async () => {
    const { page } = browser;
    await emptyCarts(platform, await buyerToken(platform, username));
    await quickOrder(page, 'A10001', 1);
    await page.goto(`${base}/en/checkout`);
    await page.getByRole('link', { name: 'Add a new address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.waitFor({ timeout: 30_000 });
    const unique = Date.now().toString(36).toUpperCase();
    await form.getByLabel('Name of the address').fill(`Site ${unique}`);
    await form.getByLabel('Street and number').fill(`Kajgade ${unique}`);
    await page.locator('#new-address-Zip').fill('8000');
    await page.locator('#new-address-City').fill('Aarhus');
    await page.locator('#new-address-State').fill('Midtjylland');
    await page.locator('#new-address-Country').selectOption('DK');
    await form.getByLabel('to ship to only').check();
    await Promise.all([
      page.waitForURL(/\/en\/checkout\?saved=address/, { timeout: 30_000 }),
      form.getByRole('button', { name: 'Save and use this address' }).click(),
    ]);
    const shipTo = page.getByRole('group', { name: 'Ship to' });
    const addressId = (await shipTo.getByLabel(new RegExp(`Site ${unique}`)).getAttribute('value')) ?? '';
    expect(addressId).not.toBe('');

    // The back office gives the shop's address its ERP id; the platform address carries it.
    const admin = await adminToken(platform);
    const xp = await waitFor('the ERP id on the shop address', async () => {
      const address = await call(platform, admin, 'GET', `/v1/buyers/acme-dk/addresses/${addressId}`).catch(
        async () => {
          const addresses = await call<{ Items: Record<string, unknown>[] }>(
            platform,
            await buyerToken(platform, username),
            'GET',
            '/v1/me/addresses?pageSize=100',
          );
          return addresses.Items.find((entry) => entry.ID === addressId) ?? {};
        },
      );
      const found = (address.xp ?? {}) as Record<string, unknown>;
      return typeof found.ErpId === 'string' ? found : undefined;
    });
    expect(xp.ErpId).toMatch(/^ADK-3\d{5}$/);
    const inErp = await erp('GET', `/erp/delivery-addresses/${xp.ErpId}`);
    expect(inErp).toMatchObject({ webShopAddressId: addressId, street1: `Kajgade ${unique}` });

    // The order to it is placed and the ERP takes it: no MissingDeliveryAddress, nobody steps in.
    await page.locator('input[name="shipMethod"]').first().waitFor({ timeout: 30_000 });
    await prepareCheckout(page, base, 'en');
    await page.locator('#customer-reference').fill(`PO-ADDR-${unique}`);
    await page.locator('#pay-PurchaseOrder').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    const salesOrder = await salesOrderOf(orderId);
    expect(JSON.stringify(salesOrder)).toContain(String(xp.ErpId));
    await page.goto(`${base}/en/orders/${encodeURIComponent(orderId)}`);
    await expect
      .poll(async () => (await page.getByTestId('order-number').textContent())?.trim(), { timeout: 30_000 })
      .toMatch(/^SO-/);
    expect(await page.getByText('needs attention').count()).toBe(0);
    await saveScreenshot(page, 'erp-sync-address-order');
    expect(await axeViolations(page)).toEqual([]);

    // A subscription delivers there; then the ERP closes the address.
    const token = await buyerToken(platform, username);
    const nextOrderDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const subscription = await call(platform, token, 'POST', '/v1/me/subscriptions', {
      Frequency: 1,
      Interval: 'Months',
      NextOrderDate: `${nextOrderDate}T06:00:00+00:00`,
      Active: true,
      Payment: { Type: 'PurchaseOrder' },
      ShippingAddressID: addressId,
      BillingAddressID: 'acme-dk-head-office',
      xp: { CustomerReference: `SUB-${unique}`, Name: `Site ${unique} refill` },
    });
    await page.goto(`${base}/en/subscriptions/${encodeURIComponent(subscription.ID as string)}`);
    await page.getByTestId('subscription-detail').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('subscription-address-closed').count()).toBe(0);
    await erp('PATCH', `/erp/delivery-addresses/${xp.ErpId}`, {
      validTo: new Date(Date.now() - 60_000).toISOString(),
    });
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('subscription-address-closed').count();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);
    expect(await page.getByTestId('subscription-address-closed').textContent()).toContain('has been closed');
    await saveScreenshot(page, 'erp-sync-subscription-address-closed');
    expect(await axeViolations(page)).toEqual([]);
    // The closed address is no longer offered at checkout.
    await quickOrder(page, 'A10001', 1);
    await page.goto(`${base}/en/checkout`);
    await page.getByRole('group', { name: 'Ship to' }).waitFor({ timeout: 30_000 });
    expect(await page.locator(`input[name="shippingAddressId"][value="${addressId}"]`).count()).toBe(0);
    await call(platform, token, 'DELETE', `/v1/me/subscriptions/${subscription.ID}`).catch(() => undefined);
  });
});

describe('an item the ERP blocks', () => {
  const username = 'anna@acme-dk.example';
  const browser = useSignedInBrowser(base, username);
  const item = 'A10057';
  const successor = 'A10001';

  it('is not orderable and names its successor', async () => {
    const { page } = browser;
    try {
      await erp('PUT', `/erp/items/${item}/supply`, { successorSalesItemNumber: successor });
      await erp('PUT', `/erp/items/${item}/factory-state`, { lifecycleState: 'Blocked' });
      await expect
        .poll(
          async () => {
            await page.goto(`${base}/en/items/${item}`);
            return page.getByTestId('successor-link').count();
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(1);
      expect(await page.getByTestId('item-not-orderable').textContent()).toContain(successor);
      expect(await page.getByTestId('successor-link').getAttribute('href')).toContain(`/items/${successor}`);
      await saveScreenshot(page, 'erp-sync-blocked-item');
      expect(await axeViolations(page)).toEqual([]);
      // The platform refuses the line too, whatever the page offers.
      const token = await buyerToken(platform, username);
      const cart = await call(platform, token, 'POST', '/v1/orders/Outgoing', {});
      const line = await fetch(`${platform}/v1/orders/Outgoing/${cart.ID}/lineitems`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ProductID: item, Quantity: 1 }),
      });
      expect(line.status).toBe(400);
      expect(await line.text()).toContain('Product.NotOrderable');
      await call(platform, token, 'DELETE', `/v1/orders/Outgoing/${cart.ID}`).catch(() => undefined);
    } finally {
      await erp('PUT', `/erp/items/${item}/factory-state`, { lifecycleState: 'Released' });
      await erp('PUT', `/erp/items/${item}/supply`, { successorSalesItemNumber: null });
    }
  });
});

describe('an order shipped in parts', () => {
  const username = 'anna@acme-dk.example';
  const browser = useSignedInBrowser(base, username);

  interface Transaction {
    Type: string;
    Amount: number;
    Succeeded: boolean;
  }

  /** Anna orders two A10001 paid by card; answers the order id and its ERP sales order number. */
  async function placeCardOrder(reference: string) {
    const { page } = browser;
    const token = await buyerToken(platform, username);
    await emptyCarts(platform, token);
    await quickOrder(page, 'A10001', 2);
    await prepareCheckout(page, base, 'en');
    await page.locator('#customer-reference').fill(reference);
    await continueToPayment(page);
    await openDropinMethod(page, 'scheme');
    await cardNumberField(page).waitFor({ timeout: 30_000 });
    await typeTestCard(page, '5555555555554444');
    await page
      .locator('.actuate-checkout__payment-method--selected')
      .getByRole('button', { name: /^Pay / })
      .click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    expect(orderId).not.toBe('');
    const orderNumber = (await salesOrderOf(orderId)).orderNumber as string;
    await progress(backoffice, orderNumber, 'confirm');
    const transactions = async () => {
      const payments = await call<{ Items: { Type: string; Transactions?: Transaction[] }[] }>(
        platform,
        token,
        'GET',
        `/v1/orders/Outgoing/${orderId}/payments`,
      );
      return payments.Items.find((payment) => payment.Type === 'CreditCard')?.Transactions ?? [];
    };
    const shipments = async () =>
      ((await erp('GET', `/erp/sales-orders/${orderNumber}`)).shipments as
        | { erpShipmentId: string }[]
        | undefined) ?? [];
    return { token, orderId, orderNumber, transactions, shipments };
  }

  it('is captured twice, for the amounts each part shipped', async () => {
    const { page } = browser;
    const { orderId, orderNumber, transactions, shipments } = await placeCardOrder('PO-TWO-PARTS');
    // The ERP ships half, then the rest (the back office's own steps).
    if ((await shipments()).length === 0) {
      await erp('POST', `/erp/sales-orders/${orderNumber}/ship`, {
        lines: [{ lineNumber: 10, quantity: 1 }],
      });
    }
    if ((await shipments()).length === 1) await progress(backoffice, orderNumber, 'ship');

    const captures = await waitFor('two captures on the order', async () => {
      const found = (await transactions()).filter((entry) => entry.Type === 'Capture' && entry.Succeeded);
      return found.length === 2 ? found : undefined;
    });
    const authorised = (await transactions()).find((entry) => entry.Type === 'Authorization')?.Amount ?? 0;
    const total = captures.reduce((sum, entry) => sum + entry.Amount, 0);
    expect(Math.round(total * 100)).toBe(Math.round(authorised * 100));
    // Each part shipped one of the two units: each capture is half of the authorisation.
    for (const capture of captures)
      expect(Math.abs(capture.Amount - authorised / 2)).toBeLessThanOrEqual(0.01);
    await page.goto(`${base}/en/orders/${encodeURIComponent(orderId)}`);
    await saveScreenshot(page, 'erp-sync-two-captures');
  });

  it('completed short, releases what was not shipped; the delivery reaches the shipment', async () => {
    const { token, orderId, orderNumber, transactions, shipments } = await placeCardOrder('PO-SHORT');
    if ((await shipments()).length === 0) {
      await erp('POST', `/erp/sales-orders/${orderNumber}/ship`, {
        lines: [{ lineNumber: 10, quantity: 1 }],
        cost: 4_750,
      });
    }
    const [shipment] = await shipments();
    await erp('POST', `/erp/sales-orders/${orderNumber}/complete-short`, { reason: 'Discontinued' });
    await erp('POST', `/erp/sales-orders/${orderNumber}/shipments/${shipment?.erpShipmentId}/deliver`, {});

    const released = await waitFor('the capture and the release of the rest', async () => {
      const all = await transactions();
      const capture = all.find((entry) => entry.Type === 'Capture' && entry.Succeeded);
      const release = all.find((entry) => entry.Type === 'Void' && entry.Succeeded);
      return capture && release ? { capture, release } : undefined;
    });
    const authorised = (await transactions()).find((entry) => entry.Type === 'Authorization')?.Amount ?? 0;
    expect(Math.abs(released.capture.Amount - authorised / 2)).toBeLessThanOrEqual(0.01);
    expect(Math.round((released.capture.Amount + released.release.Amount) * 100)).toBe(
      Math.round(authorised * 100),
    );
    const delivered = await waitFor('the platform shipment delivered, with its cost', async () => {
      const list = await call<{
        Items: { ID: string; DateDelivered?: string | null; Cost?: number | null }[];
      }>(platform, token, 'GET', `/v1/orders/Outgoing/${orderId}/shipments`);
      return list.Items.find((entry) => entry.ID === shipment?.erpShipmentId && entry.DateDelivered);
    });
    expect(delivered.Cost).toBe(47.5);
  });
});

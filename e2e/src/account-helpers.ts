import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * Helpers of the after-sales browser tests: platform calls with a buyer's own token (to set up orders
 * the shop pages would otherwise place), the back office's progression triggers, sign-in through the
 * storefront, and an axe-core check of a page.
 */

export const DEMO_PASSWORD = 'actuate-demo';
const STOREFRONT_SCOPE =
  'Shopper MeAdmin MeAddressAdmin MeXpAdmin MeSubscriptionAdmin MeCreditCardAdmin BuyerReader BuyerUserReader BuyerUserAdmin UserGroupReader UserGroupAdmin ApprovalRuleReader ApprovalRuleAdmin SpendingAccountReader SpendingAccountAdmin CostCenterReader CostCenterAdmin';

type Json = Record<string, unknown>;

async function form(url: string, body: Record<string, string>): Promise<Json> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Json;
}

/** A buyer's platform token, as the storefront's sign-in gets it. */
export async function buyerToken(platformUrl: string, username: string): Promise<string> {
  const token = await form(`${platformUrl}/oauth/token`, {
    grant_type: 'password',
    client_id: 'actuate-storefront',
    username,
    password: DEMO_PASSWORD,
    scope: STOREFRONT_SCOPE,
  });
  return token.access_token as string;
}

/**
 * Makes sure the platform's subscription integration points at the middleware's hooks (the demo wiring
 * does not register it yet), so a subscription run reports its order to the middleware.
 */
export async function ensureSubscriptionIntegration(
  platformUrl: string,
  middlewareUrl: string,
): Promise<void> {
  const admin = await adminToken(platformUrl);
  const response = await fetch(`${platformUrl}/v1/integrations/subscription`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  if (response.ok) return;
  await call(platformUrl, admin, 'PUT', '/v1/integrations/subscription', {
    Url: `${middlewareUrl}/subscriptions`,
    HashKey: process.env.CHECKOUT_INTEGRATION_HASH_KEY ?? 'actuate-checkout-integration-demo-hash-key',
    ApiClientID: 'actuate-middleware',
    NotificationDays: 0,
    Active: true,
  });
}

/** The middleware's admin token (FullAccess), for triggers no buyer may pull. */
export async function adminToken(platformUrl: string): Promise<string> {
  const token = await form(`${platformUrl}/oauth/token`, {
    grant_type: 'client_credentials',
    client_id: 'actuate-middleware',
    client_secret: process.env.MIDDLEWARE_CLIENT_SECRET ?? 'actuate-middleware-dev-secret',
  });
  return token.access_token as string;
}

export async function call<T = Json>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Puts an unsubmitted order (a cart) with one line together, priced by the checkout integration. */
export async function buildCart(
  platformUrl: string,
  token: string,
  options: {
    productId?: string;
    quantity?: number;
    minimumTotal?: number;
    reference?: string;
    more?: { productId: string; quantity: number }[];
  } = {},
): Promise<string> {
  const productId = options.productId ?? 'B10001';
  let quantity = options.quantity ?? 1;
  if (options.minimumTotal) {
    // Enough units for the total (net list price plus Danish VAT, 25 %), with a margin.
    const product = await call(platformUrl, token, 'GET', `/v1/me/products/${productId}`);
    const breaks = (product.PriceSchedule as { PriceBreaks: { Price: number }[] }).PriceBreaks;
    const lowest = Math.min(...breaks.map((entry) => entry.Price));
    quantity = Math.max(quantity, Math.ceil((options.minimumTotal * 1.05) / (lowest * 1.25)) + 1);
  }
  const order = await call(platformUrl, token, 'POST', '/v1/orders/Outgoing', {
    BillingAddressID: 'acme-dk-head-office',
    xp: { CustomerReference: options.reference ?? `E2E-${Date.now()}` },
  });
  const orderId = order.ID as string;
  await call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/lineitems`, {
    ProductID: productId,
    Quantity: quantity,
    ShippingAddressID: 'acme-dk-head-office',
  });
  for (const line of options.more ?? []) {
    await call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/lineitems`, {
      ProductID: line.productId,
      Quantity: line.quantity,
      ShippingAddressID: 'acme-dk-head-office',
    });
  }
  const estimate = await call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/estimateshipping`);
  const shipEstimate = (estimate.ShipEstimateResponse as { ShipEstimates: Json[] }).ShipEstimates[0] as Json;
  const methodId = shipEstimate.SelectedShipMethodID ?? ((shipEstimate.ShipMethods as Json[])[0] as Json).ID;
  await call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/shipmethods`, {
    ShipMethodSelections: [{ ShipEstimateID: shipEstimate.ID, ShipMethodID: methodId }],
  });
  await call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/calculate`);
  return orderId;
}

/**
 * Deletes the buyer's unsubmitted orders, so a test's cart holds only what the test puts in (the
 * browser files share one stack, and earlier files leave lines in the demo buyers' carts).
 */
export async function emptyCarts(platformUrl: string, token: string): Promise<void> {
  const carts = await call<{ Items: Json[] }>(
    platformUrl,
    token,
    'GET',
    // The buyer's own list: `/v1/orders/Outgoing` shows Unsubmitted orders only to UnsubmittedOrderReader.
    '/v1/me/orders?Status=Unsubmitted&pageSize=100',
  );
  for (const cart of carts.Items) {
    await call(platformUrl, token, 'DELETE', `/v1/orders/Outgoing/${encodeURIComponent(String(cart.ID))}`);
  }
}

/** A promotion code for every buyer, set up with the platform's admin client (the demo world has none). */
export async function createPromotion(
  platformUrl: string,
  promotion: { code: string; name: string; eligible: string; value: string },
): Promise<void> {
  await call(platformUrl, await adminToken(platformUrl), 'POST', '/v1/promotions', {
    ID: promotion.code.toLowerCase(),
    Code: promotion.code,
    Name: promotion.name,
    AllowAllBuyers: true,
    EligibleExpression: promotion.eligible,
    ValueExpression: promotion.value,
    CanCombine: true,
  });
}

/** A cart as above, paid by purchase order and submitted. Answers the order after submission. */
export async function placeOrder(
  platformUrl: string,
  token: string,
  options: Parameters<typeof buildCart>[2] = {},
): Promise<Json> {
  const orderId = await buildCart(platformUrl, token, options);
  await call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/payments`, {
    Type: 'PurchaseOrder',
  });
  return call(platformUrl, token, 'POST', `/v1/orders/Outgoing/${orderId}/submit`);
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** Sets an item up (Released, Active) at a sales company of the ERP. */
export async function releaseItem(backofficeUrl: string, item: string, salesCompany: string): Promise<void> {
  const response = await fetch(`${backofficeUrl}/erp/items/${item}/sales-companies/${salesCompany}`, {
    method: 'PUT',
    headers: {
      'x-api-key': process.env.BACKOFFICE_API_KEY ?? 'actuate-backoffice-demo-key',
      'content-type': 'application/json',
    },
    body: '{}',
  });
  if (!response.ok) throw new Error(`release ${item} answered ${response.status}: ${await response.text()}`);
}

/** Takes an item away from a sales company again (the demo's MissingItemSalesCompany). */
export async function withdrawItem(backofficeUrl: string, item: string, salesCompany: string): Promise<void> {
  const response = await fetch(`${backofficeUrl}/erp/items/${item}/sales-companies/${salesCompany}`, {
    method: 'DELETE',
    headers: { 'x-api-key': process.env.BACKOFFICE_API_KEY ?? 'actuate-backoffice-demo-key' },
  });
  if (!response.ok && response.status !== 404) {
    throw new Error(`withdraw ${item} answered ${response.status}: ${await response.text()}`);
  }
}

/** A back office progression step; a step the paced progression already took (409) is fine. */
/** Issues a credit note against an invoice through the back office API; answers the credit note. */
export async function creditInvoice(
  backofficeUrl: string,
  invoiceNumber: string,
  body: { reason: string; lines?: { lineNumber: number; quantity: number }[]; amount?: number },
): Promise<{ invoiceNumber: string; totalAmount: number }> {
  const response = await fetch(`${backofficeUrl}/erp/invoices/${invoiceNumber}/credit-notes`, {
    method: 'POST',
    headers: {
      'x-api-key': process.env.BACKOFFICE_API_KEY ?? 'actuate-backoffice-demo-key',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) {
    throw new Error(`credit note on ${invoiceNumber} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as { invoiceNumber: string; totalAmount: number };
}

export async function progress(
  backofficeUrl: string,
  orderNumber: string,
  step: 'confirm' | 'ship' | 'invoice',
) {
  const response = await fetch(`${backofficeUrl}/erp/sales-orders/${orderNumber}/${step}`, {
    method: 'POST',
    headers: {
      'x-api-key': process.env.BACKOFFICE_API_KEY ?? 'actuate-backoffice-demo-key',
      'content-type': 'application/json',
    },
    body: '{}',
  });
  if (!response.ok && response.status !== 409) {
    throw new Error(`${step} ${orderNumber} answered ${response.status}: ${await response.text()}`);
  }
  return response.status;
}

/** Signs in through the storefront's sign-in page. */
export async function signIn(
  page: Page,
  storefrontUrl: string,
  username: string,
  locale = 'en',
): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${storefrontUrl}/${locale}/sign-in`);
  await page.getByLabel(/username|brugernavn|benutzername/i).fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations of the current page (WCAG 2.x A and AA rules). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Next.js streams a page's metadata after its body on client navigation: give the title a moment to
  // arrive; a page that never gets one is still reported by axe below.
  await page
    .waitForFunction(() => document.title !== '', undefined, { timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(axeSource);
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
  )) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

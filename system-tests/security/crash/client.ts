/**
 * What the suites send: a demo buyer's order through the platform API (as the storefront does it) and
 * card payments at the gateway's merchant API, each call retried while the app it needs is down.
 */
import { DEMO_PASSWORD, STOREFRONT_CLIENT_ID } from '@actuate/catalog-data';

export const GATEWAY_API_KEY = 'sandbox_api_key_actuate';
export const MERCHANT_ACCOUNT = 'ActuateStore';
export const MIDDLEWARE_ADMIN_KEY = 'actuate-middleware-admin-demo-key';
export const BACKOFFICE_API_KEY = 'actuate-backoffice-demo-key';
/** A no-3-D-Secure test card in the sandbox's `test_` form of the encrypted fields. */
export const TEST_CARD = {
  type: 'scheme',
  encryptedCardNumber: 'test_4111111111111111',
  encryptedExpiryMonth: 'test_03',
  encryptedExpiryYear: 'test_2030',
  encryptedSecurityCode: 'test_737',
  holderName: 'Crash Test',
};

export interface Reply {
  status: number;
  body: unknown;
}

type Body = Record<string, unknown>;

/** One HTTP call; a connection refused or reset is status 0 (the app is down or was killed mid-call). */
export async function send(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
  } = {},
): Promise<Reply> {
  try {
    const response = await fetch(url, {
      method: init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST'),
      headers: {
        ...(init.form
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : init.body === undefined
            ? {}
            : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.form
        ? new URLSearchParams(init.form).toString()
        : init.body === undefined
          ? undefined
          : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Repeats the call while it fails for a reason a client retries (no answer, 5xx, 409 "still running"),
 * for at most `timeoutMs`; the last answer otherwise.
 */
export async function retried(
  call: () => Promise<Reply>,
  options: { timeoutMs?: number; retryOn?: (reply: Reply) => boolean } = {},
): Promise<Reply & { attempts: number }> {
  const until = Date.now() + (options.timeoutMs ?? 120_000);
  for (let attempts = 1; ; attempts++) {
    const reply = await call();
    const transient =
      reply.status === 0 || reply.status >= 500 || reply.status === 409 || integrationFailed(reply);
    if (!(transient || options.retryOn?.(reply)) || Date.now() > until) return { ...reply, attempts };
    await sleep(Math.min(2_000, 100 * attempts));
  }
}

/** The platform's answer when its call to the middleware (checkout integration, pre-submit hook) failed. */
export function integrationFailed(reply: Reply): boolean {
  if (reply.status !== 400 && reply.status !== 502 && reply.status !== 503) return false;
  const errors = ((reply.body as Body | null)?.Errors ?? []) as Body[];
  return errors.some((error) => /^(IntegrationEvent\.ErrorResponse|Webhook\.)/.test(String(error.ErrorCode)));
}

export function expectStatus(reply: Reply, what: string, ...statuses: number[]): Body {
  if (!statuses.includes(reply.status))
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 500)}`);
  return (reply.body ?? {}) as Body;
}

export async function buyerToken(platform: string, username: string): Promise<string> {
  const reply = await retried(() =>
    send(`${platform}/oauth/token`, {
      form: { grant_type: 'password', client_id: STOREFRONT_CLIENT_ID, username, password: DEMO_PASSWORD },
    }),
  );
  return expectStatus(reply, 'token', 200).access_token as string;
}

export interface Buyer {
  platform: string;
  token: string;
  products: string[];
  shipping: Body;
  billing: Body;
}

const SELLABLE = ['Released', 'PhaseOut'];

/**
 * Whether the ERP accepts the item for the sales company: the demo world keeps a few items that it
 * refuses on purpose (its issue scenarios), which would never reach it as a sales order.
 */
async function sellable(backoffice: string, salesItemNumber: string, salesCompanyId: string) {
  const reply = await send(`${backoffice}/erp/items/${encodeURIComponent(salesItemNumber)}`, {
    headers: { 'x-api-key': BACKOFFICE_API_KEY },
  });
  if (reply.status !== 200) return false;
  const item = reply.body as { factoryLifecycleState: string; salesCompanies: Body[] };
  const at = item.salesCompanies.find((state) => state.salesCompanyId === salesCompanyId);
  return (
    SELLABLE.includes(item.factoryLifecycleState) &&
    !!at &&
    SELLABLE.includes(String(at.lifecycleState)) &&
    at.itemState === 'Active'
  );
}

/**
 * An address the ERP delivers to: the company's own carry their ERP id (a buyer's personal one has
 * none), and one whose validity has ended (a closed warehouse) is refused too.
 */
const erpKnows = (address: Body) => {
  const xp = (address.xp ?? {}) as Body;
  const validTo = typeof xp.ValidTo === 'string' ? Date.parse(xp.ValidTo) : Number.NaN;
  return Boolean(xp.ErpId) && !(validTo <= Date.now());
};

/** The buyer's first sales items the ERP accepts, and addresses it knows, read once. */
export async function buyerOf(platform: string, backoffice: string, username: string): Promise<Buyer> {
  const token = await buyerToken(platform, username);
  const headers = { authorization: `Bearer ${token}` };
  const products = expectStatus(
    await send(`${platform}/v1/me/products?pageSize=20&xp.Kind=SalesItem`, { headers }),
    'products',
    200,
  ).Items as Body[];
  const addresses = expectStatus(
    await send(`${platform}/v1/me/addresses?pageSize=100`, { headers }),
    'addresses',
    200,
  ).Items as Body[];
  const plain = (address: Body | undefined) => {
    if (!address) throw new Error(`${username} has no such address`);
    const { Shipping: _s, Billing: _b, Editable: _e, ...rest } = address;
    return rest;
  };
  const me = expectStatus(await send(`${platform}/v1/me`, { headers }), 'me', 200);
  const salesCompanyId = String((me.xp as Body).SalesCompanyId);
  const accepted: string[] = [];
  for (const product of products) {
    const number = String((product.xp as Body).SalesItemNumber ?? product.ID);
    if (await sellable(backoffice, number, salesCompanyId)) accepted.push(product.ID as string);
  }
  if (accepted.length === 0) throw new Error(`no product of ${username} that the ERP accepts`);
  return {
    platform,
    token,
    products: accepted,
    shipping: plain(addresses.find((address) => address.Shipping && erpKnows(address))),
    billing: plain(addresses.find((address) => address.Billing && erpKnows(address))),
  };
}

/** A priced cart with one line, addresses and the first ship method: what checkout has before paying. */
export async function preparedOrder(buyer: Buyer, index: number, payment: 'PurchaseOrder' | 'CreditCard') {
  const headers = { authorization: `Bearer ${buyer.token}` };
  const call = async (method: string, path: string, body?: unknown, ...ok: number[]) =>
    expectStatus(
      await retried(() => send(`${buyer.platform}${path}`, { method, headers, body })),
      `${method} ${path}`,
      ...(ok.length ? ok : [200, 201, 204]),
    );
  const reference = `CRASH-${index}`;
  const order = await call('POST', '/v1/orders/Outgoing', { xp: { CustomerReference: reference } });
  const url = `/v1/orders/Outgoing/${order.ID}`;
  const product = buyer.products[index % buyer.products.length];
  await call('POST', `${url}/lineitems`, { ProductID: product, Quantity: 1 + (index % 3) });
  await call('PUT', `${url}/shipto`, buyer.shipping);
  await call('PUT', `${url}/billto`, buyer.billing);
  // Ship estimates and calculation go through the middleware: retried while it is down.
  const estimate = await call('POST', `${url}/estimateshipping`);
  const shipEstimate = (estimate.ShipEstimateResponse as Body).ShipEstimates as Body[];
  const first = shipEstimate[0] as Body;
  await call('POST', `${url}/shipmethods`, {
    ShipMethodSelections: [{ ShipEstimateID: first.ID, ShipMethodID: (first.ShipMethods as Body[])[0]?.ID }],
  });
  const worksheet = await call('POST', `${url}/calculate`);
  const total = (worksheet.Order as Body).Total as number;
  const currency = (worksheet.Order as Body).Currency as string;
  await call('POST', `${url}/payments`, {
    Type: payment,
    Amount: total,
    xp: { CustomerReference: reference },
  });
  return { id: order.ID as string, total, currency };
}

/**
 * Orders through the real platform with the middleware connected (checkout integration event on the
 * storefront's client, pre-submit webhook): the catalogue of ERP scenario items, addresses, and an
 * order placed, priced and submitted as a buyer would.
 */
import { type Address, DEMO_LOGINS } from '@actuate/catalog-data';
import { apiHeaders } from '../../../../apps/backoffice/src/testing/index.ts';
import { adminKey } from '../../../../apps/middleware/src/testing/requests.ts';
import { salesItem } from '../../../../apps/platform/src/testing/catalog-fixtures.ts';
import { call, expectOk } from '../../../../apps/platform/src/testing/harness.ts';
import { HASH_KEY, type World } from './harness.ts';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export { adminKey, storefrontKey } from '../../../../apps/middleware/src/testing/requests.ts';

export const platformAdmin = (world: World) => (method: Method, url: string, body?: unknown) =>
  call(world.platform.app, world.platform.adminToken, method, url, body);

async function ok(response: Awaited<ReturnType<ReturnType<typeof platformAdmin>>>) {
  return expectOk(response, response.statusCode === 201 ? 201 : response.statusCode === 204 ? 204 : 200);
}

/**
 * Connects the platform to the middleware and sells the given sales items (product ID = sales item
 * number) to the buyers, at 1000 in their currency (the middleware reprices through the price service).
 */
export async function connectCheckout(
  world: World,
  buyers: { id: string; currency: 'DKK' | 'EUR' }[],
  salesItemNumbers: string[],
): Promise<void> {
  const admin = platformAdmin(world);
  if (!world.middlewareUrl) throw new Error('the middleware must listen (start a back office or gateway)');
  await ok(
    await admin('POST', '/v1/integrationEvents', {
      ID: 'checkout',
      Name: 'Middleware checkout',
      EventType: 'OrderCheckout',
      CustomImplementationUrl: world.middlewareUrl,
      HashKey: HASH_KEY,
    }),
  );
  await ok(
    await admin('PATCH', '/v1/apiclients/actuate-storefront', {
      OrderCheckoutIntegrationEventID: 'checkout',
    }),
  );
  await ok(
    await admin('POST', '/v1/webhooks', {
      ID: 'presubmit',
      Name: 'Pre-submit check',
      Url: `${world.middlewareUrl}/webhooks/presubmit`,
      HashKey: HASH_KEY,
      BeforeProcessRequest: true,
      WebhookRoutes: [{ Route: 'v1/orders/{direction}/{orderID}/submit', Verb: 'POST' }],
    }),
  );
  await ok(await admin('POST', '/v1/catalogs', { ID: 'main', Name: 'Main catalogue' }));
  for (const currency of ['DKK', 'EUR']) {
    await ok(
      await admin('POST', '/v1/priceschedules', {
        ID: `list-${currency.toLowerCase()}`,
        Name: `List ${currency}`,
        Currency: currency,
        PriceBreaks: [{ Quantity: 1, Price: 1000 }],
      }),
    );
  }
  for (const number of salesItemNumbers) {
    const product = salesItem(number, `Actuator ${number}`, { voltage: '24' });
    await ok(
      await admin('POST', '/v1/products', {
        ...product,
        DefaultPriceScheduleID: 'list-dkk',
        xp: { ...product.xp, SalesItemNumber: number },
      }),
    );
    await ok(
      await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: number }),
    );
    for (const buyer of buyers.filter((candidate) => candidate.currency === 'EUR')) {
      await ok(
        await admin('POST', '/v1/products/assignments', {
          ProductID: number,
          BuyerID: buyer.id,
          PriceScheduleID: 'list-eur',
        }),
      );
    }
  }
  for (const buyer of buyers) {
    await ok(await admin('POST', '/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: buyer.id }));
  }
}

/** A demo address as a platform address body (with its ERP extension when the ERP knows it). */
export function addressBody(address: Address): Body {
  return {
    ID: address.id,
    AddressName: address.addressName,
    CompanyName: address.companyName,
    FirstName: address.firstName,
    LastName: address.lastName,
    Street1: address.street1,
    City: address.city,
    Zip: address.zip,
    State: address.state,
    Country: address.countryCode2,
    xp: address.erpId
      ? {
          ErpId: address.erpId,
          ValidFrom: address.validFrom,
          ValidTo: null,
          CountryCode2: address.countryCode2,
          CountryCode3: address.countryCode3,
        }
      : {},
  };
}

/** The company's current ERP delivery address of the demo world. */
export function erpAddress(world: World, companyId: string): Address {
  const address = world.demo.addresses.find(
    (candidate) =>
      candidate.companyId === companyId &&
      candidate.ownerType === 'company' &&
      candidate.shipping &&
      candidate.erpId &&
      !candidate.validTo,
  );
  if (!address) throw new Error(`no ERP address of ${companyId}`);
  return address;
}

export interface PlacedOrder {
  id: string;
  submit: Awaited<ReturnType<typeof call>>;
}

/**
 * An order of the buyer's: lines, ship-to, estimate, ship method, calculate, a payment (purchase
 * order unless asked otherwise), then submit; `beforeSubmit` runs on the priced order (e.g. to pay).
 */
export async function placeOrder(
  world: World,
  token: string,
  lines: { product: string; quantity: number }[],
  address: Body,
  options: {
    shipMethodId?: string;
    xp?: Body;
    /** The order's Comments, and fields every line carries (DateNeeded, CostCenter). */
    comments?: string;
    lineFields?: Body;
    payment?: 'PurchaseOrder' | 'CreditCard';
    beforeSubmit?: (orderId: string) => Promise<void>;
  } = {},
): Promise<PlacedOrder> {
  const as = (method: Method, url: string, body?: unknown) =>
    call(world.platform.app, token, method, url, body);
  const order = await expectOk<Body>(
    await as('POST', '/v1/orders/Outgoing', {
      xp: { CustomerReference: 'PO-TEST', ...options.xp },
      ...(options.comments ? { Comments: options.comments } : {}),
    }),
    201,
  );
  const url = `/v1/orders/Outgoing/${order.ID}`;
  for (const line of lines) {
    await expectOk(
      await as('POST', `${url}/lineitems`, {
        ProductID: line.product,
        Quantity: line.quantity,
        ...options.lineFields,
      }),
      201,
    );
  }
  await expectOk(await as('PUT', `${url}/shipto`, address));
  await expectOk(await as('POST', `${url}/estimateshipping`));
  await expectOk(
    await as('POST', `${url}/shipmethods`, {
      ShipMethodSelections: [
        { ShipEstimateID: 'all-lines', ShipMethodID: options.shipMethodId ?? 'STANDARD-PARCEL' },
      ],
    }),
  );
  await expectOk(await as('POST', `${url}/calculate`));
  await expectOk(await as('POST', `${url}/payments`, { Type: options.payment ?? 'PurchaseOrder' }), 201);
  await options.beforeSubmit?.(order.ID as string);
  return { id: order.ID as string, submit: await as('POST', `${url}/submit`) };
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The middleware's ERP submission of the order once its job has run and synced the platform. */
export async function settledSubmission(world: World, orderId: string, previousAttempts = 0): Promise<Body> {
  return waitFor(async () => {
    const response = await world.middleware.inject({ url: `/erp/orders/${orderId}`, headers: adminKey });
    if (response.statusCode !== 200) return undefined;
    const row = response.json() as Body;
    // The job's result is stored and written to the platform (or the platform refused it).
    return row.State !== 'Pending' && (row.Attempts as number) > previousAttempts && row.PlatformSync
      ? row
      : undefined;
  });
}

export const platformOrder = async (world: World, orderId: string) =>
  expectOk<Body>(await platformAdmin(world)('GET', `/v1/orders/All/${orderId}`));

export const platformLines = async (world: World, orderId: string) =>
  (
    await expectOk<{ Items: Body[] }>(
      await platformAdmin(world)('GET', `/v1/orders/All/${orderId}/lineitems`),
    )
  ).Items;

export function backoffice(world: World) {
  return (method: Method, url: string, payload?: object) => {
    const app = world.backoffice?.app;
    if (!app) throw new Error('no back office');
    return app.inject({ method, url, headers: apiHeaders, ...(payload ? { payload } : {}) });
  };
}

/**
 * Every order of the company needs approval (rule `order.Total > 1`) by a group holding the demo
 * approver. Returns the removal of the rule (the group stays).
 */
export async function requireApprovalOfEveryOrder(
  world: World,
  companyId = 'acme-dk',
): Promise<() => Promise<void>> {
  const admin = platformAdmin(world);
  await expectOk(
    await admin('POST', `/v1/buyers/${companyId}/usergroups`, { ID: 'order-approvers', Name: 'Approvers' }),
    201,
  );
  const approver = world.demo.users.find((user) => user.username === DEMO_LOGINS.buyerAdminApprover);
  if (!approver) throw new Error('demo data missing');
  await expectOk(
    await admin('POST', `/v1/buyers/${companyId}/usergroups/assignments`, {
      UserGroupID: 'order-approvers',
      UserID: approver.id,
    }),
    204,
  );
  await expectOk(
    await admin('POST', `/v1/buyers/${companyId}/approvalrules`, {
      ID: 'everything',
      Name: 'Every order',
      ApprovingGroupID: 'order-approvers',
      RuleExpression: 'order.Total > 1',
    }),
    201,
  );
  return async () => {
    await admin('DELETE', `/v1/buyers/${companyId}/approvalrules/everything`);
  };
}

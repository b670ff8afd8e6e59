/**
 * Test helpers of the back office (and of suites across apps): a seeded app on a test database, a
 * local HTTP server that receives callbacks, and sales-order bodies for the demo scenarios.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DemoWorld, generateDemoWorld } from '@actuate/catalog-data';
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { buildApp } from '../app.ts';
import { DEMO_API_KEY, readConfig } from '../config.ts';
import type { SubmitSalesOrderRequest } from '../modules/sales-orders/models.ts';

export const TEST_API_KEY = DEMO_API_KEY;
/** Start-up of a seeded app with its job workers; generous because CI machines are often busy. */
export const STARTUP_TIMEOUT_MS = 180_000;
export const apiHeaders = { 'x-api-key': TEST_API_KEY };

let cachedWorld: DemoWorld | undefined;
/** A small demo world (100 items): the ERP scenarios are the same items as in the full world. */
export const smallWorld = (): DemoWorld => {
  cachedWorld ??= generateDemoWorld({ salesItems: 100 });
  return cachedWorld;
};

/** The back office on `database`, seeded with the small world; `env` overrides settings (pace 0 by default). */
export function startBackoffice(
  database: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<ServiceApp> {
  const config = readConfig({
    SEED_DEMO_DATA: 'true',
    ERP_PACE_SECONDS: '0',
    CRM_REGISTRATION_DELAY_SECONDS: '0',
    ERP_CALLBACK_URL: 'http://127.0.0.1:9/unused',
    ERP_CALLBACK_RETRY_DELAY_SECONDS: '1',
    JOB_POLLING_INTERVAL_SECONDS: '0.5',
    ...env,
  });
  return buildApp(config, { database, logger: false, demoWorld: smallWorld });
}

export interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { eventId: string; type: string; subject: string; sequence: number; data: Record<string, unknown> };
  status: number;
}

/** A local HTTP server standing in for the middleware's callback endpoint. */
export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
  /** Answers the next callbacks about `subject` with these statuses (then 204). */
  failNext(subject: string, ...statuses: number[]): void;
  accepted(): ReceivedCallback[];
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const planned = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const rawBody = Buffer.concat(parts).toString('utf8');
      const body = JSON.parse(rawBody) as ReceivedCallback['body'];
      const status = planned.get(body.subject)?.shift() ?? 204;
      received.push({ headers: request.headers, rawBody, body, status });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/erp/callbacks`,
    received,
    failNext: (subject, ...statuses) => planned.set(subject, [...(planned.get(subject) ?? []), ...statuses]),
    accepted: () => received.filter((entry) => entry.status >= 200 && entry.status < 300),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let orderCounter = 0;
export const newOrderId = (prefix = 'order') => `${prefix}-${Date.now().toString(36)}-${++orderCounter}`;

/**
 * A sales-order body for a demo user: the user's company and contact ERP ids, the company's first
 * shipping address with its ERP id (or `addressId`), and lines of the given items.
 */
export function orderBody(
  world: DemoWorld,
  options: {
    username: string;
    items: { salesItemNumber: string; quantity?: number }[];
    addressId?: string;
    webShopOrderId?: string;
  },
): SubmitSalesOrderRequest {
  const user = world.users.find((candidate) => candidate.username === options.username);
  if (!user) throw new Error(`no demo user ${options.username}`);
  const company = world.companies.find((candidate) => candidate.id === user.companyId);
  if (!company) throw new Error(`no company of ${options.username}`);
  const address = options.addressId
    ? world.addresses.find((candidate) => candidate.id === options.addressId)
    : world.addresses.find(
        (candidate) => candidate.companyId === company.id && candidate.shipping && !candidate.validTo,
      );
  if (!address) throw new Error(`no address for ${options.username}`);
  const orderId = options.webShopOrderId ?? newOrderId();
  return {
    webShopOrderId: orderId,
    customerErpId: company.erpId as string,
    contactErpId: user.erpId as string,
    currency: company.currency,
    customerReference: `PO-${orderId}`,
    shippingCost: 9_500,
    deliveryAddress: {
      erpId: address.erpId,
      webShopAddressId: address.id,
      companyName: address.companyName,
      firstName: address.firstName,
      lastName: address.lastName,
      street1: address.street1,
      street2: address.street2,
      city: address.city,
      zip: address.zip,
      state: address.state,
      countryCode2: address.countryCode2,
    },
    lines: options.items.map((item, index) => ({
      webShopLineItemId: `${orderId}-li${index + 1}`,
      salesItemNumber: item.salesItemNumber,
      quantity: item.quantity ?? 2,
      unitPrice: 125_000,
    })),
  };
}

/** POST /erp/sales-orders through inject, with the API key. */
export const submitOrder = (app: ServiceApp, body: unknown) =>
  app.inject({ method: 'POST', url: '/erp/sales-orders', headers: apiHeaders, payload: body as object });

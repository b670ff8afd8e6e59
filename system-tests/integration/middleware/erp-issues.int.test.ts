/**
 * Each ERP issue of the back office's scenario table, produced by a buyer's order through the real
 * platform (priced by the middleware and the price service, submitted, sent to the ERP by the job),
 * seen on the platform order and its lines, fixed in the back office and re-submitted until accepted.
 */
import {
  ADDRESS_MISSING_IN_ERP_ID,
  DEMO_LOGINS,
  MISSING_ERP_CONTACT_USERNAME,
  MISSING_ERP_CUSTOMER_ID,
} from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAs } from '../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  adminKey,
  backoffice,
  connectCheckout,
  erpAddress,
  placeOrder,
  platformLines,
  platformOrder,
  settledSubmission,
  storefrontKey,
  waitFor,
} from './support/checkout.ts';
import { startWorld, type World } from './support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let bo: ReturnType<typeof backoffice>;
let anna: string;
let acmeAddress: Body;

beforeAll(async () => {
  world = await startWorld(['acme-dk', MISSING_ERP_CUSTOMER_ID], { backoffice: true });
  await connectCheckout(
    world,
    [
      { id: 'acme-dk', currency: 'DKK' },
      { id: MISSING_ERP_CUSTOMER_ID, currency: 'EUR' },
    ],
    ['B10001', 'B10002', 'B10003', 'B10004', 'B10005'],
  );
  bo = backoffice(world);
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
  acmeAddress = addressBody(erpAddress(world, 'acme-dk'));
});
afterAll(() => world?.close());

/** Re-submits (the operator's key, or the buyer's token) and waits for the job's new result. */
async function resubmit(orderId: string, before: Body, token?: string): Promise<Body> {
  const response = await world.middleware.inject({
    method: 'POST',
    url: `/erp/orders/${orderId}/resubmit`,
    headers: token ? { ...storefrontKey, authorization: `Bearer ${token}` } : adminKey,
  });
  expect(response.statusCode, response.body).toBe(202);
  return settledSubmission(world, orderId, before.Attempts as number);
}

async function expectAcceptedOnPlatform(orderId: string, lines: number): Promise<void> {
  // The job writes the platform; a callback about the same order may write too (the last write wins).
  const order = await waitFor(async () => {
    const current = await platformOrder(world, orderId);
    return (current.xp as Body).ErpSubmissionIssue === 'None' ? current : undefined;
  }, 10_000).catch(() => platformOrder(world, orderId));
  expect(order.xp).toMatchObject({
    ErpSubmissionIssue: 'None',
    WebShopStatus: 'Received',
    SalesCompanyId: expect.any(String),
  });
  expect((order.xp as Body).OrderNumber).toMatch(/^SO-/);
  const items = await platformLines(world, orderId);
  expect(items.map((item) => (item.xp as Body).ErpLineNumber).sort()).toEqual([10, 20, 30].slice(0, lines));
  // A line refused before and accepted on re-submission loses its old issue.
  for (const item of items) expect((item.xp as Body).ErpSubmissionIssue ?? null).toBeNull();
}

describe('ERP issues seen on the order and resolved by re-submission', () => {
  it('MissingCustomer: the ERP does not know the company; created (with contact and address), then accepted', async () => {
    const gustav = world.demo.users.find((user) => user.companyId === MISSING_ERP_CUSTOMER_ID);
    const company = world.demo.companies.find((candidate) => candidate.id === MISSING_ERP_CUSTOMER_ID);
    if (!gustav?.erpId || !company?.erpId) throw new Error('demo data missing');
    const token = await loginAs(world.platform.app, gustav.username);
    const address = erpAddress(world, MISSING_ERP_CUSTOMER_ID);
    const order = await placeOrder(world, token, [{ product: 'B10001', quantity: 1 }], addressBody(address));
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const refused = await settledSubmission(world, order.id);
    expect(refused).toMatchObject({
      State: 'Issue',
      ErpSubmissionIssue: 'MissingCustomer',
      OrderNumber: null,
    });
    expect((await platformOrder(world, order.id)).xp).toMatchObject({
      ErpSubmissionIssue: 'MissingCustomer',
      WebShopStatus: 'Submitted',
    });

    const created = await bo('POST', '/erp/customers', {
      erpId: company.erpId,
      name: company.name,
      salesCompanyId: company.salesCompanyId,
      countryCode2: company.countryCode2,
      invoiceEmail: company.invoiceEmail,
      vatNumber: company.vatNumber,
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = await bo('POST', `/erp/customers/${company.erpId}/contacts`, {
      erpId: gustav.erpId,
      firstName: gustav.firstName,
      lastName: gustav.lastName,
      email: gustav.email,
    });
    expect(contact.statusCode, contact.body).toBe(201);
    // The shop's address carries the ERP id the CRM knows: the ERP takes it over.
    const delivery = await bo('POST', `/erp/customers/${company.erpId}/delivery-addresses`, {
      ...(address.erpId ? { erpId: address.erpId } : {}),
      webShopAddressId: address.id,
      street1: address.street1,
      city: address.city,
      zip: address.zip,
      state: address.state,
      countryCode2: address.countryCode2,
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    await bo('PUT', `/erp/items/B10001/sales-companies/${company.salesCompanyId}`, {});

    const accepted = await resubmit(order.id, refused, token);
    expect(accepted, JSON.stringify(accepted)).toMatchObject({ State: 'Submitted', Outcome: 'Accepted' });
    await expectAcceptedOnPlatform(order.id, 1);
  });

  it('MissingContact: the ordering user is not a contact in the ERP; added, then accepted', async () => {
    const mads = world.demo.users.find((user) => user.username === MISSING_ERP_CONTACT_USERNAME);
    if (!mads?.erpId) throw new Error('demo data missing');
    const token = await loginAs(world.platform.app, mads.username);
    const order = await placeOrder(world, token, [{ product: 'B10001', quantity: 1 }], acmeAddress);
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const refused = await settledSubmission(world, order.id);
    expect(refused).toMatchObject({ State: 'Issue', ErpSubmissionIssue: 'MissingContact' });
    expect((await platformOrder(world, order.id)).xp).toMatchObject({ ErpSubmissionIssue: 'MissingContact' });

    const contact = await bo('POST', '/erp/customers/ADK-100001/contacts', {
      erpId: mads.erpId,
      firstName: mads.firstName,
      lastName: mads.lastName,
      email: mads.email,
    });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(await resubmit(order.id, refused)).toMatchObject({ Outcome: 'Accepted' });
    await expectAcceptedOnPlatform(order.id, 1);
  });

  it('MissingDeliveryAddress: an address the ERP does not know waits (no issue); added, then accepted', async () => {
    const home = world.demo.addresses.find((address) => address.id === ADDRESS_MISSING_IN_ERP_ID);
    if (!home) throw new Error('demo data missing');
    const order = await placeOrder(world, anna, [{ product: 'B10001', quantity: 1 }], addressBody(home));
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    // This world has no platform address behind the ship-to, so nothing resumes it by itself.
    const refused = await settledSubmission(world, order.id);
    expect(refused).toMatchObject({ State: 'AwaitingAddress', ErpSubmissionIssue: 'None' });
    expect((await platformOrder(world, order.id)).xp).toMatchObject({
      ErpSubmissionIssue: 'None',
      ErpSubmissionState: 'AwaitingDeliveryAddress',
    });

    const delivery = await bo('POST', '/erp/customers/ADK-100001/delivery-addresses', {
      webShopAddressId: home.id,
      street1: home.street1,
      city: home.city,
      zip: home.zip,
      state: home.state,
      countryCode2: home.countryCode2,
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    expect(await resubmit(order.id, refused, anna)).toMatchObject({ Outcome: 'Accepted' });
    await expectAcceptedOnPlatform(order.id, 1);
  });

  const lineIssues = [
    {
      item: 'B10002',
      issue: 'MissingItemSalesCompany',
      fix: ['PUT', '/erp/items/B10002/sales-companies/ADK', {}],
    },
    {
      item: 'B10003',
      issue: 'InvalidItemLifecycleStateFactory',
      fix: ['PUT', '/erp/items/B10003/factory-state', { lifecycleState: 'Released' }],
    },
    {
      item: 'B10004',
      issue: 'InvalidItemLifecycleStateSalesCompany',
      fix: ['PUT', '/erp/items/B10004/sales-companies/ADK', {}],
    },
    {
      item: 'B10005',
      issue: 'InvalidItemStateSalesCompany',
      fix: ['PUT', '/erp/items/B10005/sales-companies/ADK', {}],
    },
  ] as const;

  for (const { item, issue, fix } of lineIssues) {
    it(`${issue}: the only line is refused (LineItemIssue); the item is released, then accepted`, async () => {
      const order = await placeOrder(world, anna, [{ product: item, quantity: 1 }], acmeAddress);
      expect(order.submit.statusCode, order.submit.body).toBe(200);
      const refused = await settledSubmission(world, order.id);
      expect(refused).toMatchObject({ State: 'Issue', ErpSubmissionIssue: 'LineItemIssue' });
      expect((refused.LineItems as Body[])[0]).toMatchObject({
        ErpLineNumber: null,
        ErpSubmissionIssue: issue,
      });
      expect((await platformOrder(world, order.id)).xp).toMatchObject({
        ErpSubmissionIssue: 'LineItemIssue',
      });
      expect((await platformLines(world, order.id))[0]?.xp).toMatchObject({ ErpSubmissionIssue: issue });

      const fixed = await bo(fix[0], fix[1], fix[2]);
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(await resubmit(order.id, refused)).toMatchObject({
        Outcome: 'Accepted',
        ErpSubmissionIssue: 'None',
      });
      await expectAcceptedOnPlatform(order.id, 1);
    });
  }

  it('PartiallySubmitted: one line accepted, one refused; released and re-submitted, the line is added', async () => {
    // Take B10002 away from ADK again (the test above released it).
    await bo('DELETE', '/erp/items/B10002/sales-companies/ADK');
    const order = await placeOrder(
      world,
      anna,
      [
        { product: 'B10001', quantity: 2 },
        { product: 'B10002', quantity: 1 },
      ],
      acmeAddress,
    );
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const partial = await settledSubmission(world, order.id);
    expect(partial).toMatchObject({
      State: 'Submitted',
      Outcome: 'PartiallySubmitted',
      ErpSubmissionIssue: 'PartiallySubmitted',
    });
    const platform = await platformOrder(world, order.id);
    expect(platform.xp).toMatchObject({
      ErpSubmissionIssue: 'PartiallySubmitted',
      OrderNumber: partial.OrderNumber,
    });
    const lines = await platformLines(world, order.id);
    expect(lines.map((line) => line.xp)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ErpLineNumber: 10 }),
        expect.objectContaining({ ErpSubmissionIssue: 'MissingItemSalesCompany' }),
      ]),
    );

    expect((await bo('PUT', '/erp/items/B10002/sales-companies/ADK', {})).statusCode).toBe(200);
    const accepted = await resubmit(order.id, partial);
    expect(accepted).toMatchObject({ Outcome: 'Accepted', OrderNumber: partial.OrderNumber });
    await expectAcceptedOnPlatform(order.id, 2);
    const submissions = await bo('GET', `/erp/web-shop-orders/${order.id}/submissions`);
    expect(submissions.json()).toHaveLength(2);
  });
});

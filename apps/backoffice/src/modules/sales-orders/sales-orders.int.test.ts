import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiHeaders,
  newOrderId,
  orderBody,
  STARTUP_TIMEOUT_MS,
  smallWorld,
  startBackoffice,
  submitOrder,
} from '../../testing/index.ts';

const world = smallWorld();
const scenarios = world.erpScenarios;
const [happyItem, secondItem] = scenarios.orderableSalesItemNumbers as [string, string];
const shopper = 'anna@acme-dk.example';

// Inline vitest projects do not inherit the root timeouts; these suites wait for jobs and callbacks.
vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('sales order submission against the demo world', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startBackoffice(database);
    await app.ready();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('accepts a clean order with ERP line numbers and status Received', async () => {
    const body = orderBody(world, {
      username: shopper,
      items: [{ salesItemNumber: happyItem }, { salesItemNumber: secondItem }],
    });
    const response = await submitOrder(app, body);
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      outcome: 'Accepted',
      erpSubmissionIssue: 'None',
      webShopStatus: 'Received',
      salesCompanyId: 'ADK',
      orderNumber: expect.stringMatching(/^SO-ADK-\d{6}$/),
    });
    expect(result.lines.map((line: { erpLineNumber: number }) => line.erpLineNumber)).toEqual([10, 20]);
    expect(result.deliveryAddressErpId).toBe(body.deliveryAddress.erpId);
  });

  it('is idempotent: the same order twice is one sales order; a different body is a 409', async () => {
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: happyItem }] });
    const first = await submitOrder(app, body);
    const second = await submitOrder(app, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().orderNumber).toBe(first.json().orderNumber);
    const changed = await submitOrder(app, { ...body, lines: [{ ...body.lines[0], quantity: 7 }] });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      type: 'urn:actuate:problem:sales-order-conflict',
      orderNumber: first.json().orderNumber,
    });
    const list = await app.inject({
      url: `/erp/web-shop-orders/${body.webShopOrderId}/submissions`,
      headers: apiHeaders,
    });
    expect(list.json()).toHaveLength(2);
  });

  it('creates one sales order when the same order is submitted concurrently', async () => {
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: happyItem }] });
    const responses = await Promise.all(Array.from({ length: 6 }, () => submitOrder(app, body)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().orderNumber)).size).toBe(1);
  });

  it('MissingCustomer: refused, then accepted once the customer exists in the ERP', async () => {
    const scenario = scenarios.missingCustomer;
    const body = orderBody(world, { username: scenario.username, items: [{ salesItemNumber: happyItem }] });
    const refused = await submitOrder(app, body);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      outcome: 'Refused',
      erpSubmissionIssue: 'MissingCustomer',
      orderNumber: null,
    });

    const company = world.companies.find((candidate) => candidate.id === scenario.companyId);
    const created = await app.inject({
      method: 'POST',
      url: '/erp/customers',
      headers: apiHeaders,
      payload: {
        erpId: scenario.erpId,
        name: company?.name,
        salesCompanyId: company?.salesCompanyId,
        countryCode2: company?.countryCode2,
        invoiceEmail: company?.invoiceEmail,
        vatNumber: company?.vatNumber,
        crmAccountId: company?.crmId,
      },
    });
    expect(created.statusCode).toBe(201);
    // The contact and the address of the new customer follow.
    expect(refused.json().erpSubmissionIssue).toBe('MissingCustomer');
    const contactRefused = await submitOrder(app, body);
    expect(contactRefused.json().erpSubmissionIssue).toBe('MissingContact');
    const user = world.users.find((candidate) => candidate.username === scenario.username);
    await app.inject({
      method: 'POST',
      url: `/erp/customers/${scenario.erpId}/contacts`,
      headers: apiHeaders,
      payload: {
        erpId: user?.erpId,
        firstName: user?.firstName,
        lastName: user?.lastName,
        email: user?.email,
      },
    });
    const addressRefused = await submitOrder(app, body);
    expect(addressRefused.json().erpSubmissionIssue).toBe('MissingDeliveryAddress');
    const { erpId: _erpId, ...address } = body.deliveryAddress;
    const addressCreated = await app.inject({
      method: 'POST',
      url: `/erp/customers/${scenario.erpId}/delivery-addresses`,
      headers: apiHeaders,
      payload: Object.fromEntries(Object.entries(address).filter(([, value]) => value !== null)),
    });
    expect(addressCreated.statusCode).toBe(201);
    const accepted = await submitOrder(app, {
      ...body,
      deliveryAddress: { ...body.deliveryAddress, erpId: null },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      outcome: 'Accepted',
      erpSubmissionIssue: 'None',
      salesCompanyId: 'ASE',
    });
    expect(accepted.json().deliveryAddressErpId).toBe(addressCreated.json().erpId);
  });

  it('refuses to create a customer or contact whose ERP id exists (409)', async () => {
    const acme = world.companies.find((company) => company.id === 'acme-dk');
    const customer = await app.inject({
      method: 'POST',
      url: '/erp/customers',
      headers: apiHeaders,
      payload: {
        erpId: acme?.erpId,
        name: 'Copy',
        salesCompanyId: 'ADK',
        countryCode2: 'DK',
        invoiceEmail: 'x@example.com',
        vatNumber: 'DK1',
      },
    });
    expect(customer.statusCode).toBe(409);
    expect(customer.json().type).toBe('urn:actuate:problem:customer-exists');
    const anna = world.users.find((user) => user.username === shopper);
    const contact = await app.inject({
      method: 'POST',
      url: `/erp/customers/${acme?.erpId}/contacts`,
      headers: apiHeaders,
      payload: { erpId: anna?.erpId, firstName: 'A', lastName: 'B', email: 'a@example.com' },
    });
    expect(contact.statusCode).toBe(409);
    const unknown = await app.inject({
      method: 'POST',
      url: '/erp/customers',
      headers: apiHeaders,
      payload: {
        name: 'X',
        salesCompanyId: 'AXX',
        countryCode2: 'DK',
        invoiceEmail: 'x@example.com',
        vatNumber: 'DK2',
      },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('MissingContact: refused, then accepted once the contact exists', async () => {
    const scenario = scenarios.missingContact;
    const body = orderBody(world, { username: scenario.username, items: [{ salesItemNumber: happyItem }] });
    expect((await submitOrder(app, body)).json()).toMatchObject({
      outcome: 'Refused',
      erpSubmissionIssue: 'MissingContact',
    });
    const customerErpId = body.customerErpId;
    const added = await app.inject({
      method: 'POST',
      url: `/erp/customers/${customerErpId}/contacts`,
      headers: apiHeaders,
      payload: {
        erpId: scenario.erpId,
        crmContactId: scenario.crmContactId,
        firstName: 'Mads',
        lastName: 'Mikkelsen',
        email: scenario.username,
      },
    });
    expect(added.statusCode).toBe(201);
    expect((await submitOrder(app, body)).json()).toMatchObject({
      outcome: 'Accepted',
      erpSubmissionIssue: 'None',
    });
  });

  it('MissingDeliveryAddress: refused for a personal address, accepted once the ERP has it', async () => {
    const scenario = scenarios.missingDeliveryAddress;
    const body = orderBody(world, {
      username: scenario.username,
      addressId: scenario.addressId,
      items: [{ salesItemNumber: happyItem }],
    });
    expect(body.deliveryAddress.erpId).toBeNull();
    expect((await submitOrder(app, body)).json()).toMatchObject({
      outcome: 'Refused',
      erpSubmissionIssue: 'MissingDeliveryAddress',
    });
    const { erpId: _erpId, ...address } = body.deliveryAddress;
    const created = await app.inject({
      method: 'POST',
      url: `/erp/customers/${body.customerErpId}/delivery-addresses`,
      headers: apiHeaders,
      payload: Object.fromEntries(Object.entries(address).filter(([, value]) => value !== null)),
    });
    expect(created.statusCode).toBe(201);
    const accepted = (await submitOrder(app, body)).json();
    expect(accepted).toMatchObject({ outcome: 'Accepted', deliveryAddressErpId: created.json().erpId });
  });

  const lineIssues = Object.values(scenarios.lineItemIssues);
  it.each(lineIssues)(
    '$issue: every line refused → LineItemIssue; resolved in the ERP, then accepted',
    async (scenario) => {
      const body = orderBody(world, {
        username: shopper,
        items: [{ salesItemNumber: scenario.salesItemNumber }],
      });
      const refused = (await submitOrder(app, body)).json();
      expect(refused).toMatchObject({
        outcome: 'Refused',
        erpSubmissionIssue: 'LineItemIssue',
        orderNumber: null,
      });
      expect(refused.lines[0]).toMatchObject({ erpLineNumber: null, issue: scenario.issue });

      const url =
        scenario.issue === 'InvalidItemLifecycleStateFactory'
          ? `/erp/items/${scenario.salesItemNumber}/factory-state`
          : `/erp/items/${scenario.salesItemNumber}/sales-companies/${scenario.salesCompanyId}`;
      const payload =
        scenario.issue === 'InvalidItemLifecycleStateFactory' ? { lifecycleState: 'Released' } : {};
      const fixed = await app.inject({ method: 'PUT', url, headers: apiHeaders, payload });
      expect(fixed.statusCode).toBe(200);
      const accepted = await submitOrder(app, body);
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json()).toMatchObject({ outcome: 'Accepted', erpSubmissionIssue: 'None' });
      expect(accepted.json().lines[0]).toMatchObject({ erpLineNumber: 10, issue: null });
    },
  );

  it('PartiallySubmitted: some lines accepted, the refused one added on re-submission after release', async () => {
    const scenario = scenarios.partialSubmission;
    // Put the scenario item back into its documented state (an earlier test released it).
    const missing = scenario.lines.find((line) => line.expectedLineIssue)?.salesItemNumber as string;
    await app.inject({
      method: 'DELETE',
      url: `/erp/items/${missing}/sales-companies/ADK`,
      headers: apiHeaders,
    });
    const body = orderBody(world, {
      username: scenario.username,
      items: scenario.lines.map((line) => ({
        salesItemNumber: line.salesItemNumber,
        quantity: line.quantity,
      })),
    });
    const partial = await submitOrder(app, body);
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({
      outcome: 'PartiallySubmitted',
      erpSubmissionIssue: 'PartiallySubmitted',
    });
    expect(
      partial
        .json()
        .lines.map((line: { erpLineNumber: number | null; issue: string | null }) => [
          line.erpLineNumber,
          line.issue,
        ]),
    ).toEqual([
      [10, null],
      [null, 'MissingItemSalesCompany'],
    ]);
    await app.inject({
      method: 'PUT',
      url: `/erp/items/${missing}/sales-companies/ADK`,
      headers: apiHeaders,
      payload: {},
    });
    const complete = await submitOrder(app, body);
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({
      outcome: 'Accepted',
      erpSubmissionIssue: 'None',
      orderNumber: partial.json().orderNumber,
    });
    expect(complete.json().lines.map((line: { erpLineNumber: number }) => line.erpLineNumber)).toEqual([
      10, 20,
    ]);
  });

  it('answers bad input with 400 problem details and changes nothing', async () => {
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: happyItem }] });
    const bad = await submitOrder(app, {
      ...body,
      lines: [{ ...body.lines[0], salesItemNumber: 'not-an-item', quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json()).toMatchObject({ type: 'urn:actuate:problem:validation', status: 400 });
    const malformed = await app.inject({
      method: 'POST',
      url: '/erp/sales-orders',
      headers: { ...apiHeaders, 'content-type': 'application/json' },
      payload: '{"webShopOrderId": ',
    });
    expect(malformed.statusCode).toBe(400);
    const lookup = await app.inject({
      url: `/erp/web-shop-orders/${body.webShopOrderId}/submissions`,
      headers: apiHeaders,
    });
    expect(lookup.json()).toEqual([]);
    const duplicateLines = await submitOrder(app, { ...body, lines: [body.lines[0], body.lines[0]] });
    expect(duplicateLines.statusCode).toBe(400);
  });

  it('refuses callers without the API key with 401', async () => {
    const body = orderBody(world, {
      username: shopper,
      items: [{ salesItemNumber: happyItem }],
      webShopOrderId: newOrderId(),
    });
    const missing = await app.inject({ method: 'POST', url: '/erp/sales-orders', payload: body });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ type: 'urn:actuate:problem:unauthorized', status: 401 });
    const wrong = await app.inject({
      url: '/erp/sales-companies',
      headers: { 'x-api-key': 'wrong-key-wrong-key' },
    });
    expect(wrong.statusCode).toBe(401);
    const lookup = await app.inject({
      url: `/erp/web-shop-orders/${body.webShopOrderId}/submissions`,
      headers: apiHeaders,
    });
    expect(lookup.json()).toEqual([]);
  });

  it('documents the API with the API-key scheme', async () => {
    await app.inject({ url: '/docs/json' });
    const document = (await app.inject({ url: '/docs/json' })).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'x-api-key' });
    expect(document.paths['/erp/sales-orders'].post.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/erp/sales-orders/{orderNumber}/ship', '/crm/registrations', '/callbacks']),
    );
  });
});

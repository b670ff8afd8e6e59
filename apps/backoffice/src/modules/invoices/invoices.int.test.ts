import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiHeaders,
  orderBody,
  STARTUP_TIMEOUT_MS,
  smallWorld,
  startBackoffice,
  submitOrder,
} from '../../testing/index.ts';

const world = smallWorld();
const [itemA, itemB] = world.erpScenarios.orderableSalesItemNumbers as [string, string];
const shopper = 'anna@acme-dk.example';

vi.setConfig({ testTimeout: 60_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('ERP invoices', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;
  let invoiceNumber: string;
  let orderNumber: string;
  let customerErpId: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: apiHeaders });
  const step = (order: string, action: string) =>
    app.inject({
      method: 'POST',
      url: `/erp/sales-orders/${order}/${action}`,
      headers: apiHeaders,
      payload: {},
    });

  async function invoicedOrder(items: { salesItemNumber: string; quantity: number }[]) {
    const submitted = await submitOrder(app, orderBody(world, { username: shopper, items }));
    expect(submitted.statusCode).toBe(201);
    const number: string = submitted.json().orderNumber;
    for (const action of ['confirm', 'ship', 'ship', 'invoice']) {
      expect((await step(number, action)).statusCode).toBe(200);
    }
    return (await get(`/erp/sales-orders/${number}`)).json();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startBackoffice(database);
    await app.ready();
    const order = await invoicedOrder([
      { salesItemNumber: itemA, quantity: 3 },
      { salesItemNumber: itemB, quantity: 1 },
    ]);
    invoiceNumber = order.invoice.invoiceNumber;
    orderNumber = order.orderNumber;
    customerErpId = order.customerErpId;
    // A second order that stays open: it has no invoice.
    expect(
      (
        await submitOrder(
          app,
          orderBody(world, { username: shopper, items: [{ salesItemNumber: itemA, quantity: 1 }] }),
        )
      ).statusCode,
    ).toBe(201);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('reads an invoice with lines, VAT, totals, due date and both parties', async () => {
    const response = await get(`/erp/invoices/${invoiceNumber}`);
    expect(response.statusCode).toBe(200);
    const invoice = response.json();
    // 4 × 1,250.00 DKK + 95.00 shipping, 25 % VAT.
    expect(invoice).toMatchObject({
      invoiceNumber,
      kind: 'Invoice',
      orderNumber,
      customerErpId,
      currency: 'DKK',
      netAmount: 500_000,
      shippingAmount: 9_500,
      vatRateBasisPoints: 2500,
      vatAmount: 127_375,
      totalAmount: 636_875,
      issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      seller: { salesCompanyId: 'ADK', vatNumber: expect.any(String) },
      buyer: { customerErpId, name: expect.any(String), vatNumber: expect.any(String) },
    });
    expect(
      invoice.lines.map((line: { quantity: number; lineAmount: number }) => [line.quantity, line.lineAmount]),
    ).toEqual([
      [3, 375_000],
      [1, 125_000],
    ]);
    expect(invoice.lines[0].description).not.toBe('');
    const due = Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate);
    expect(due / 86_400_000).toBe(invoice.paymentTermsDays);
    expect(invoice.buyer.address).toMatchObject({ street1: expect.any(String), city: expect.any(String) });
  });

  it('lists by customer, contact, order and issue date, with paging', async () => {
    const second = await invoicedOrder([{ salesItemNumber: itemB, quantity: 2 }]);
    const all = (await get(`/erp/invoices?customerErpId=${customerErpId}`)).json();
    expect(all.total).toBe(2);
    expect(all.items.map((item: { invoiceNumber: string }) => item.invoiceNumber)).toEqual([
      second.invoice.invoiceNumber,
      invoiceNumber,
    ]);
    const page = (await get(`/erp/invoices?customerErpId=${customerErpId}&limit=1&offset=1`)).json();
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1, items: [{ invoiceNumber }] });
    const byOrder = (await get(`/erp/invoices?orderNumber=${orderNumber}`)).json();
    expect(byOrder.items.map((item: { orderNumber: string }) => item.orderNumber)).toEqual([orderNumber]);
    const contact = all.items[0].contactErpId as string;
    expect((await get(`/erp/invoices?contactErpId=${contact}`)).json().total).toBe(2);
    expect((await get('/erp/invoices?contactErpId=XXX-999999')).json().total).toBe(0);
    const today = all.items[0].issueDate as string;
    expect((await get(`/erp/invoices?from=${today}&to=${today}`)).json().total).toBe(2);
    expect((await get('/erp/invoices?to=2000-01-01')).json().total).toBe(0);
    expect((await get('/erp/invoices?customerErpId=ZZZ-000000')).json()).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('answers bad input with 4xx problem details and needs the API key', async () => {
    expect((await get('/erp/invoices/INV-ADK-2026-999999')).statusCode).toBe(404);
    for (const url of [
      '/erp/invoices/nonsense',
      '/erp/invoices?from=2026-13-01',
      '/erp/invoices?from=2026-05-02&to=2026-05-01',
      '/erp/invoices?customerErpId=acme',
      '/erp/invoices?limit=0',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect((await app.inject({ method: 'GET', url: '/erp/invoices' })).statusCode).toBe(401);
  });

  it('lists the endpoints in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/erp/invoices', '/erp/invoices/{invoiceNumber}']),
    );
  });
});

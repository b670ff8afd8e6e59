import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHeaders, orderBody, STARTUP_TIMEOUT_MS, smallWorld, submitOrder } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';

const world = smallWorld();
const [itemA, itemB] = world.erpScenarios.orderableSalesItemNumbers as [string, string];
const shopper = 'anna@acme-dk.example';

vi.setConfig({ testTimeout: 60_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('ERP credit notes', () => {
  const backoffice = useBackoffice();
  let invoiceNumber: string;

  const get = (url: string) => backoffice.app.inject({ method: 'GET', url, headers: apiHeaders });
  const credit = (number: string, payload: unknown) =>
    backoffice.app.inject({
      method: 'POST',
      url: `/erp/invoices/${number}/credit-notes`,
      headers: apiHeaders,
      payload: payload as object,
    });

  beforeAll(async () => {
    const submitted = await submitOrder(
      backoffice.app,
      orderBody(world, {
        username: shopper,
        items: [
          { salesItemNumber: itemA, quantity: 3 },
          { salesItemNumber: itemB, quantity: 1 },
        ],
      }),
    );
    const orderNumber: string = submitted.json().orderNumber;
    for (const action of ['confirm', 'ship', 'ship', 'invoice']) {
      expect((await backoffice.step(orderNumber, action)).statusCode).toBe(200);
    }
    invoiceNumber = (await get(`/erp/sales-orders/${orderNumber}`)).json().invoice.invoiceNumber;
  }, STARTUP_TIMEOUT_MS);

  it('credits lines at the invoice’s VAT, links both ways, lists by kind and sends a signed callback', async () => {
    // Invoice: 3 × 1,250.00 + 1 × 1,250.00 DKK + 95.00 shipping, 25 % VAT.
    const response = await credit(invoiceNumber, {
      reason: 'Damaged in transit',
      lines: [{ lineNumber: 10, quantity: 2 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json();
    expect(note).toMatchObject({
      invoiceNumber: expect.stringMatching(/^CN-ADK-\d{4}-000001$/),
      kind: 'CreditNote',
      creditsInvoiceNumber: invoiceNumber,
      reason: 'Damaged in transit',
      currency: 'DKK',
      netAmount: -250_000,
      shippingAmount: 0,
      vatRateBasisPoints: 2500,
      vatAmount: -62_500,
      totalAmount: -312_500,
      lines: [{ lineNumber: 10, quantity: 2, unitPrice: 125_000, lineAmount: -250_000 }],
    });
    expect((await get(`/erp/invoices/${note.invoiceNumber}`)).json()).toEqual(note);

    const invoice = (await get(`/erp/invoices/${invoiceNumber}`)).json();
    expect(invoice.creditNotes).toEqual([
      { invoiceNumber: note.invoiceNumber, issueDate: note.issueDate, totalAmount: -312_500 },
    ]);
    expect(invoice.creditableNetAmount).toBe(509_500 - 250_000);

    const all = (await get(`/erp/invoices?orderNumber=${invoice.orderNumber}`)).json();
    expect(all.total).toBe(2);
    expect(all.items.map((item: { kind: string }) => item.kind).sort()).toEqual(['CreditNote', 'Invoice']);
    const notes = (await get(`/erp/invoices?orderNumber=${invoice.orderNumber}&kind=CreditNote`)).json();
    expect(notes.items.map((item: { invoiceNumber: string }) => item.invoiceNumber)).toEqual([
      note.invoiceNumber,
    ]);
    expect((await get(`/erp/invoices?orderNumber=${invoice.orderNumber}&kind=Invoice`)).json().total).toBe(1);

    await expect
      .poll(
        () =>
          backoffice.receiver.accepted().filter((entry) => entry.body.type === 'credit-note.issued').length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    const [callback] = backoffice.receiver
      .accepted()
      .filter((entry) => entry.body.type === 'credit-note.issued');
    expect(callback?.headers['x-erp-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(callback?.body).toMatchObject({
      subject: `credit-note:${invoiceNumber}`,
      sequence: 1,
      data: {
        orderNumber: invoice.orderNumber,
        webShopOrderId: invoice.webShopOrderId,
        creditNote: {
          creditNoteNumber: note.invoiceNumber,
          invoiceNumber,
          currency: 'DKK',
          totalAmount: -312_500,
        },
      },
    });
  });

  it('never credits more than is left on a line or on the invoice', async () => {
    const tooMany = await credit(invoiceNumber, {
      reason: 'Again',
      lines: [{ lineNumber: 10, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ type: 'urn:actuate:problem:credit-exceeds-invoice' });
    const tooMuch = await credit(invoiceNumber, { reason: 'Goodwill', amount: 259_501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().creditableNetAmount).toBe(259_500);

    const rest = await credit(invoiceNumber, { reason: 'Goodwill', amount: 259_500 });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({
      netAmount: -259_500,
      vatAmount: -64_875,
      lines: [{ lineNumber: 0, description: 'Goodwill', lineAmount: -259_500 }],
    });
    expect((await get(`/erp/invoices/${invoiceNumber}`)).json().creditableNetAmount).toBe(0);
    expect((await credit(invoiceNumber, { reason: 'More', amount: 1 })).statusCode).toBe(409);
    expect(
      (await credit(invoiceNumber, { reason: 'Line', lines: [{ lineNumber: 20, quantity: 1 }] })).statusCode,
    ).toBe(409);
  });

  it('answers bad input with the documented problems and issues nothing', async () => {
    const before = (await get(`/erp/invoices?kind=CreditNote`)).json().total;
    expect((await credit('INV-ADK-2026-999999', { reason: 'x', amount: 1 })).statusCode).toBe(404);
    const unknownLine = await credit(invoiceNumber, {
      reason: 'x',
      lines: [{ lineNumber: 99, quantity: 1 }],
    });
    expect(unknownLine.statusCode).toBe(404);
    expect(unknownLine.json()).toMatchObject({ type: 'urn:actuate:problem:invoice-line-not-found' });
    for (const payload of [
      {},
      { reason: 'x' },
      { reason: '', amount: 1 },
      { reason: 'x', amount: 1, lines: [{ lineNumber: 10, quantity: 1 }] },
      { reason: 'x', amount: -5 },
      { reason: 'x', amount: 1.5 },
      { reason: 'x', amount: '100' },
      { reason: 'x', lines: [] },
      { reason: 'x', lines: [{ lineNumber: 10, quantity: 0 }] },
      {
        reason: 'x',
        lines: [
          { lineNumber: 10, quantity: 1 },
          { lineNumber: 10, quantity: 1 },
        ],
      },
      { reason: 'x', amount: 1, extra: true },
      { reason: 'nul \u0000', amount: 1 },
    ]) {
      const response = await credit(invoiceNumber, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect((await credit('CN-ADK-2026-000001', { reason: 'x', amount: 1 })).statusCode).toBe(400);
    expect((await get('/erp/invoices/CN-ADK-2026-999999')).statusCode).toBe(404);
    expect((await get('/erp/invoices?kind=Bill')).statusCode).toBe(400);
    expect((await get(`/erp/invoices?kind=CreditNote`)).json().total).toBe(before);
    const anonymous = await backoffice.app.inject({
      method: 'POST',
      url: `/erp/invoices/${invoiceNumber}/credit-notes`,
      payload: { reason: 'x', amount: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('documents the route and walks each flow by hand in the OpenAPI description', async () => {
    const document = (await backoffice.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toContain('/erp/invoices/{invoiceNumber}/credit-notes');
    const description: string = document.info.description;
    for (const endpoint of [
      'POST /erp/sales-orders/{orderNumber}/confirm',
      'POST /erp/sales-orders/{orderNumber}/ship',
      'POST /erp/sales-orders/{orderNumber}/shipments/{erpShipmentId}/deliver',
      'POST /erp/sales-orders/{orderNumber}/invoice',
      'POST /erp/invoices/{invoiceNumber}/credit-notes',
      'POST /erp/sales-orders/{orderNumber}/complete-short',
      'PUT /erp/customers/{erpId}/shop-addresses/{webShopAddressId}',
      'PUT /erp/items/{salesItemNumber}/sales-companies/ADK',
      'PUT /erp/items/{salesItemNumber}/supply',
      'PATCH /erp/customers/{erpId}',
      'POST /crm/registrations/{id}/approve',
    ]) {
      expect(description, endpoint).toContain(endpoint);
    }
  });
});

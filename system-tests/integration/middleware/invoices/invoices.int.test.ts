/**
 * Invoices across the real platform, middleware and back office: who may read which invoice is decided
 * from the buyer's platform token alone (company, roles, the integration-owned ERP ids), never from the
 * request; the PDF comes with the same rules.
 */
import { BUYER_ADMIN_ROLES } from '@actuate/catalog-data';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderBody } from '../../../../apps/backoffice/src/testing/index.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { backoffice, storefrontKey } from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

// Four apps start in-process; on a loaded machine that takes minutes.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 600_000 });

let world: World;
const tokens: Record<string, string> = {};
const invoices: Record<string, { invoiceNumber: string; webShopOrderId: string; totalAmount: number }> = {};

/** A sales order of the user's straight at the ERP, taken through to Invoiced. */
async function invoiceFor(username: string) {
  const bo = backoffice(world);
  const [item] = world.demo.erpScenarios.orderableSalesItemNumbers as [string];
  const body = orderBody(world.demo, { username, items: [{ salesItemNumber: item, quantity: 2 }] });
  const submitted = await bo('POST', '/erp/sales-orders', body);
  expect(submitted.statusCode, submitted.body.slice(0, 400)).toBe(201);
  const orderNumber = submitted.json().orderNumber as string;
  for (const action of ['confirm', 'ship', 'ship', 'invoice']) {
    expect((await bo('POST', `/erp/sales-orders/${orderNumber}/${action}`, {})).statusCode).toBe(200);
  }
  const order = (await bo('GET', `/erp/sales-orders/${orderNumber}`)).json();
  return {
    invoiceNumber: order.invoice.invoiceNumber,
    webShopOrderId: body.webShopOrderId,
    totalAmount: order.invoice.totalAmount,
  };
}

const as = (user: string, url: string) =>
  world.middleware.inject({ url, headers: { ...storefrontKey, authorization: `Bearer ${tokens[user]}` } });
const numbersOf = (response: { json(): { items: { invoiceNumber: string }[] } }) =>
  response
    .json()
    .items.map((item) => item.invoiceNumber)
    .sort();

beforeAll(async () => {
  world = await startWorld(['acme-dk', 'bauer-de'], { backoffice: true });
  const admin = (url: string, body: unknown) =>
    call(world.platform.app, world.platform.adminToken, 'POST', url, body);
  await expectOk(
    await admin('/v1/securityprofiles', {
      ID: 'test-buyer-admin',
      Name: 'Buyer admin',
      Roles: BUYER_ADMIN_ROLES,
    }),
    201,
  );
  const bo = world.demo.users.find((user) => user.username === 'bo@acme-dk.example');
  await expectOk(
    await admin('/v1/securityprofiles/assignments', {
      SecurityProfileID: 'test-buyer-admin',
      BuyerID: 'acme-dk',
      UserID: bo?.id,
    }),
    204,
  );
  for (const user of ['anna', 'lise', 'bo', 'clara']) {
    const username = `${user}@${user === 'clara' ? 'bauer-de' : 'acme-dk'}.example`;
    tokens[user] = await loginAs(world.platform.app, username);
    if (user !== 'bo') invoices[user] = await invoiceFor(username);
  }
});
afterAll(() => world?.close());

describe('invoices through the middleware', () => {
  it('a shopper sees the invoices of her own orders only', async () => {
    const list = await as('anna', '/invoices');
    expect(list.statusCode).toBe(200);
    expect(numbersOf(list)).toEqual([invoices.anna?.invoiceNumber]);
    expect((await as('anna', `/invoices/${invoices.anna?.invoiceNumber}`)).json()).toMatchObject({
      invoiceNumber: invoices.anna?.invoiceNumber,
      buyer: { name: 'ACME Industri A/S', vatNumber: 'DK29403187' },
      lines: [{ quantity: 2 }],
    });
    const colleagues = await as('anna', `/invoices/${invoices.lise?.invoiceNumber}`);
    expect(colleagues.statusCode).toBe(404);
    expect(colleagues.json().type).toBe('urn:actuate:problem:invoice-not-found');
    expect((await as('anna', `/invoices/${invoices.lise?.invoiceNumber}/pdf`)).statusCode).toBe(404);
  });

  it('a buyer admin sees every invoice of the company, and filters them', async () => {
    expect(numbersOf(await as('bo', '/invoices'))).toEqual(
      [invoices.anna?.invoiceNumber, invoices.lise?.invoiceNumber].sort(),
    );
    expect((await as('bo', `/invoices/${invoices.lise?.invoiceNumber}`)).statusCode).toBe(200);
    expect(numbersOf(await as('bo', `/invoices?orderId=${invoices.anna?.webShopOrderId}`))).toEqual([
      invoices.anna?.invoiceNumber,
    ]);
    expect((await as('bo', '/invoices?to=2000-01-01')).json().total).toBe(0);
    const paged = (await as('bo', '/invoices?limit=1&offset=1')).json();
    expect(paged).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(paged.items).toHaveLength(1);
  });

  it('another company never sees them, even its admin or with a filter naming them', async () => {
    expect(numbersOf(await as('clara', '/invoices'))).toEqual([invoices.clara?.invoiceNumber]);
    expect(numbersOf(await as('clara', `/invoices?orderId=${invoices.anna?.webShopOrderId}`))).toEqual([]);
    expect((await as('clara', `/invoices/${invoices.anna?.invoiceNumber}`)).statusCode).toBe(404);
    expect((await as('bo', `/invoices/${invoices.clara?.invoiceNumber}`)).statusCode).toBe(404);
    expect((await as('bo', `/invoices/${invoices.clara?.invoiceNumber}/pdf?locale=de`)).statusCode).toBe(404);
  });

  it('downloads the PDF as an attachment, in the asked language', async () => {
    const number = invoices.anna?.invoiceNumber as string;
    for (const [locale, title] of [
      ['da', 'Faktura'],
      ['de', 'Rechnung'],
    ] as const) {
      const response = await as('bo', `/invoices/${number}/pdf?locale=${locale}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
      const document = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const { text } = await extractText(document, { mergePages: true });
      expect(text).toContain(title);
      expect(text).toContain(number);
      expect(text).toContain('ACME Industri A/S');
    }
  });

  it('refuses missing credentials, bad tokens and bad input with 4xx problem details', async () => {
    const number = invoices.anna?.invoiceNumber as string;
    expect(
      (
        await world.middleware.inject({
          url: '/invoices',
          headers: { authorization: `Bearer ${tokens.anna}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await world.middleware.inject({ url: '/invoices', headers: storefrontKey })).statusCode).toBe(
      401,
    );
    const forged = await world.middleware.inject({
      url: `/invoices/${number}`,
      headers: { ...storefrontKey, authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    for (const url of [
      '/invoices/not-an-invoice',
      '/invoices?from=2026-02-30',
      '/invoices?limit=1000',
      `/invoices/${number}/pdf?locale=fr`,
    ]) {
      const response = await as('anna', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect((await as('anna', '/invoices/INV-ADK-2026-999999')).statusCode).toBe(404);
  });
});

describe('credit notes through the middleware', () => {
  let creditNote: { invoiceNumber: string };
  beforeAll(async () => {
    const response = await backoffice(world)(
      'POST',
      `/erp/invoices/${invoices.lise?.invoiceNumber}/credit-notes`,
      {
        reason: 'Goodwill',
        amount: 10_000,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    creditNote = response.json();
  });

  it('shows them to whom the invoice shows, marked, negative and linked both ways', async () => {
    const number = creditNote.invoiceNumber;
    expect(numbersOf(await as('bo', '/invoices?kind=CreditNote'))).toEqual([number]);
    expect(numbersOf(await as('bo', '/invoices?kind=Invoice'))).toEqual(
      [invoices.anna?.invoiceNumber, invoices.lise?.invoiceNumber].sort(),
    );
    expect((await as('bo', '/invoices')).json().total).toBe(3);
    expect((await as('bo', `/invoices/${number}`)).json()).toMatchObject({
      invoiceNumber: number,
      kind: 'CreditNote',
      creditsInvoiceNumber: invoices.lise?.invoiceNumber,
      reason: 'Goodwill',
      netAmount: -10_000,
      vatAmount: -2_500,
      totalAmount: -12_500,
    });
    expect((await as('bo', `/invoices/${invoices.lise?.invoiceNumber}`)).json().creditNotes).toEqual([
      expect.objectContaining({ invoiceNumber: number, totalAmount: -12_500 }),
    ]);
    // Lise's order: Anna (another shopper) and Clara (another company) never see it.
    expect(numbersOf(await as('anna', '/invoices?kind=CreditNote'))).toEqual([]);
    expect((await as('anna', `/invoices/${number}`)).statusCode).toBe(404);
    expect((await as('clara', `/invoices/${number}/pdf`)).statusCode).toBe(404);
    expect((await as('bo', '/invoices?kind=Refund')).statusCode).toBe(400);
  });

  it('downloads the credit note PDF titled so, naming the invoice it credits', async () => {
    const number = creditNote.invoiceNumber;
    const response = await as('bo', `/invoices/${number}/pdf?locale=de`);
    expect(response.statusCode).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain('Gutschrift');
    expect(text).toContain(number);
    expect(text).toContain(invoices.lise?.invoiceNumber);
    expect(text.replace(/[\u00a0\u202f]/g, ' ')).toContain('-125,00 DKK');
  });
});

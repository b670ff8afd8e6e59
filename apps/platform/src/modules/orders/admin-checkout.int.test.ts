import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import { connectCheckout } from '../../testing/checkout-setup.ts';
import { fakeMiddleware } from '../../testing/fake-middleware.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

/**
 * The middleware moves a buyer's order on as the platform's admin client (FullAccess,
 * `actuate-middleware`), e.g. an order a subscription created: estimate shipping, choose a method,
 * calculate and submit through `/v1/orders/Incoming/{id}/…`, with the checkout integration of the
 * client the order was created through and the pre-submit webhook still applied.
 */
describe('checkout of a buyer order by the admin client', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  const middleware = fakeMiddleware();
  const cart = async () => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    await expectOk(
      await as(anna)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: 2,
      }),
      201,
    );
    return order.ID as string;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await connectCheckout(platform, middleware.server);
    anna = await loginAs(platform.app, 'anna@acme.example');
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'ten',
        Code: 'TEN',
        AllowAllBuyers: true,
        EligibleExpression: 'order.Subtotal > 0',
        ValueExpression: '10',
      }),
      201,
    );
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
  });

  it('estimateshipping, shipmethods, calculate and submit on Incoming, through the integration and pre-submit hook', async () => {
    const id = await cart();
    await expectOk(await as(anna)('POST', `/v1/orders/Outgoing/${id}/promotions/TEN`), 201);
    const url = `/v1/orders/Incoming/${id}`;
    middleware.calls.length = 0;

    const estimated = await expectOk<Body>(await admin('POST', `${url}/estimateshipping`));
    expect((estimated.ShipEstimateResponse as { ShipEstimates: Body[] }).ShipEstimates[0]).toMatchObject({
      ID: 'all',
    });
    const shipping = middleware.calls.at(-1);
    expect(shipping).toMatchObject({ path: '/ShippingRates', signatureValid: true });
    // The integration acts with the token of whoever called: here the admin client's.
    expect(shipping?.body.OrderCloudAccessToken).toBe(platform.adminToken);

    const selected = await expectOk<Body>(
      await admin('POST', `${url}/shipmethods`, {
        ShipMethodSelections: [{ ShipEstimateID: 'all', ShipMethodID: 'standard' }],
      }),
    );
    expect(selected.Order).toMatchObject({ ShippingCost: 95 });

    const calculated = await expectOk<Body>(await admin('POST', `${url}/calculate`));
    // UnitPrice 500 from the integration, the promotion evaluated on the new subtotal.
    expect(calculated.Order).toMatchObject({
      Subtotal: 1000,
      ShippingCost: 95,
      TaxCost: 262.5,
      PromotionDiscount: 10,
      Total: 1347.5,
    });
    expect(calculated.OrderPromotions).toEqual([expect.objectContaining({ Code: 'TEN', Amount: 10 })]);

    // The pre-submit hook still decides.
    middleware.state.proceed = false;
    const refused = await admin('POST', `${url}/submit`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0].ErrorCode).toBe('Webhook.ProceedFalse');
    middleware.state.proceed = true;
    const hook = middleware.calls.find((entry) => entry.path === '/presubmit');
    expect(hook?.body).toMatchObject({
      Route: 'v1/orders/{direction}/{orderID}/submit',
      RouteParams: { direction: 'Incoming', orderID: id },
    });

    const submitted = await expectOk<Body>(await admin('POST', `${url}/submit`));
    expect(submitted).toMatchObject({ Status: 'Open', IsSubmitted: true, Total: 1347.5 });
    expect(middleware.calls.at(-1)).toMatchObject({ path: '/OrderSubmit', signatureValid: true });
    expect(await expectOk<Body>(await admin('GET', '/v1/promotions/ten'))).toMatchObject({
      RedemptionCount: 1,
    });
  });

  it('works through All as well; an admin has no Outgoing side, and stale calculations still block', async () => {
    const id = await cart();
    expect((await admin('POST', `/v1/orders/Outgoing/${id}/calculate`)).statusCode).toBe(404);
    const url = `/v1/orders/All/${id}`;
    await expectOk(await admin('POST', `${url}/estimateshipping`));
    await expectOk(
      await admin('POST', `${url}/shipmethods`, {
        ShipMethodSelections: [{ ShipEstimateID: 'all', ShipMethodID: 'express' }],
      }),
    );
    expect((await admin('POST', `${url}/submit`)).json().Errors[0].ErrorCode).toBe(
      'Order.CannotSubmitUncalculatedOrder',
    );
    await expectOk(await admin('POST', `${url}/calculate`));
    expect(await expectOk<Body>(await admin('POST', `${url}/submit`))).toMatchObject({ Status: 'Open' });

    // The middleware writes the ERP order number into xp; search finds the order by it.
    await expectOk(await admin('PATCH', url, { xp: { OrderNumber: 'SO-777001' } }));
    const found = await expectOk<{ Items: Body[] }>(
      await admin('GET', '/v1/orders/Incoming?search=SO-777&searchOn=xp.OrderNumber'),
    );
    expect(found.Items.map((item) => item.ID)).toEqual([id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import { connectCheckout } from '../../testing/checkout-setup.ts';
import { fakeMiddleware } from '../../testing/fake-middleware.ts';
import {
  callers,
  createBuyerWithUser,
  createUserGroup,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('checkout integration: shipping, calculate, submit, pre-submit webhook', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  const middleware = fakeMiddleware();

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await connectCheckout(platform, middleware.server);
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
  });

  it('runs the whole checkout against the middleware with signed calls', async () => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}`;
    await expectOk(await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 2 }), 201);

    const estimated = await expectOk<Body>(await as(anna)('POST', `${url}/estimateshipping`));
    const estimates = (estimated.ShipEstimateResponse as { ShipEstimates: Body[] }).ShipEstimates;
    expect(estimates[0]).toMatchObject({ ID: 'all', ShipMethods: [{ ID: 'standard' }, { ID: 'express' }] });
    const shippingCall = middleware.calls.at(-1);
    expect(shippingCall).toMatchObject({
      path: '/ShippingRates',
      signatureValid: true,
      body: { Environment: 'Sandbox', ConfigData: { Tenant: 'actuate' } },
    });
    expect(typeof shippingCall?.body.OrderCloudAccessToken).toBe('string');

    const selected = await expectOk<Body>(
      await as(anna)('POST', `${url}/shipmethods`, {
        ShipMethodSelections: [{ ShipEstimateID: 'all', ShipMethodID: 'express' }],
      }),
    );
    expect(selected.Order).toMatchObject({ ShippingCost: 250, Total: 2250 });

    expect((await as(anna)('POST', `${url}/submit`)).json().Errors[0].ErrorCode).toBe(
      'Order.CannotSubmitUncalculatedOrder',
    );
    const calculated = await expectOk<Body>(await as(anna)('POST', `${url}/calculate`));
    expect(calculated.Order).toMatchObject({
      Subtotal: 1000,
      ShippingCost: 95,
      TaxCost: 262.5,
      Total: 1357.5,
    });
    expect(calculated.LineItems).toEqual([expect.objectContaining({ UnitPrice: 500, LineSubtotal: 1000 })]);
    expect(calculated.OrderCalculateResponse).toMatchObject({
      HttpStatusCode: 200,
      Succeeded: true,
      xp: { PriceSource: 'price-service' },
    });

    // Any change makes the calculation stale again.
    await expectOk(await as(anna)('PATCH', url, { Comments: 'Ring the bell' }));
    expect((await as(anna)('POST', `${url}/submit`)).json().Errors[0].ErrorCode).toBe(
      'Order.CannotSubmitUncalculatedOrder',
    );
    await expectOk(await as(anna)('POST', `${url}/calculate`));

    middleware.state.proceed = false;
    const stopped = await as(anna)('POST', `${url}/submit`);
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().Errors[0]).toMatchObject({
      ErrorCode: 'Webhook.ProceedFalse',
      Message: 'Customer on credit hold',
      Data: { Body: { Status: 'Failure', Message: 'Customer on credit hold' } },
    });
    expect((await expectOk<Body>(await as(anna)('GET', url))).Status).toBe('Unsubmitted');
    const hookCall = middleware.calls.find((entry) => entry.path === '/presubmit');
    expect(hookCall).toMatchObject({
      signatureValid: true,
      body: { Route: 'v1/orders/{direction}/{orderID}/submit', Verb: 'POST' },
    });

    middleware.state.proceed = true;
    const submitted = await expectOk<Body>(await as(anna)('POST', `${url}/submit`));
    expect(submitted).toMatchObject({ Status: 'Open', Total: 1357.5 });
    const worksheet = await expectOk<Body>(await as(anna)('GET', `${url}/worksheet`));
    expect(worksheet.OrderSubmitResponse).toMatchObject({ Succeeded: true, xp: { OrderNumber: 'SO-42' } });
  });

  it('keeps the OrderSubmitForApproval and OrderApproved answers on the worksheet, failures included', async () => {
    const admin = as(platform.adminToken);
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await createUserGroup(platform, {
      buyerId: 'acme',
      groupId: 'approvers',
      name: 'Approvers',
      userIds: ['bo'],
    });
    await expectOk(
      await admin('POST', '/v1/buyers/acme/approvalrules', {
        ID: 'flagged',
        ApprovingGroupID: 'approvers',
        RuleExpression: 'order.xp.NeedsApproval = true',
      }),
      201,
    );
    const bo = await loginAs(platform.app, 'bo@acme.example');
    /** An order of anna's that the rule holds, calculated and submitted. */
    const held = async () => {
      const order = await expectOk<Body>(
        await as(anna)('POST', '/v1/orders/Outgoing', { xp: { NeedsApproval: true } }),
        201,
      );
      const url = `/v1/orders/Outgoing/${order.ID}`;
      await expectOk(
        await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 }),
        201,
      );
      await expectOk(await as(anna)('POST', `${url}/calculate`));
      expect(await expectOk<Body>(await as(anna)('POST', `${url}/submit`))).toMatchObject({
        Status: 'AwaitingApproval',
      });
      return { id: order.ID as string, url };
    };
    const worksheetOf = (url: string) => as(anna)('GET', `${url}/worksheet`).then((r) => expectOk<Body>(r));

    // Answered well: kept as OrderCloud's OrderSubmitForApprovalResponse, nothing else of the body.
    middleware.state.answers['/OrderSubmitForApproval'] = {
      status: 200,
      body: { xp: { MiddlewareEventID: 'evt-1' }, Extra: 'dropped' },
    };
    middleware.state.answers['/OrderApproved'] = {
      status: 200,
      body: { HttpStatusCode: 500, UnhandledErrorBody: { Errors: ['ERP down'] }, xp: { Step: 'erp' } },
    };
    const first = await held();
    expect(middleware.calls.at(-1)).toMatchObject({ path: '/OrderSubmitForApproval', signatureValid: true });
    let worksheet = await worksheetOf(first.url);
    expect(worksheet.OrderSubmitForApprovalResponse).toEqual({
      HttpStatusCode: 200,
      UnhandledErrorBody: null,
      xp: { MiddlewareEventID: 'evt-1' },
      Succeeded: true,
    });
    expect(worksheet.OrderApprovedResponse).toBeNull();
    expect(worksheet.OrderSubmitResponse).toBeNull();
    // A failure reported in the body of an HTTP 200 (as Headstart's middleware does) is a failure.
    await expectOk(await as(bo)('POST', `/v1/orders/Incoming/${first.id}/approve`, {}));
    worksheet = await worksheetOf(first.url);
    expect(worksheet.Order).toMatchObject({ Status: 'Open' });
    expect(worksheet.OrderApprovedResponse).toEqual({
      HttpStatusCode: 500,
      UnhandledErrorBody: '{"Errors":["ERP down"]}',
      xp: { Step: 'erp' },
      Succeeded: false,
    });

    // A non-2xx answer: its status and raw text, and the order still goes on as in OrderCloud.
    middleware.state.answers['/OrderSubmitForApproval'] = { status: 503, body: 'maintenance window' };
    const second = await held();
    worksheet = await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${second.id}/worksheet`));
    expect(worksheet.OrderSubmitForApprovalResponse).toEqual({
      HttpStatusCode: 503,
      UnhandledErrorBody: 'maintenance window',
      xp: null,
      Succeeded: false,
    });
    middleware.state.answers = {};
  });

  it('sends a submit notification the middleware did not take again, until it takes it', async () => {
    // The middleware is down (or restarting) when the order is submitted.
    middleware.state.answers['/OrderSubmit'] = { status: 503, body: 'restarting' };
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}`;
    await expectOk(await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 }), 201);
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    expect(await expectOk<Body>(await as(anna)('POST', `${url}/submit`))).toMatchObject({ Status: 'Open' });
    const submitCalls = () =>
      middleware.calls.filter(
        (call) =>
          call.path === '/OrderSubmit' && (call.body.OrderWorksheet as { Order: Body }).Order.ID === order.ID,
      ).length;
    expect(submitCalls()).toBe(1);
    const worksheet = () => as(anna)('GET', `${url}/worksheet`).then((reply) => expectOk<Body>(reply));
    expect((await worksheet()).OrderSubmitResponse).toMatchObject({ HttpStatusCode: 503, Succeeded: false });

    // Back again: the retry job delivers it, once, and the answer replaces the failure.
    delete middleware.state.answers['/OrderSubmit'];
    const until = Date.now() + 30_000;
    while (!((await worksheet()).OrderSubmitResponse as Body).Succeeded && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await worksheet()).OrderSubmitResponse).toMatchObject({ Succeeded: true, HttpStatusCode: 200 });
    const delivered = submitCalls();
    expect(delivered).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(submitCalls()).toBe(delivered);
  });

  it('refuses a failed calculation and keeps the order as it was', async () => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}`;
    await expectOk(await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 }), 201);
    expect(
      (
        await as(anna)('POST', `${url}/shipmethods`, {
          ShipMethodSelections: [{ ShipEstimateID: 'x', ShipMethodID: 'y' }],
        })
      ).json().Errors[0].ErrorCode,
    ).toBe('IntegrationEvent.MustCalculateShipping');
    middleware.state.failCalculate = true;
    const failed = await as(anna)('POST', `${url}/calculate`);
    middleware.state.failCalculate = false;
    expect(failed.json().Errors[0]).toMatchObject({
      ErrorCode: 'IntegrationEvent.ErrorResponse',
      Data: { StatusCode: 500 },
    });
    expect((await expectOk<Body>(await as(anna)('GET', url))).Total).toBe(1000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CheckoutIntegrationEvent,
  OrderCalculateResponse,
  OrderSubmitResponse,
  PreSubmitWebhookPayload,
  PreSubmitWebhookResponse,
  SubscriptionIntegrationPayload,
  SubscriptionIntegrationResponse,
} from './checkout-integration.ts';
import { lineItem, submittedOrder } from './testing/samples.ts';

const worksheet = {
  Order: { ...submittedOrder, Status: 'Unsubmitted', IsSubmitted: false, DateSubmitted: null, xp: {} },
  LineItems: [lineItem],
  OrderPromotions: [],
  ShipEstimateResponse: null,
  OrderCalculateResponse: null,
};

describe('checkout integration event', () => {
  it('parses the body OrderCloud sends to every route', () => {
    const event = CheckoutIntegrationEvent.parse({
      ConfigData: { priceServiceUrl: 'http://localhost:4200' },
      Environment: 'Sandbox',
      OrderCloudAccessToken: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
      OrderWorksheet: worksheet,
    });
    expect(event.OrderWorksheet.LineItems).toHaveLength(1);
  });

  it('rejects an unknown environment, a missing token or a bad worksheet', () => {
    const base = {
      ConfigData: null,
      Environment: 'Sandbox',
      OrderCloudAccessToken: 'token',
      OrderWorksheet: worksheet,
    };
    expect(CheckoutIntegrationEvent.safeParse({ ...base, Environment: 'Dev' }).success).toBe(false);
    expect(CheckoutIntegrationEvent.safeParse({ ...base, OrderCloudAccessToken: '' }).success).toBe(false);
    expect(
      CheckoutIntegrationEvent.safeParse({ ...base, OrderWorksheet: { ...worksheet, LineItems: [{}] } })
        .success,
    ).toBe(false);
  });
});

describe('integration answers', () => {
  it('parses OrderCalculate and OrderSubmit answers', () => {
    const calculated = OrderCalculateResponse.parse({
      ShippingTotal: 250,
      TaxTotal: 4273,
      LineItemOverrides: [
        { LineItemID: 'li-1', UnitPrice: 4210.5, PromotionOverrides: [{ PromotionID: 'p1', Amount: 10 }] },
      ],
      xp: { priceServiceRunId: 'r1' },
    });
    expect(calculated.TaxTotal).toBe(4273);
    expect(
      OrderSubmitResponse.parse({ xp: { OrderNumber: 'SO-1' }, HttpStatusCode: 200, Succeeded: true })
        .Succeeded,
    ).toBe(true);
    expect(OrderCalculateResponse.safeParse({ ShippingTotal: -1 }).success).toBe(false);
    expect(OrderCalculateResponse.safeParse({ LineItemOverrides: [{ UnitPrice: 1 }] }).success).toBe(false);
  });
});

describe('pre-submit webhook', () => {
  const payload = {
    Route: 'v1/orders/{direction}/{orderID}/submit',
    RouteParams: { direction: 'Outgoing', orderID: 'ORD-2024-000481' },
    Verb: 'POST',
    Date: '2024-03-04T10:05:39.871+00:00',
    LogID: '6c0f2b5c-1f9e-4c2a-9a55-1b0e1c2d3f40',
    UserToken: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
    Request: { Body: null, Headers: 'Content-Type: application/json' },
    ConfigData: {},
  };

  it('parses the payload of a submit pre-hook', () => {
    expect(PreSubmitWebhookPayload.parse(payload).RouteParams.orderID).toBe('ORD-2024-000481');
    expect(PreSubmitWebhookPayload.safeParse({ ...payload, Route: 'v1/me' }).success).toBe(false);
    expect(PreSubmitWebhookPayload.safeParse({ ...payload, Verb: 'GET' }).success).toBe(false);
    expect(PreSubmitWebhookPayload.safeParse({ ...payload, Date: '2024-03-04' }).success).toBe(false);
  });

  it('parses the answer with the wire name `body`', () => {
    const answer = { proceed: false, body: { Status: 'Failure', Message: 'Credit hold' } };
    expect(PreSubmitWebhookResponse.parse(answer)).toEqual(answer);
  });

  it('accepts `Body` and normalises it to `body`', () => {
    const parsed = PreSubmitWebhookResponse.parse({
      proceed: true,
      Body: { Status: 'Success', Message: '' },
    });
    expect(parsed).toEqual({ proceed: true, body: { Status: 'Success', Message: '' } });
  });

  it('rejects a bad status or a missing proceed', () => {
    expect(
      PreSubmitWebhookResponse.safeParse({ proceed: true, body: { Status: 'OK', Message: '' } }).success,
    ).toBe(false);
    expect(PreSubmitWebhookResponse.safeParse({ body: { Status: 'Success', Message: '' } }).success).toBe(
      false,
    );
    expect(
      PreSubmitWebhookResponse.safeParse({ proceed: 'true', body: { Status: 'Success', Message: '' } })
        .success,
    ).toBe(false);
    expect(PreSubmitWebhookResponse.safeParse(null).success).toBe(false);
  });
});

describe('subscription integration', () => {
  it('parses the payload and the reply', () => {
    const payload = SubscriptionIntegrationPayload.parse({
      Environment: 'Production',
      OrderCloudAccessToken: 'token',
      OrderWorksheet: { ...worksheet, Order: { ...worksheet.Order, SubscriptionID: 'sub-1' } },
      UnavailableProductIDs: ['B54321'],
      ErrorCode: null,
    });
    expect(payload.UnavailableProductIDs).toEqual(['B54321']);
    expect(
      SubscriptionIntegrationResponse.parse({ HttpStatusCode: 200, UnhandledErrorBody: null }).HttpStatusCode,
    ).toBe(200);
  });

  it('rejects bad replies', () => {
    expect(
      SubscriptionIntegrationResponse.safeParse({ HttpStatusCode: 99, UnhandledErrorBody: null }).success,
    ).toBe(false);
    expect(SubscriptionIntegrationResponse.safeParse({ HttpStatusCode: 200 }).success).toBe(false);
    expect(
      SubscriptionIntegrationPayload.safeParse({
        Environment: 'Production',
        OrderCloudAccessToken: 'token',
        OrderWorksheet: worksheet,
        UnavailableProductIDs: ['B 54321'],
      }).success,
    ).toBe(false);
  });
});

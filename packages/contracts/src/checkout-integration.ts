/**
 * Payloads of the OrderCloud checkout integration, the pre-submit webhook and the subscription
 * integration (docs/domain.md, Checkout integration and webhooks; Subscriptions). OrderCloud calls the
 * middleware with these; the middleware answers with the response shapes.
 */
import { z } from 'zod';
import { Environment, PreSubmitStatus } from './enums.ts';
import { AnyXp, Decimal, NonNegativeDecimal } from './ordercloud/common.ts';
import { LineItem, LineItemProduct } from './ordercloud/line-item.ts';
import { Order } from './ordercloud/order.ts';
import { OrderPromotion } from './ordercloud/promotion.ts';
import { ShipEstimateResponse } from './ordercloud/shipping.ts';
import { Subscription } from './ordercloud/subscription.ts';
import { Id, IsoDateTime, NonEmptyString } from './validation.ts';

/** Routes OrderCloud calls on the middleware, relative to the integration's base URL. */
export const CHECKOUT_INTEGRATION_ROUTES = {
  shippingRates: '/ShippingRates',
  orderCalculate: '/OrderCalculate',
  orderSubmit: '/OrderSubmit',
  orderSubmitForApproval: '/OrderSubmitForApproval',
  orderApproved: '/OrderApproved',
} as const;

/** Header carrying Base64(HMAC-SHA256(HashKey, raw body)) on integration calls and webhooks. */
export const ORDERCLOUD_HASH_HEADER = 'x-oc-hash';

/** Fields OrderCloud adds (read-only) when it stores an integration answer on the worksheet. */
const storedResponseShape = {
  HttpStatusCode: z.int().nullish(),
  UnhandledErrorBody: z.string().nullish(),
  Succeeded: z.boolean().nullish(),
};

/** Answer of /ShippingRates: the ship estimates, one per group of lines. */
export const ShippingRatesResponse = ShipEstimateResponse;
export type ShippingRatesResponse = ShipEstimateResponse;

/** A promotion amount the integration computed for one line. */
export const PromotionOverride = z.object({
  PromotionID: Id,
  Amount: Decimal,
});
export type PromotionOverride = z.infer<typeof PromotionOverride>;

/** Changes the integration makes to one line when calculating. */
export const LineItemOverride = z.object({
  LineItemID: Id,
  UnitPrice: Decimal.nullish(),
  /** Only for ad-hoc products. */
  Product: LineItemProduct.nullish(),
  PromotionOverrides: z.array(PromotionOverride).nullish(),
  InventoryRecordID: Id.nullish(),
  Remove: z.boolean().nullish(),
});
export type LineItemOverride = z.infer<typeof LineItemOverride>;

/** Answer of /OrderCalculate: the totals OrderCloud copies onto the order. */
export const OrderCalculateResponse = z.object({
  ShippingTotal: NonNegativeDecimal.nullish(),
  TaxTotal: NonNegativeDecimal.nullish(),
  FeeTotal: Decimal.nullish(),
  LineItemOverrides: z.array(LineItemOverride).nullish(),
  xp: AnyXp.nullish(),
  ...storedResponseShape,
});
export type OrderCalculateResponse = z.infer<typeof OrderCalculateResponse>;

/** Answer of /OrderSubmit, /OrderSubmitForApproval and /OrderApproved. */
export const OrderSubmitResponse = z.object({
  xp: AnyXp.nullish(),
  ...storedResponseShape,
});
export type OrderSubmitResponse = z.infer<typeof OrderSubmitResponse>;
export const OrderSubmitForApprovalResponse = OrderSubmitResponse;
export type OrderSubmitForApprovalResponse = OrderSubmitResponse;
export const OrderApprovedResponse = OrderSubmitResponse;
export type OrderApprovedResponse = OrderSubmitResponse;

/**
 * The middleware's reply to the subscription integration. A 2xx with a null error body tells
 * OrderCloud the run succeeded and NextOrderDate advances.
 */
export const SubscriptionIntegrationResponse = z.object({
  HttpStatusCode: z.int().min(100).max(599),
  UnhandledErrorBody: z.string().nullable(),
});
export type SubscriptionIntegrationResponse = z.infer<typeof SubscriptionIntegrationResponse>;

/** Everything about an order that an integration needs, with the earlier integration answers. */
export const OrderWorksheet = z.object({
  Order: Order,
  LineItems: z.array(LineItem),
  OrderPromotions: z.array(OrderPromotion).nullish(),
  Subscription: Subscription.nullish(),
  ShipEstimateResponse: ShipEstimateResponse.nullish(),
  OrderCalculateResponse: OrderCalculateResponse.nullish(),
  OrderSubmitResponse: OrderSubmitResponse.nullish(),
  OrderSubmitForApprovalResponse: OrderSubmitForApprovalResponse.nullish(),
  OrderApprovedResponse: OrderApprovedResponse.nullish(),
  SubscriptionIntegrationResponse: SubscriptionIntegrationResponse.nullish(),
});
export type OrderWorksheet = z.infer<typeof OrderWorksheet>;

/** Body of every checkout integration call. */
export const CheckoutIntegrationEvent = z.object({
  /** The integration event's ConfigData, any JSON. */
  ConfigData: z.unknown(),
  Environment: Environment,
  /** Token of the user whose action triggered the call, for calling OrderCloud back. */
  OrderCloudAccessToken: NonEmptyString,
  OrderWorksheet: OrderWorksheet,
});
export type CheckoutIntegrationEvent = z.infer<typeof CheckoutIntegrationEvent>;

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

/** Request or response as a webhook payload carries it; Headers is the raw header text. */
const WebhookHttpMessage = z.object({
  Body: z.unknown(),
  Headers: z.string().nullish(),
});

/** Body of every OrderCloud webhook call (pre-hooks have no Response). */
export const WebhookPayload = z.object({
  /** Route template, e.g. `v1/orders/{direction}/{orderID}/submit`. */
  Route: NonEmptyString,
  RouteParams: z.record(z.string(), z.string()),
  QueryParams: z.record(z.string(), z.unknown()).nullish(),
  Verb: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  Date: IsoDateTime,
  LogID: z.string().nullish(),
  UserToken: z.string().nullish(),
  Request: WebhookHttpMessage,
  Response: WebhookHttpMessage.nullish(),
  ConfigData: z.unknown(),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** Route of order submission, which the pre-submit webhook is registered on. */
export const ORDER_SUBMIT_ROUTE = 'v1/orders/{direction}/{orderID}/submit';

/** Payload of the pre-submit webhook: a pre-hook on order submission. */
export const PreSubmitWebhookPayload = WebhookPayload.extend({
  Route: z.literal(ORDER_SUBMIT_ROUTE),
  RouteParams: z.object({ direction: NonEmptyString, orderID: Id }),
  Verb: z.literal('POST'),
});
export type PreSubmitWebhookPayload = z.infer<typeof PreSubmitWebhookPayload>;

/** What the pre-submit webhook tells the buyer: success, or why submission is refused. */
export const PreSubmitWebhookBody = z.object({
  Status: PreSubmitStatus,
  Message: z.string(),
  /**
   * Our addition: a stable code of the refusal (e.g. `creditHold`), so a storefront can tell the
   * buyer in the buyer's own language; `Message` stays English prose.
   */
  Code: z.string().optional(),
});
export type PreSubmitWebhookBody = z.infer<typeof PreSubmitWebhookBody>;

const PreSubmitWebhookResponseWire = z.object({
  proceed: z.boolean(),
  body: PreSubmitWebhookBody,
});

/**
 * The pre-submit webhook answer. On the wire OrderCloud reads the lowercase `body` (docs/domain.md,
 * Checkout integration and webhooks); our choice: an answer using `Body` is accepted too and
 * normalised to `body`.
 * With `proceed: false` the submission fails and the buyer receives `body`.
 */
export const PreSubmitWebhookResponse = z.preprocess((value) => {
  if (value && typeof value === 'object' && !('body' in value) && 'Body' in value) {
    const { Body, ...rest } = value as Record<string, unknown>;
    return { ...rest, body: Body };
  }
  return value;
}, PreSubmitWebhookResponseWire);
export type PreSubmitWebhookResponse = z.infer<typeof PreSubmitWebhookResponseWire>;

// ---------------------------------------------------------------------------------------------
// Subscription integration
// ---------------------------------------------------------------------------------------------

/** Body OrderCloud posts to `{SubscriptionIntegration.Url}/success` or `/failure` after a run. */
export const SubscriptionIntegrationPayload = z.object({
  Environment: Environment,
  /** Token of the API client's default context user. */
  OrderCloudAccessToken: NonEmptyString,
  OrderWorksheet: OrderWorksheet,
  /** Products left out of the order because FromUser can no longer see them. */
  UnavailableProductIDs: z.array(Id),
  ErrorCode: z.string().nullish(),
});
export type SubscriptionIntegrationPayload = z.infer<typeof SubscriptionIntegrationPayload>;

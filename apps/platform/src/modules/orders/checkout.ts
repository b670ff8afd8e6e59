import { OrderCalculateResponse, ShipEstimateResponse, toMinorUnitsRounded } from '@actuate/contracts';
import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { invalidRequest } from '../../shared/errors.ts';
import type { CallResult, IntegrationsService } from '../integrations/service.ts';
import { lineTotal } from '../pricing/index.ts';
import * as repository from './repository.ts';

type Event = { ID: string; CustomImplementationUrl: string; HashKey: string; ConfigData: unknown };
/** What a call to the integration needs of the request: its token (OrderCloudAccessToken) and logger. */
type CallContext = Pick<PlatformContext, 'accessToken' | 'log'>;
export type NotificationRoute = keyof typeof STORED_COLUMN;

/** Retries of a submit or approval notification the middleware did not take (it was down, or failed). */
export const CHECKOUT_NOTIFICATION_QUEUE = 'checkout-notification';
export interface CheckoutNotificationJob {
  orderId: string;
  route: NotificationRoute;
  eventId: string;
  accessToken: string;
}
type Worksheet = Record<string, unknown>;

const ROUTES = {
  shippingRates: '/ShippingRates',
  orderCalculate: '/OrderCalculate',
  orderSubmit: '/OrderSubmit',
  orderSubmitForApproval: '/OrderSubmitForApproval',
  orderApproved: '/OrderApproved',
} as const;

const STORED_COLUMN = {
  orderSubmit: 'orderSubmitResponse',
  orderSubmitForApproval: 'orderSubmitForApprovalResponse',
  orderApproved: 'orderApprovedResponse',
} as const;

/**
 * An OrderSubmit, OrderSubmitForApproval or OrderApproved answer as OrderCloud keeps it on the worksheet:
 * exactly `{HttpStatusCode, UnhandledErrorBody, xp, Succeeded}` (the SDK's OrderSubmitResponse & co.).
 * The middleware answers `{HttpStatusCode?, UnhandledErrorBody?, xp?}`; as in Headstart, a failure may come
 * as HTTP 200 carrying `HttpStatusCode: 500`, so a status in the body wins over the transport's,
 * and Succeeded means that status is 2xx. A transport failure keeps its status (null when unreachable)
 * and its raw text as UnhandledErrorBody.
 */
export function notificationAnswer(result: CallResult) {
  const body =
    result.ok && result.body && typeof result.body === 'object' && !Array.isArray(result.body)
      ? (result.body as Record<string, unknown>)
      : null;
  if (!body) {
    return {
      HttpStatusCode: result.stored.HttpStatusCode ?? null,
      UnhandledErrorBody: result.stored.UnhandledErrorBody ?? null,
      xp: null,
      Succeeded: result.ok,
    };
  }
  const claimed = body.HttpStatusCode;
  const status = typeof claimed === 'number' && Number.isInteger(claimed) ? claimed : result.status;
  const error = body.UnhandledErrorBody;
  return {
    HttpStatusCode: status,
    UnhandledErrorBody:
      error === undefined || error === null
        ? null
        : typeof error === 'string'
          ? error
          : JSON.stringify(error),
    xp: body.xp ?? null,
    Succeeded: status !== null && status >= 200 && status < 300,
  };
}

/**
 * One OrderCheckout integration event at work: the signed calls to the middleware with OrderCloud's
 * payload `{ConfigData, Environment, OrderCloudAccessToken, OrderWorksheet}`, and what their answers do.
 */
export class CheckoutIntegration {
  constructor(
    private readonly db: Database,
    private readonly integrations: IntegrationsService,
    private readonly event: Event,
    private readonly worksheetOf: (order: repository.OrderRow) => Promise<Worksheet>,
  ) {}

  private async call(context: CallContext, route: keyof typeof ROUTES, order: repository.OrderRow) {
    const url = `${this.event.CustomImplementationUrl.replace(/\/+$/, '')}${ROUTES[route]}`;
    return this.integrations.signedPost(url, this.event.HashKey, {
      ConfigData: this.event.ConfigData ?? null,
      Environment: this.integrations.environment,
      OrderCloudAccessToken: context.accessToken,
      OrderWorksheet: await this.worksheetOf(order),
    });
  }

  /** A failed or malformed answer stops the step with the integration's status and body. */
  private static failed(route: string, status: number | null, body: unknown) {
    return new HttpError(
      400,
      'IntegrationEvent.ErrorResponse',
      `The checkout integration failed at ${route}.`,
      {
        StatusCode: status,
        Body: body,
      },
    );
  }

  async shippingRates(
    context: PlatformContext,
    order: repository.OrderRow,
  ): Promise<Record<string, unknown>> {
    const result = await this.call(context, 'shippingRates', order);
    const parsed = ShipEstimateResponse.safeParse(result.body);
    if (!result.ok || !parsed.success)
      throw CheckoutIntegration.failed(ROUTES.shippingRates, result.status, result.body);
    return {
      ...(parsed.data as Record<string, unknown>),
      HttpStatusCode: result.status,
      UnhandledErrorBody: null,
      Succeeded: true,
    };
  }

  async orderCalculate(context: PlatformContext, order: repository.OrderRow) {
    const result = await this.call(context, 'orderCalculate', order);
    const parsed = OrderCalculateResponse.safeParse(result.body);
    if (!result.ok || !parsed.success)
      throw CheckoutIntegration.failed(ROUTES.orderCalculate, result.status, result.body);
    return { response: parsed.data, stored: result.stored };
  }

  /**
   * Submit and approval notifications: the answer is kept, a failure does not undo the transition. A
   * failed one is handed to the retry queue (`enqueueRetry`), so the order reaches the middleware once
   * it answers again: the order has been submitted whatever happens to this call.
   */
  async notify(
    context: CallContext,
    order: repository.OrderRow,
    route: NotificationRoute,
    enqueueRetry?: (job: CheckoutNotificationJob) => Promise<unknown>,
  ): Promise<boolean> {
    const answer = notificationAnswer(await this.call(context, route, order));
    await repository.saveWorksheet(this.db, order.id, { [STORED_COLUMN[route]]: answer });
    if (!answer.Succeeded) {
      context.log.warn(
        { orderId: order.id, route, status: answer.HttpStatusCode },
        'checkout integration call failed',
      );
      await enqueueRetry?.({
        orderId: order.id,
        route,
        eventId: this.event.ID,
        accessToken: context.accessToken,
      });
    }
    return answer.Succeeded;
  }

  /** Whether the stored answer of a notification says it succeeded (a retry is then not needed). */
  static delivered(worksheet: Record<string, unknown> | null | undefined, route: NotificationRoute) {
    const stored = worksheet?.[STORED_COLUMN[route]] as { Succeeded?: unknown } | null | undefined;
    return stored?.Succeeded === true;
  }

  /** Marks the chosen method of each estimate; ShippingCost is their sum (minor units). */
  static select(
    stored: Record<string, unknown> | null,
    selections: { ShipEstimateID: string; ShipMethodID: string }[],
    currency: string,
  ) {
    if (!stored)
      throw new HttpError(
        400,
        'IntegrationEvent.MustCalculateShipping',
        'You must estimate shipping costs prior to setting your shipping method.',
      );
    const parsed = ShipEstimateResponse.safeParse(stored);
    const estimates = parsed.success ? (parsed.data.ShipEstimates ?? []) : [];
    if (estimates.length === 0) {
      throw new HttpError(
        400,
        'IntegrationEvent.MustHaveShipEstimates',
        'There are no ShipEstimates in your ShipEstimateResponse.',
      );
    }
    const chosen = estimates.map((estimate) => {
      const selection = selections.find((candidate) => candidate.ShipEstimateID === estimate.ID);
      if (!selection) return estimate;
      if (!(estimate.ShipMethods ?? []).some((method) => method.ID === selection.ShipMethodID)) {
        throw invalidRequest(
          `Ship method ${selection.ShipMethodID} is not offered by estimate ${estimate.ID}.`,
        );
      }
      return { ...estimate, SelectedShipMethodID: selection.ShipMethodID };
    });
    for (const selection of selections) {
      if (!estimates.some((estimate) => estimate.ID === selection.ShipEstimateID)) {
        throw invalidRequest(`Unknown ship estimate ${selection.ShipEstimateID}.`);
      }
    }
    const shippingCost = chosen.reduce((sum, estimate) => {
      const method = (estimate.ShipMethods ?? []).find(
        (candidate) => candidate.ID === estimate.SelectedShipMethodID,
      );
      return sum + (method ? toMinorUnitsRounded(method.Cost, currency) : 0);
    }, 0);
    return { estimates: chosen, shippingCost };
  }

  /** Applies OrderCalculate: line unit prices, removals, shipping, tax and fees. */
  static async applyCalculation(
    tx: Executor,
    order: repository.OrderRow,
    response: OrderCalculateResponse,
  ): Promise<void> {
    const money = (value: number | null | undefined) =>
      value === null || value === undefined ? null : toMinorUnitsRounded(value, order.currency);
    for (const override of response.LineItemOverrides ?? []) {
      const line = await repository.findLineItemRow(tx, order.id, override.LineItemID);
      if (!line) continue;
      if (override.Remove) {
        await repository.deleteLineItemRow(tx, order.id, line.id);
        continue;
      }
      const unitPrice = money(override.UnitPrice) ?? line.unitPrice ?? 0;
      const lineSubtotal =
        override.UnitPrice === null || override.UnitPrice === undefined
          ? line.lineSubtotal
          : unitPrice * line.quantity;
      // PromotionOverrides go to the applied promotions (promotions module); the recalculation that
      // follows sets PromotionDiscount and LineTotal.
      await repository.updateLineItemRow(tx, order.id, line.id, {
        unitPrice,
        lineSubtotal,
        lineTotal: lineTotal(lineSubtotal, line.promotionDiscount),
      });
    }
    await repository.updateOrderRow(tx, order.id, {
      shippingCost: money(response.ShippingTotal) ?? order.shippingCost,
      taxCost: money(response.TaxTotal) ?? 0,
      fees: money(response.FeeTotal) ?? 0,
    });
  }
}

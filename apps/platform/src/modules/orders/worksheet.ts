import { type Database, HttpError } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformContext } from '../../shared/context.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import {
  CHECKOUT_NOTIFICATION_QUEUE,
  CheckoutIntegration,
  type CheckoutNotificationJob,
  type NotificationRoute,
} from './checkout.ts';
import { toLineItem, toOrder } from './entities.ts';
import type { Direction } from './models.ts';
import { isAdmin, type OrderAccess } from './order-access.ts';
import { assertMay } from './order-process.ts';
import type { OrderWriter } from './order-writer.ts';
import type { OrderPorts } from './ports.ts';
import * as repository from './repository.ts';
import { facts } from './snapshots.ts';

/**
 * The order worksheet and the checkout integration: ship estimates, the shipping choice, the
 * calculation, and the notifications of submit and approval (retried from a queue until taken).
 */
export class WorksheetService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly writer: OrderWriter,
    private readonly integrations: IntegrationsService,
    private readonly promotions: PromotionsService,
    private readonly ports: Pick<OrderPorts, 'checkoutEventIdOf' | 'subscriptionOf'>,
  ) {}

  private readonly retryNotification = (job: CheckoutNotificationJob) =>
    this.integrations.enqueueJob(CHECKOUT_NOTIFICATION_QUEUE, job);

  /**
   * The checkout integration of the caller's API client, if one is configured. An admin client
   * without one (the middleware pricing and submitting a buyer's order, e.g. from a subscription)
   * works with the integration of the API client the order was created through, so the order is
   * priced and checked the same way whoever moves it on.
   */
  async checkout(
    context: PlatformContext,
    order?: repository.OrderRow,
  ): Promise<CheckoutIntegration | undefined> {
    let eventId = await this.ports.checkoutEventIdOf(context.caller.clientId);
    if (!eventId && order?.apiClientId && isAdmin(context) && order.apiClientId !== context.caller.clientId)
      eventId = await this.ports.checkoutEventIdOf(order.apiClientId);
    const event = eventId ? await this.integrations.events.find(eventId) : undefined;
    return event
      ? new CheckoutIntegration(this.db, this.integrations, event, (order) => this.worksheetOf(order))
      : undefined;
  }

  private async requireCheckout(
    context: PlatformContext,
    order: repository.OrderRow,
  ): Promise<CheckoutIntegration> {
    const checkout = await this.checkout(context, order);
    if (!checkout)
      throw new HttpError(
        400,
        'IntegrationEvent.NotConfigured',
        'No checkout integration is configured for this API client.',
      );
    return checkout;
  }

  /** Tells the checkout integration of a submit or approval; a failed call is queued for retry. */
  async notify(
    context: PlatformContext,
    checkout: CheckoutIntegration | undefined,
    order: repository.OrderRow,
    route: NotificationRoute,
  ): Promise<void> {
    await checkout?.notify(context, order, route, this.retryNotification);
  }

  /**
   * The retry job of a submit or approval notification: sent again with the payload of now unless a
   * later call already succeeded; a failure throws so the queue backs off and tries again.
   */
  async redeliverNotification(job: CheckoutNotificationJob, log: FastifyBaseLogger): Promise<void> {
    const order = await repository.findOrderRow(this.db, job.orderId);
    const event = await this.integrations.events.find(job.eventId);
    if (!order || !event) return;
    if (CheckoutIntegration.delivered(await repository.findWorksheet(this.db, order.id), job.route)) return;
    const checkout = new CheckoutIntegration(this.db, this.integrations, event, (row) =>
      this.worksheetOf(row),
    );
    if (!(await checkout.notify({ accessToken: job.accessToken, log }, order, job.route)))
      throw new Error(`${job.route} of order ${order.id} not taken by the checkout integration`);
  }

  async worksheetOf(order: repository.OrderRow) {
    const lines = await repository.allLineItems(this.db, order.id);
    const stored = await repository.findWorksheet(this.db, order.id);
    return {
      Order: toOrder(order),
      LineItems: lines.map((line) => toLineItem(line, order.currency)),
      OrderPromotions: await this.promotions.onOrders.listForOrder(this.db, facts(order)),
      Subscription: order.subscriptionId ? await this.ports.subscriptionOf(order.subscriptionId) : null,
      ShipEstimateResponse: stored?.shipEstimateResponse ?? null,
      OrderCalculateResponse: stored?.orderCalculateResponse ?? null,
      OrderSubmitResponse: stored?.orderSubmitResponse ?? null,
      OrderSubmitForApprovalResponse: stored?.orderSubmitForApprovalResponse ?? null,
      OrderApprovedResponse: stored?.orderApprovedResponse ?? null,
      SubscriptionIntegrationResponse: stored?.subscriptionIntegrationResponse ?? null,
    };
  }

  async worksheet(context: PlatformContext, direction: Direction, orderId: string) {
    return this.worksheetOf(await this.access.orderRow(context, direction, orderId));
  }

  /** `estimateshipping`: asks the integration for ship estimates; choosing again resets shipping. */
  async estimateShipping(context: PlatformContext, direction: Direction, orderId: string) {
    const order = await this.access.orderRow(context, direction, orderId);
    const checkout = await this.requireCheckout(context, order);
    assertMay('edit', order.status);
    const response = await checkout.shippingRates(context, order);
    await this.writer.changeHeader(context, direction, orderId, async (tx) => {
      await repository.saveWorksheet(tx, orderId, { shipEstimateResponse: response });
      await repository.updateOrderRow(tx, orderId, { shippingCost: 0 });
    });
    return this.worksheet(context, direction, orderId);
  }

  /** `shipmethods`: the buyer's choice per estimate; ShippingCost is the sum of the chosen methods. */
  async selectShipMethods(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    selections: { ShipEstimateID: string; ShipMethodID: string }[],
  ) {
    await this.writer.changeHeader(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      const stored = await repository.findWorksheet(tx, orderId);
      const { estimates, shippingCost } = CheckoutIntegration.select(
        stored?.shipEstimateResponse ?? null,
        selections,
        order.currency,
      );
      await repository.saveWorksheet(tx, orderId, {
        shipEstimateResponse: { ...stored?.shipEstimateResponse, ShipEstimates: estimates },
      });
      await repository.updateOrderRow(tx, orderId, { shippingCost });
    });
    return this.worksheet(context, direction, orderId);
  }

  /** `calculate`: the integration's OrderCalculate answer sets unit prices, shipping, tax and fees. */
  async calculate(context: PlatformContext, direction: Direction, orderId: string) {
    const order = await this.access.orderRow(context, direction, orderId);
    const checkout = await this.requireCheckout(context, order);
    assertMay('edit', order.status);
    const answer = await checkout.orderCalculate(context, order);
    await this.writer.changeOrder(context, direction, orderId, async (tx, current) => {
      await repository.saveWorksheet(tx, orderId, { orderCalculateResponse: answer.stored });
      await CheckoutIntegration.applyCalculation(tx, current, answer.response);
      await this.promotions.onOrders.override(
        tx,
        facts(current),
        (answer.response.LineItemOverrides ?? []).flatMap((override) =>
          (override.PromotionOverrides ?? []).map((promotion) => ({
            LineItemID: override.LineItemID,
            PromotionID: promotion.PromotionID,
            Amount: promotion.Amount,
          })),
        ),
      );
    });
    // Calculated last: every change before this point cleared the mark.
    await repository.updateOrderRow(this.db, orderId, { calculatedAt: context.now });
    return this.worksheet(context, direction, orderId);
  }
}

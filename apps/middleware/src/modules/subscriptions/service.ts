/**
 * The platform's subscription integration (docs/domain.md, Subscriptions): after its job created a subscription's
 * order it calls `/subscriptions/success` (we submit the order, through the same checkout path as a
 * buyer's order, so the ERP gets it by OrderSubmit) or `/subscriptions/failure` (recorded for the
 * operators). The answer is `{HttpStatusCode, UnhandledErrorBody}`: a 2xx with a null body lets the
 * platform advance NextOrderDate; anything else makes it try again later.
 */
import { randomUUID } from 'node:crypto';
import type { Order, OrderWorksheet, SubscriptionIntegrationPayload } from '@actuate/contracts';
import type { Database, Executor, RequestContext } from '@actuate/service-kit';
import type { PlatformClient } from '../../clients/platform-client.ts';
import {
  claimSubscriptionOrder,
  ensureSubscriptionOrder,
  findSubscriptionOrder,
  insertSubscriptionFailure,
  listSubscriptionFailures,
  listSubscriptionOrders,
  type SubscriptionOrderRow,
  updateSubscriptionOrder,
} from './repository.ts';

export interface SubscriptionHookAnswer {
  HttpStatusCode: number;
  UnhandledErrorBody: string | null;
}

/** What the platform posts; the token is unused (the middleware acts as its own admin client), never stored or logged. */
export type SubscriptionSuccessPayload = Omit<SubscriptionIntegrationPayload, 'OrderCloudAccessToken'> & {
  OrderCloudAccessToken?: string | null | undefined;
};
export type SubscriptionFailurePayload = Omit<SubscriptionSuccessPayload, 'OrderWorksheet'> & {
  OrderWorksheet?: OrderWorksheet | null | undefined;
};

interface ShipEstimate {
  ID: string;
  SelectedShipMethodID?: string | null;
  ShipMethods?: { ID: string; Cost?: number | null }[] | null;
}

/** Work that follows a subscription order that failed (e.g. the buyer's mail), in the write recording it. */
export type SubscriptionFailureListener = (
  executor: Executor,
  failure: { subscriptionId: string; orderId: string | null; failureId: string | null },
) => Promise<void>;

/** A submission attempt still running after this long is taken over by the next call. */
const CLAIM_STALE_MS = 120_000;
const ok: SubscriptionHookAnswer = { HttpStatusCode: 200, UnhandledErrorBody: null };

class RefusedStep extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${step} refused (${status}): ${JSON.stringify(body)}`);
  }
}

export class SubscriptionService {
  private readonly failureListeners: SubscriptionFailureListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
  ) {}

  onOrderFailed(listener: SubscriptionFailureListener): void {
    this.failureListeners.push(listener);
  }

  private async announceFailure(
    executor: Executor,
    failure: { subscriptionId: string | null; orderId: string | null; failureId: string | null },
  ): Promise<void> {
    const { subscriptionId } = failure;
    if (!subscriptionId) return;
    for (const listener of this.failureListeners) await listener(executor, { ...failure, subscriptionId });
  }

  /** Submits the generated order once; a repeated call answers from what happened the first time. */
  async success(
    context: RequestContext,
    payload: SubscriptionSuccessPayload,
  ): Promise<SubscriptionHookAnswer> {
    const worksheet = payload.OrderWorksheet;
    const order = worksheet.Order;
    const orderId = order.ID;
    if (!orderId) return { HttpStatusCode: 400, UnhandledErrorBody: 'The worksheet has no Order.ID.' };
    const subscriptionId = order.SubscriptionID ?? worksheet.Subscription?.ID ?? null;
    await ensureSubscriptionOrder(this.db, {
      orderId,
      subscriptionId,
      unavailableProductIds: payload.UnavailableProductIDs,
    });
    const claimed = await claimSubscriptionOrder(this.db, orderId, CLAIM_STALE_MS);
    if (!claimed) {
      const row = await findSubscriptionOrder(this.db, orderId);
      if (row?.state === 'Submitted') return ok;
      return {
        HttpStatusCode: 409,
        UnhandledErrorBody: `Order ${orderId} is being submitted by another call.`,
      };
    }
    try {
      const shipMethodId = await this.submit(orderId, worksheet);
      await updateSubscriptionOrder(this.db, orderId, {
        state: 'Submitted',
        shipMethodId,
        message: null,
        claimedAt: null,
      });
      context.log.info({ orderId, subscriptionId, shipMethodId }, 'subscription order submitted');
      return ok;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db.transaction(async (tx) => {
        await updateSubscriptionOrder(tx, orderId, { state: 'Failed', message, claimedAt: null });
        // A refusal (not an unreachable platform) tells the buyer, once per order however often retried.
        if (error instanceof RefusedStep) {
          await this.announceFailure(tx, { subscriptionId, orderId, failureId: null });
        }
      });
      context.log.warn({ err: error, orderId, subscriptionId }, 'subscription order not submitted');
      // A refusal of the platform (e.g. the pre-submit check) is 422; an unreachable one 502: both retried.
      return { HttpStatusCode: error instanceof RefusedStep ? 422 : 502, UnhandledErrorBody: message };
    }
  }

  async failure(
    context: RequestContext,
    payload: SubscriptionFailurePayload,
  ): Promise<SubscriptionHookAnswer> {
    const order = payload.OrderWorksheet?.Order;
    const subscriptionId = order?.SubscriptionID ?? payload.OrderWorksheet?.Subscription?.ID ?? null;
    // The platform's token is a credential: never kept (the middleware acts as its own client anyway).
    const { OrderCloudAccessToken: _token, ...kept } = payload;
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await insertSubscriptionFailure(tx, {
        id,
        subscriptionId,
        orderId: order?.ID ?? null,
        errorCode: payload.ErrorCode ?? null,
        unavailableProductIds: payload.UnavailableProductIDs,
        environment: payload.Environment,
        payload: kept,
      });
      await this.announceFailure(tx, { subscriptionId, orderId: order?.ID ?? null, failureId: id });
    });
    context.log.warn(
      { subscriptionId, orderId: order?.ID, errorCode: payload.ErrorCode },
      'the platform could not create a subscription order',
    );
    return ok;
  }

  /**
   * As the admin client: estimate shipping, select the subscription's ship method (xp.ShipMethodID)
   * or else the cheapest offered, calculate and submit (`/v1/orders/Incoming/{id}/submit`).
   */
  private async submit(orderId: string, worksheet: OrderWorksheet): Promise<string | null> {
    const base = `/v1/orders/Incoming/${encodeURIComponent(orderId)}`;
    const current = await this.step<Order>('read order', 'GET', base);
    // Submitted before (a lost answer, a crash after submit): nothing more to do.
    if (current.IsSubmitted || (current.Status && current.Status !== 'Unsubmitted')) {
      return ((current.xp as Record<string, unknown> | undefined)?.ShipMethodID as string | null) ?? null;
    }
    const xp = (current.xp ?? {}) as Record<string, unknown>;
    if (!xp.CustomerReference) {
      // A purchase order needs a customer reference (pre-submit check): the subscription's, or its id.
      const subscriptionXp = (worksheet.Subscription?.xp ?? {}) as Record<string, unknown>;
      const reference =
        typeof subscriptionXp.CustomerReference === 'string'
          ? subscriptionXp.CustomerReference
          : `Subscription ${current.SubscriptionID ?? worksheet.Subscription?.ID ?? orderId}`;
      await this.step('set customer reference', 'PATCH', base, { xp: { CustomerReference: reference } });
    }
    const estimated = await this.step<{ ShipEstimateResponse?: { ShipEstimates?: ShipEstimate[] } }>(
      'estimate shipping',
      'POST',
      `${base}/estimateshipping`,
    );
    const wanted = await this.wantedShipMethod(worksheet, current);
    const selections = (estimated.ShipEstimateResponse?.ShipEstimates ?? []).map((estimate) => {
      const methods = estimate.ShipMethods ?? [];
      const chosen =
        methods.find((method) => method.ID === wanted) ??
        [...methods].sort((a, b) => (a.Cost ?? 0) - (b.Cost ?? 0))[0];
      if (!chosen)
        throw new RefusedStep('select ship method', 422, `no ship method serves estimate ${estimate.ID}`);
      return { ShipEstimateID: estimate.ID, ShipMethodID: chosen.ID };
    });
    if (selections.length > 0) {
      await this.step('select ship method', 'POST', `${base}/shipmethods`, {
        ShipMethodSelections: selections,
      });
    }
    await this.step('calculate', 'POST', `${base}/calculate`);
    await this.step('submit', 'POST', `${base}/submit`);
    return selections[0]?.ShipMethodID ?? null;
  }

  private async wantedShipMethod(worksheet: OrderWorksheet, order: Order): Promise<string | undefined> {
    const fromWorksheet = (worksheet.Subscription?.xp as Record<string, unknown> | null | undefined)
      ?.ShipMethodID;
    if (typeof fromWorksheet === 'string') return fromWorksheet;
    const subscriptionId = order.SubscriptionID ?? worksheet.Subscription?.ID;
    if (!subscriptionId || worksheet.Subscription) return undefined;
    const found = await this.platform.send<{ xp?: Record<string, unknown> }>(
      'GET',
      `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
    );
    const shipMethodId = found.status === 200 ? found.body.xp?.ShipMethodID : undefined;
    return typeof shipMethodId === 'string' ? shipMethodId : undefined;
  }

  private async step<T = Record<string, unknown>>(
    step: string,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await this.platform.send<T>(method, path, body);
    if (response.status >= 300) throw new RefusedStep(step, response.status, response.body);
    return response.body;
  }

  async orders(_context: RequestContext, state?: string): Promise<SubscriptionOrderRow[]> {
    return listSubscriptionOrders(this.db, state);
  }

  async order(_context: RequestContext, orderId: string): Promise<SubscriptionOrderRow | undefined> {
    return findSubscriptionOrder(this.db, orderId);
  }

  failures(_context: RequestContext, subscriptionId?: string) {
    return listSubscriptionFailures(this.db, subscriptionId);
  }
}

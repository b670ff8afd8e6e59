import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import type { LineItemBody, SubscriptionOrdersService } from '../orders/index.ts';
import type { UsersService } from '../users/service.ts';
import type { INTERVALS } from './models.ts';
import * as repository from './repository.ts';
import { advance, CLAIM_TIMEOUT_MS, RUN_WINDOW_HOURS } from './schedule.ts';
import type { RunBase, SubscriptionAccess } from './subscription-access.ts';

/** What one subscription run did (the trigger endpoint answers a list of these). */
export interface RunOutcome {
  SubscriptionID: string;
  OrderDate: string;
  OrderID: string | null;
  Route: 'success' | 'failure';
  ErrorCode: string | null;
  UnavailableProductIDs: string[];
  /** Succeeded: NextOrderDate advanced. Failed: retried by the next run. Skipped: another run holds it. */
  Status: 'Succeeded' | 'Failed' | 'Skipped';
  HttpStatusCode: number | null;
}

/**
 * The runs that turn due subscriptions into orders and report them to the subscription integration,
 * once per subscription and NextOrderDate whatever runs in parallel.
 */
export class SubscriptionRuns {
  constructor(
    private readonly db: Database,
    private readonly access: SubscriptionAccess,
    private readonly users: UsersService,
    private readonly integrations: IntegrationsService,
    private readonly orders: SubscriptionOrdersService,
    /** OrderCloudAccessToken: a five-minute OrderAdmin token of the integration client's DefaultContextUser. */
    private readonly contextUserToken: (clientId: string, now: Date) => Promise<string | undefined>,
  ) {}

  /**
   * One pass over the due subscriptions (docs/domain.md#subscriptions): each gets its order (once per
   * NextOrderDate, whatever runs in parallel) and is reported to the integration; a 2xx answer with no
   * UnhandledErrorBody advances NextOrderDate by Frequency × Interval. Without an active integration
   * nothing runs. Safe to call at any time and from several instances.
   */
  async runDue(base: RunBase): Promise<RunOutcome[]> {
    const integration = await repository.findIntegration(this.db);
    if (!integration?.active) return [];
    const outcomes: RunOutcome[] = [];
    for (const row of await repository.dueSubscriptions(this.db, base.now, RUN_WINDOW_HOURS)) {
      const user = await this.users.findLoginUserById(row.fromUserId);
      if (!user?.active) continue;
      try {
        outcomes.push(await this.runOne(base, row, integration));
      } catch (error) {
        base.log.error({ err: error, subscriptionId: row.id }, 'subscription run failed');
      }
    }
    return outcomes;
  }

  private async runOne(
    base: RunBase,
    subscription: repository.SubscriptionRow,
    integration: repository.IntegrationRow,
  ): Promise<RunOutcome> {
    const orderDate = subscription.nextOrderDate;
    if (!(await repository.findRun(this.db, subscription.id, orderDate))) {
      await this.createRun(base, subscription);
    }
    const run = await repository.claimRun(
      this.db,
      subscription.id,
      orderDate,
      base.now,
      new Date(base.now.getTime() - CLAIM_TIMEOUT_MS),
    );
    const existing = run ?? (await repository.findRun(this.db, subscription.id, orderDate));
    const outcome: RunOutcome = {
      SubscriptionID: subscription.id,
      OrderDate: orderDate.toISOString(),
      OrderID: existing?.orderId ?? null,
      Route: (existing?.route as 'success' | 'failure' | undefined) ?? 'failure',
      ErrorCode: existing?.errorCode ?? null,
      UnavailableProductIDs: existing?.unavailableProductIds ?? [],
      Status: 'Skipped',
      HttpStatusCode: null,
    };
    if (!run) return outcome;
    const payload = {
      Environment: this.integrations.environment,
      OrderCloudAccessToken: integration.apiClientId
        ? ((await this.contextUserToken(integration.apiClientId, base.now)) ?? null)
        : null,
      OrderWorksheet: run.orderId ? await this.orders.worksheetById(run.orderId) : null,
      UnavailableProductIDs: run.unavailableProductIds,
      ErrorCode: run.errorCode,
    };
    const headers: Record<string, string> =
      integration.customAuthHeaderName && integration.customAuthHeaderValue
        ? { [integration.customAuthHeaderName]: integration.customAuthHeaderValue }
        : {};
    const url = `${integration.url.replace(/\/+$/, '')}/${run.route}`;
    const result = await this.integrations.signedPost(url, integration.hashKey, payload, headers);
    const answer = (result.body && typeof result.body === 'object' ? result.body : {}) as Record<
      string,
      unknown
    >;
    const unhandled = result.ok ? (answer.UnhandledErrorBody ?? null) : result.stored.UnhandledErrorBody;
    const succeeded = result.ok && (unhandled === null || unhandled === undefined);
    const stored = {
      ...answer,
      HttpStatusCode: result.status,
      UnhandledErrorBody: succeeded
        ? null
        : typeof unhandled === 'string'
          ? unhandled
          : JSON.stringify(unhandled),
      Succeeded: succeeded,
    };
    await this.db.transaction(async (tx) => {
      // The subscription's row before the run's, the order createRun takes them in: a parallel
      // createRun holding the subscription and inserting the same run would otherwise deadlock with us.
      const current = await repository.lockDue(tx, subscription.id, orderDate);
      await repository.finishRun(tx, subscription.id, orderDate, {
        status: succeeded ? 'Succeeded' : 'Failed',
        response: stored,
        attempts: run.attempts + 1,
        now: base.now,
      });
      if (run.orderId) await this.orders.saveSubscriptionResponse(tx, run.orderId, stored);
      if (succeeded && current) {
        await repository.updateSubscription(tx, subscription.id, {
          nextOrderDate: advance(
            orderDate,
            current.frequency,
            current.interval as (typeof INTERVALS)[number],
          ),
          lastOrderDate: base.now,
        });
      }
    });
    if (!succeeded)
      base.log.warn(
        { subscriptionId: subscription.id, status: result.status },
        'subscription integration call failed',
      );
    return { ...outcome, Status: succeeded ? 'Succeeded' : 'Failed', HttpStatusCode: result.status };
  }

  /**
   * The order of a run and the run's row, in one transaction under the subscription's row lock; the
   * run's primary key (subscription, date) refuses a second one, so a parallel run loses quietly.
   */
  private async createRun(base: RunBase, subscription: repository.SubscriptionRow) {
    const orderDate = subscription.nextOrderDate;
    const record = async (
      tx: Executor,
      orderId: string | null,
      errorCode: string | null,
      unavailable: string[],
    ) => {
      if (!(await repository.lockDue(tx, subscription.id, orderDate))) throw new RunTaken();
      await repository.insertRun(tx, {
        subscriptionId: subscription.id,
        orderDate,
        orderId,
        route: orderId ? 'success' : 'failure',
        // OrderCloud publishes no codes here; ours name why no order was made.
        errorCode: orderId ? null : (errorCode ?? 'Subscription.NoAvailableProducts'),
        unavailableProductIds: unavailable,
        status: 'Created',
        dateCreated: base.now,
        lastUpdated: base.now,
      });
    };
    const quietly = async (work: () => Promise<unknown>) => {
      try {
        await work();
        return undefined;
      } catch (error) {
        if (error instanceof RunTaken || isUniqueViolation(error)) return undefined;
        return error;
      }
    };
    const failure = await quietly(async () => {
      const owner = await this.access.ownerContext(base, subscription);
      const items = (await repository.allItems(this.db, subscription.id)).map(
        (item): LineItemBody => ({
          ProductID: item.productId,
          Quantity: item.quantity,
          Specs: item.specs as LineItemBody['Specs'],
          ShippingAddressID: item.shippingAddressId,
          CostCenter: item.costCenter,
          xp: item.xp,
        }),
      );
      await this.orders.createSubscriptionOrder(
        owner,
        {
          subscriptionId: subscription.id,
          apiClientId: subscription.apiClientId,
          billingAddressId: subscription.billingAddressId,
          shippingAddressId: subscription.shippingAddressId,
          payment: subscription.payment as { Type: string } | null,
          comments: subscriptionComments(subscription.xp),
          items,
        },
        (tx, orderId, unavailable) => record(tx, orderId, null, unavailable),
      );
    });
    if (failure === undefined) return;
    if (!(failure instanceof HttpError) || failure.status >= 500) throw failure;
    // The order cannot be made (address, payment, user): the integration hears of it at /failure.
    const again = await quietly(() => this.db.transaction((tx) => record(tx, null, failure.code, [])));
    if (again !== undefined) throw again;
  }

  /** The runs of a subscription (operators and tests). */
  async runsOf(context: PlatformContext, id: string) {
    await this.access.row(context, 'admin', id);
    return (await repository.runsOf(this.db, id)).map((run) => ({
      OrderDate: run.orderDate.toISOString(),
      OrderID: run.orderId,
      Route: run.route,
      ErrorCode: run.errorCode,
      UnavailableProductIDs: run.unavailableProductIds,
      Status: run.status,
      Attempts: run.attempts,
      Response: run.response,
    }));
  }
}

/** The subscription moved on (another run made its order): nothing to do. */
class RunTaken extends Error {}

/** A subscription's order comment: its xp.Comments when that is text (at most an order's 2000 characters). */
function subscriptionComments(xp: Record<string, unknown>): string | null {
  const comments = xp.Comments;
  return typeof comments === 'string' && comments.trim() ? comments.slice(0, 2000) : null;
}

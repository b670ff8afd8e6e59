import { fromMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, HttpError } from '@actuate/service-kit';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { IntegrationsService } from '../integrations/service.ts';
import { LineItemBody, MARKETPLACE_ID, type SubscriptionOrdersService } from '../orders/index.ts';
import type { SpendingService } from '../spending/service.ts';
import type { UsersService } from '../users/service.ts';
import * as repository from './repository.ts';
import { subscriptions } from './schema.ts';

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/);
const date = z.iso.datetime({ offset: true });

export const INTERVALS = ['Days', 'Weeks', 'Months'] as const;

export const SubscriptionBody = z.object({
  ID: Id.optional(),
  Frequency: z.number().int().min(1).max(1000),
  Interval: z.enum(INTERVALS),
  NextOrderDate: date,
  EndDate: date.nullish(),
  Active: z.boolean().default(true),
  FromCompanyID: z.string().nullish(),
  FromUserID: z.string().nullish(),
  ToCompanyID: z.string().nullish(),
  Payment: z
    .object({
      Type: z.enum(['PurchaseOrder', 'CreditCard', 'SpendingAccount']),
      CreditCardID: z.string().nullish(),
      SpendingAccountID: z.string().nullish(),
    })
    .nullish(),
  BillingAddressID: z.string().nullish(),
  ShippingAddressID: z.string().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

export const SubscriptionIntegrationBody = z.object({
  ApiClientID: z.string().nullish(),
  Url: z.url(),
  HashKey: z.string().min(1),
  NotificationDays: z.number().int().min(0).max(365).nullish(),
  Active: z.boolean().default(true),
  ElevatedRoles: z.array(z.string()).nullish(),
  CustomAuthHeaderName: z.string().nullish(),
  CustomAuthHeaderValue: z.string().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type SubscriptionIntegrationBody = z.infer<typeof SubscriptionIntegrationBody>;

/** Failed runs are retried while NextOrderDate is at most this many hours in the past (docs/domain.md#subscriptions). */
export const RUN_WINDOW_HOURS = 5;
/** A claim on a run older than this is taken over (the instance that held it is gone). */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

/** NextOrderDate advanced by Frequency × Interval; months keep the day, clamped to the month's end. */
export function advance(from: Date, frequency: number, interval: (typeof INTERVALS)[number]): Date {
  if (interval === 'Days') return new Date(from.getTime() + frequency * 86_400_000);
  if (interval === 'Weeks') return new Date(from.getTime() + frequency * 7 * 86_400_000);
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + frequency);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function toSubscription(
  row: repository.SubscriptionRow,
  projected: { total: number; currency: string } | undefined,
  notificationDays: number,
) {
  return {
    ID: row.id,
    Frequency: row.frequency,
    Interval: row.interval,
    NextOrderDate: row.nextOrderDate.toISOString(),
    LastOrderDate: row.lastOrderDate?.toISOString() ?? null,
    NotificationDate: new Date(row.nextOrderDate.getTime() - notificationDays * 86_400_000).toISOString(),
    DateCreated: row.dateCreated.toISOString(),
    EndDate: row.endDate?.toISOString() ?? null,
    Active: row.active,
    FromCompanyID: row.fromCompanyId,
    FromUserID: row.fromUserId,
    ToCompanyID: row.toCompanyId,
    Payment: row.payment ?? null,
    BillingAddressID: row.billingAddressId,
    ShippingAddressID: row.shippingAddressId,
    ProjectedSubtotal: projected ? fromMinorUnits(projected.total, projected.currency) : 0,
    xp: row.xp,
  };
}
export type SubscriptionEntity = ReturnType<typeof toSubscription>;

function toItem(row: repository.ItemRow) {
  const money = (minor: number) => fromMinorUnits(minor, row.currency);
  return {
    ID: row.id,
    ProductID: row.productId,
    Quantity: row.quantity,
    DateAdded: row.dateAdded.toISOString(),
    QuantityShipped: 0,
    UnitPrice: row.unitPrice === null ? null : money(row.unitPrice),
    PromotionDiscount: 0,
    LineTotal: money(row.lineSubtotal),
    LineSubtotal: money(row.lineSubtotal),
    CostCenter: row.costCenter,
    DateNeeded: null,
    ShippingAccount: null,
    ShippingAddressID: row.shippingAddressId,
    ShipFromAddressID: null,
    Product: row.product,
    Variant: null,
    ShippingAddress: null,
    ShipFromAddress: null,
    SupplierID: null,
    InventoryRecordID: null,
    PriceScheduleID: row.priceScheduleId,
    IsOnSale: false,
    PriceOverridden: false,
    Specs: row.specs,
    xp: row.xp,
  };
}

function toIntegration(row: repository.IntegrationRow) {
  return {
    ApiClientID: row.apiClientId,
    HashKey: row.hashKey,
    ElevatedRoles: row.elevatedRoles,
    Active: row.active,
    NotificationDays: row.notificationDays,
    Url: row.url,
    xp: row.xp,
    CustomAuthHeaderName: row.customAuthHeaderName,
    CustomAuthHeaderValue: row.customAuthHeaderValue,
  };
}

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

/** What a run needs of a request context: the clock and a logger. */
export type RunBase = { now: Date; log: FastifyBaseLogger; requestId: string };

/** Who may act on subscriptions: an admin on any, a buyer user (`/me`) on their own. */
type Scope = 'admin' | 'me';

/**
 * Subscriptions (docs/domain.md#subscriptions): the admin and `/me` resources with their items, the marketplace's
 * SubscriptionIntegration, and the runs that turn due subscriptions into orders and report them to
 * the integration.
 */
export class SubscriptionsService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly buyers: BuyersService,
    private readonly addresses: AddressesService,
    private readonly spending: SpendingService,
    private readonly orders: SubscriptionOrdersService,
    private readonly integrations: IntegrationsService,
    /** OrderCloudAccessToken: a five-minute OrderAdmin token of the integration's API client's DefaultContextUser. */
    private readonly contextUserToken: (clientId: string, now: Date) => Promise<string | undefined>,
    /** The checkout integration event of an API client (an integration client must not have one). */
    private readonly checkoutEventIdOf: (clientId: string) => Promise<string | undefined>,
    /** Whether the buyer user may pay with a saved card: their own or one assigned to them. */
    private readonly creditCardUsableBy: (
      buyerId: string,
      userId: string,
      cardId: string,
    ) => Promise<boolean>,
  ) {}

  /** The subscription an order came from, as the order's worksheet shows it. */
  async forWorksheet(id: string): Promise<SubscriptionEntity | null> {
    const row = await repository.findSubscription(this.db, id);
    return row ? await this.entity(row) : null;
  }

  // --- entities ----------------------------------------------------------------------------------

  private async notificationDays(): Promise<number> {
    return (await repository.findIntegration(this.db))?.notificationDays ?? 0;
  }

  private async entities(rows: repository.SubscriptionRow[]): Promise<SubscriptionEntity[]> {
    const days = await this.notificationDays();
    const projected = new Map<string, { total: number; currency: string }>();
    for (const row of rows) {
      const items = await repository.allItems(this.db, row.id);
      const first = items[0];
      if (first)
        projected.set(row.id, {
          total: items.reduce((sum, item) => sum + item.lineSubtotal, 0),
          currency: first.currency,
        });
    }
    return rows.map((row) => toSubscription(row, projected.get(row.id), days));
  }

  private async entity(row: repository.SubscriptionRow): Promise<SubscriptionEntity> {
    return (await this.entities([row]))[0] as SubscriptionEntity;
  }

  /** The subscription's user as a request context: what they see, in their currency. */
  private async ownerContext(base: RunBase, row: repository.SubscriptionRow): Promise<PlatformContext> {
    const user = await this.users.findLoginUserById(row.fromUserId);
    if (!user || user.buyerId !== row.fromCompanyId) throw notFoundError('User', row.fromUserId);
    const currency = user.currency ?? (await this.buyers.currencyOf(row.fromCompanyId)) ?? 'EUR';
    return {
      requestId: base.requestId,
      log: base.log,
      now: base.now,
      caller: {
        userId: user.id,
        username: user.username,
        type: 'buyer',
        buyerId: row.fromCompanyId,
        clientId: row.apiClientId ?? 'subscriptions',
        roles: new Set(['Shopper']),
      },
      accessToken: '',
      currency,
      locale: user.language,
    };
  }

  private async row(context: PlatformContext, scope: Scope, id: string): Promise<repository.SubscriptionRow> {
    const row = await repository.findSubscription(this.db, id);
    if (!row || (scope === 'me' && row.fromUserId !== context.caller.userId))
      throw notFoundError('Subscription', id);
    return row;
  }

  // --- subscriptions -------------------------------------------------------------------------------

  async list(
    context: PlatformContext,
    scope: Scope,
    options: ListOptions,
  ): Promise<ListPage<SubscriptionEntity>> {
    const where: SQL | undefined =
      scope === 'me' ? (eq(subscriptions.fromUserId, context.caller.userId) as SQL) : undefined;
    const { rows, totalCount } = await repository.listSubscriptionRows(this.db, options, where);
    return { Meta: listMeta(options, totalCount, rows.length), Items: await this.entities(rows) };
  }

  async get(context: PlatformContext, scope: Scope, id: string): Promise<SubscriptionEntity> {
    return this.entity(await this.row(context, scope, id));
  }

  /** Column values of a subscription; addresses and payment are checked as the user sees them. */
  private async values(
    context: PlatformContext,
    scope: Scope,
    body: SubscriptionBody,
    existing?: repository.SubscriptionRow,
  ) {
    const fromCompanyId =
      scope === 'me' ? (context.caller.buyerId as string) : (body.FromCompanyID ?? existing?.fromCompanyId);
    const fromUserId = scope === 'me' ? context.caller.userId : (body.FromUserID ?? existing?.fromUserId);
    if (!fromCompanyId || !fromUserId) throw invalidRequest('FromCompanyID and FromUserID are required.');
    if (scope === 'admin') await this.users.get(context, fromCompanyId, fromUserId);
    const draft = {
      fromCompanyId,
      fromUserId,
      apiClientId: existing?.apiClientId ?? context.caller.clientId,
    } as repository.SubscriptionRow;
    const owner = scope === 'me' ? context : await this.ownerContext(context, draft);
    if (body.BillingAddressID) await this.addresses.getMine(owner, body.BillingAddressID);
    if (body.ShippingAddressID) await this.addresses.getMine(owner, body.ShippingAddressID);
    const payment = body.Payment ?? null;
    if (payment?.Type === 'SpendingAccount') {
      if (!payment.SpendingAccountID)
        throw new HttpError(
          400,
          'Payment.SpendingAccountIdMissing',
          'A SpendingAccount payment needs its SpendingAccountID.',
        );
      await this.spending.usableBy(fromCompanyId, fromUserId, payment.SpendingAccountID, context.now);
    }
    if (
      payment?.CreditCardID &&
      !(await this.creditCardUsableBy(fromCompanyId, fromUserId, payment.CreditCardID))
    ) {
      throw notFoundError('CreditCard', payment.CreditCardID);
    }
    if (body.EndDate && new Date(body.EndDate) <= new Date(body.NextOrderDate) && !existing) {
      throw invalidRequest('EndDate must be after NextOrderDate.');
    }
    return {
      fromCompanyId,
      fromUserId,
      toCompanyId: body.ToCompanyID ?? MARKETPLACE_ID,
      frequency: body.Frequency,
      interval: body.Interval,
      nextOrderDate: new Date(body.NextOrderDate),
      endDate: body.EndDate ? new Date(body.EndDate) : null,
      active: body.Active,
      payment: payment as Record<string, unknown> | null,
      billingAddressId: body.BillingAddressID ?? null,
      shippingAddressId: body.ShippingAddressID ?? null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    };
  }

  async create(context: PlatformContext, scope: Scope, body: SubscriptionBody): Promise<SubscriptionEntity> {
    const id = body.ID ?? newId();
    const values = await this.values(context, scope, body);
    try {
      const row = await repository.insertSubscription(this.db, {
        id,
        ...values,
        apiClientId: context.caller.clientId,
        dateCreated: context.now,
      });
      return this.entity(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw idExistsError('Subscription', id);
      throw error;
    }
  }

  async save(
    context: PlatformContext,
    scope: Scope,
    id: string,
    body: SubscriptionBody,
  ): Promise<SubscriptionEntity> {
    const existing = await repository.findSubscription(this.db, id);
    if (!existing) return this.create(context, scope, { ...body, ID: id });
    await this.row(context, scope, id);
    const values = await this.values(context, scope, body, existing);
    return this.entity(
      (await repository.updateSubscription(this.db, id, values)) as repository.SubscriptionRow,
    );
  }

  async patch(context: PlatformContext, scope: Scope, id: string, patch: Record<string, unknown>) {
    const current = await this.get(context, scope, id);
    const merged = parseEntity(SubscriptionBody, applyPatch(current, { ...patch, ID: id }));
    return this.save(context, scope, id, merged);
  }

  async delete(context: PlatformContext, scope: Scope, id: string): Promise<void> {
    await this.row(context, scope, id);
    await this.db.transaction(async (tx) => {
      await repository.deleteSubscription(tx, id);
    });
  }

  // --- items -------------------------------------------------------------------------------------

  async listItems(context: PlatformContext, scope: Scope, id: string, options: ListOptions) {
    await this.row(context, scope, id);
    const { rows, totalCount } = await repository.listItemRows(this.db, id, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toItem) };
  }

  async getItem(context: PlatformContext, scope: Scope, id: string, itemId: string) {
    await this.row(context, scope, id);
    const row = await repository.findItem(this.db, id, itemId);
    if (!row) throw notFoundError('SubscriptionItem', itemId);
    return toItem(row);
  }

  /** Create or replace an item: priced now as the order line will be (SubscriptionPrice first). */
  async saveItem(
    context: PlatformContext,
    scope: Scope,
    id: string,
    itemId: string | undefined,
    body: LineItemBody,
    create: boolean,
  ) {
    const subscription = await this.row(context, scope, id);
    if (body.Quantity < 1)
      throw new HttpError(400, 'LineItem.QuantityMustBePositive', 'Quantity must be greater than zero.');
    const existing = itemId ? await repository.findItem(this.db, id, itemId) : undefined;
    if (create && existing) throw idExistsError('SubscriptionItem', itemId as string);
    if (existing && existing.productId !== body.ProductID)
      throw new HttpError(
        400,
        'LineItem.CannotChangeProductID',
        'Cannot change the Product ID of an existing Line Item.',
      );
    const owner = scope === 'me' ? context : await this.ownerContext(context, subscription);
    if (body.ShippingAddressID) await this.addresses.getMine(owner, body.ShippingAddressID);
    const priced = await this.orders.priceSubscriptionItem(owner, body);
    const row = await repository.upsertItem(this.db, {
      subscriptionId: id,
      id: itemId ?? body.ID ?? newId(),
      productId: body.ProductID,
      quantity: body.Quantity,
      currency: owner.currency,
      unitPrice: priced.unitPrice,
      lineSubtotal: priced.lineSubtotal,
      priceScheduleId: priced.priceScheduleId,
      specs: priced.specs,
      product: priced.product,
      shippingAddressId: body.ShippingAddressID ?? null,
      costCenter: body.CostCenter ?? null,
      dateAdded: existing?.dateAdded ?? context.now,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    });
    return toItem(row);
  }

  async patchItem(
    context: PlatformContext,
    scope: Scope,
    id: string,
    itemId: string,
    patch: Record<string, unknown>,
  ) {
    const current = await this.getItem(context, scope, id, itemId);
    const merged = parseEntity(LineItemBody, applyPatch(current, patch));
    return this.saveItem(context, scope, id, itemId, { ...merged, UnitPrice: undefined }, false);
  }

  async deleteItem(context: PlatformContext, scope: Scope, id: string, itemId: string): Promise<void> {
    await this.row(context, scope, id);
    if (!(await repository.deleteItem(this.db, id, itemId))) throw notFoundError('SubscriptionItem', itemId);
  }

  // --- the integration ---------------------------------------------------------------------------

  async getIntegration(_context: PlatformContext) {
    const row = await repository.findIntegration(this.db);
    if (!row) throw notFoundError('SubscriptionIntegration', repository.INTEGRATION_ROW_ID);
    return toIntegration(row);
  }

  async saveIntegration(_context: PlatformContext, body: SubscriptionIntegrationBody) {
    if (body.ApiClientID && (await this.checkoutEventIdOf(body.ApiClientID))) {
      // OrderCloud: the integration cannot use an API client that has an OrderCheckout integration event.
      throw new HttpError(
        400,
        'SubscriptionIntegration.ApiClientHasCheckoutIntegration',
        'The subscription integration cannot use an API client that has an OrderCheckout integration event.',
        { ApiClientID: body.ApiClientID },
      );
    }
    const row = await repository.saveIntegration(this.db, {
      apiClientId: body.ApiClientID ?? null,
      url: body.Url,
      hashKey: body.HashKey,
      notificationDays: body.NotificationDays ?? 0,
      active: body.Active,
      elevatedRoles: body.ElevatedRoles ?? [],
      customAuthHeaderName: body.CustomAuthHeaderName ?? null,
      customAuthHeaderValue: body.CustomAuthHeaderValue ?? null,
      xp: (body.xp ?? {}) as Record<string, unknown>,
    });
    return toIntegration(row);
  }

  /**
   * At every start when the middleware is wired (like the checkout integration): Url, HashKey and
   * ApiClientID follow the settings; the other fields stay as they were set.
   */
  async ensureIntegration(body: { Url: string; HashKey: string; ApiClientID: string }): Promise<void> {
    const existing = await repository.findIntegration(this.db);
    if (existing && existing.url === body.Url && existing.hashKey === body.HashKey) return;
    await repository.saveIntegration(this.db, {
      apiClientId: body.ApiClientID,
      url: body.Url,
      hashKey: body.HashKey,
      notificationDays: existing?.notificationDays ?? 0,
      active: existing?.active ?? true,
      elevatedRoles: existing?.elevatedRoles ?? [],
      customAuthHeaderName: existing?.customAuthHeaderName ?? null,
      customAuthHeaderValue: existing?.customAuthHeaderValue ?? null,
      xp: existing?.xp ?? {},
    });
  }

  async patchIntegration(context: PlatformContext, patch: Record<string, unknown>) {
    const current = await this.getIntegration(context);
    return this.saveIntegration(
      context,
      parseEntity(SubscriptionIntegrationBody, applyPatch(current, patch)),
    );
  }

  async deleteIntegration(_context: PlatformContext): Promise<void> {
    if (!(await repository.deleteIntegration(this.db)))
      throw notFoundError('SubscriptionIntegration', repository.INTEGRATION_ROW_ID);
  }

  // --- runs --------------------------------------------------------------------------------------

  /**
   * One pass over the due subscriptions (docs/domain.md#subscriptions): each gets its order (once per NextOrderDate,
   * whatever runs in parallel) and is reported to the integration; a 2xx answer with no
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
      const owner = await this.ownerContext(base, subscription);
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
    await this.row(context, 'admin', id);
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

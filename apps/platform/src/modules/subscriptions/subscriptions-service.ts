import { type Database, HttpError } from '@actuate/service-kit';
import { eq, type SQL } from 'drizzle-orm';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { AddressesService } from '../addresses/service.ts';
import { MARKETPLACE_ID } from '../orders/index.ts';
import type { SpendingService } from '../spending/service.ts';
import type { UsersService } from '../users/service.ts';
import type { SubscriptionEntity } from './entities.ts';
import { SubscriptionBody } from './models.ts';
import * as repository from './repository.ts';
import { subscriptions } from './schema.ts';
import type { Scope, SubscriptionAccess } from './subscription-access.ts';

/** Subscriptions themselves, admin and `/me`: list, read, create, PUT/PATCH and delete. */
export class SubscriptionsService {
  constructor(
    private readonly db: Database,
    private readonly access: SubscriptionAccess,
    private readonly users: UsersService,
    private readonly addresses: AddressesService,
    private readonly spending: SpendingService,
    /** Whether the buyer user may pay with a saved card: their own or one assigned to them. */
    private readonly creditCardUsableBy: (
      buyerId: string,
      userId: string,
      cardId: string,
    ) => Promise<boolean>,
  ) {}

  async list(
    context: PlatformContext,
    scope: Scope,
    options: ListOptions,
  ): Promise<ListPage<SubscriptionEntity>> {
    const where: SQL | undefined =
      scope === 'me' ? (eq(subscriptions.fromUserId, context.caller.userId) as SQL) : undefined;
    const { rows, totalCount } = await repository.listSubscriptionRows(this.db, options, where);
    return { Meta: listMeta(options, totalCount, rows.length), Items: await this.access.entities(rows) };
  }

  async get(context: PlatformContext, scope: Scope, id: string): Promise<SubscriptionEntity> {
    return this.access.entity(await this.access.row(context, scope, id));
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
    const owner = scope === 'me' ? context : await this.access.ownerContext(context, draft);
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
      return this.access.entity(row);
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
    await this.access.row(context, scope, id);
    const values = await this.values(context, scope, body, existing);
    return this.access.entity(
      (await repository.updateSubscription(this.db, id, values)) as repository.SubscriptionRow,
    );
  }

  async patch(context: PlatformContext, scope: Scope, id: string, patch: Record<string, unknown>) {
    const current = await this.get(context, scope, id);
    const merged = parseEntity(SubscriptionBody, applyPatch(current, { ...patch, ID: id }));
    return this.save(context, scope, id, merged);
  }

  async delete(context: PlatformContext, scope: Scope, id: string): Promise<void> {
    await this.access.row(context, scope, id);
    await this.db.transaction(async (tx) => {
      await repository.deleteSubscription(tx, id);
    });
  }
}

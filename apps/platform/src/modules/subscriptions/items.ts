import { type Database, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { idExistsError, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { AddressesService } from '../addresses/service.ts';
import { LineItemBody, type SubscriptionOrdersService } from '../orders/index.ts';
import { toItem } from './entities.ts';
import * as repository from './repository.ts';
import type { Scope, SubscriptionAccess } from './subscription-access.ts';

/** The items of a subscription (LineItem shape), priced now as their order lines will be. */
export class SubscriptionItemsService {
  constructor(
    private readonly db: Database,
    private readonly access: SubscriptionAccess,
    private readonly addresses: AddressesService,
    private readonly orders: SubscriptionOrdersService,
  ) {}

  async list(context: PlatformContext, scope: Scope, id: string, options: ListOptions) {
    await this.access.row(context, scope, id);
    const { rows, totalCount } = await repository.listItemRows(this.db, id, options);
    return { Meta: listMeta(options, totalCount, rows.length), Items: rows.map(toItem) };
  }

  async get(context: PlatformContext, scope: Scope, id: string, itemId: string) {
    await this.access.row(context, scope, id);
    const row = await repository.findItem(this.db, id, itemId);
    if (!row) throw notFoundError('SubscriptionItem', itemId);
    return toItem(row);
  }

  /** Create or replace an item: priced now as the order line will be (SubscriptionPrice first). */
  async save(
    context: PlatformContext,
    scope: Scope,
    id: string,
    itemId: string | undefined,
    body: LineItemBody,
    create: boolean,
  ) {
    const subscription = await this.access.row(context, scope, id);
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
    const owner = scope === 'me' ? context : await this.access.ownerContext(context, subscription);
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

  async patch(
    context: PlatformContext,
    scope: Scope,
    id: string,
    itemId: string,
    patch: Record<string, unknown>,
  ) {
    const current = await this.get(context, scope, id, itemId);
    const merged = parseEntity(LineItemBody, applyPatch(current, patch));
    return this.save(context, scope, id, itemId, { ...merged, UnitPrice: undefined }, false);
  }

  async delete(context: PlatformContext, scope: Scope, id: string, itemId: string): Promise<void> {
    await this.access.row(context, scope, id);
    if (!(await repository.deleteItem(this.db, id, itemId))) throw notFoundError('SubscriptionItem', itemId);
  }
}

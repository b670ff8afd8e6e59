import { toMinorUnits } from '@actuate/contracts';
import { type Database, type Executor, forbidden, HttpError } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { isUniqueViolation } from '../../shared/database-errors.ts';
import { idExistsError, invalidRequest, notFoundError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import { type ListOptions, type ListPage, listMeta } from '../../shared/list/list-query.ts';
import { parseEntity } from '../../shared/validation.ts';
import { applyPatch } from '../../shared/xp.ts';
import type { AddressesService } from '../addresses/service.ts';
import { hasAnyRole } from '../auth/guard.ts';
import type { BuyerProduct, CatalogService } from '../catalog/service.ts';
import { lineTotal } from '../pricing/index.ts';
import { type LineItemEntity, toLineItem, toOrder } from './entities.ts';
import { type ChosenSpec, chooseSpecs, priceLine } from './line-pricing.ts';
import { type Direction, LineItemBody } from './models.ts';
import { isAdmin, isOrderAdmin, type OrderAccess, ownerContext } from './order-access.ts';
import { patchedAddress, setByIdError } from './order-addresses.ts';
import { assertMay, may } from './order-process.ts';
import type { OrderWriter } from './order-writer.ts';
import * as repository from './repository.ts';
import { addressSnapshot, productSnapshot } from './snapshots.ts';

/** What a line needs from other modules: the product as the order's user sees it, its specs, the address. */
export interface LineInputs {
  product: BuyerProduct;
  specs: ChosenSpec[];
  shipping: Record<string, unknown> | null;
}

/** The line items of an order: priced when written, editable while the order is Unsubmitted. */
export class LineItemsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrderAccess,
    private readonly writer: OrderWriter,
    private readonly catalog: CatalogService,
    private readonly addresses: AddressesService,
  ) {}

  async list(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    options: ListOptions,
  ): Promise<ListPage<LineItemEntity>> {
    const order = await this.access.orderRow(context, direction, orderId);
    const { rows, totalCount } = await repository.listLineItemRows(this.db, orderId, options);
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map((row) => toLineItem(row, order.currency)),
    };
  }

  async get(context: PlatformContext, direction: Direction, orderId: string, lineItemId: string) {
    const order = await this.access.orderRow(context, direction, orderId);
    const row = await repository.findLineItemRow(this.db, orderId, lineItemId);
    if (!row) throw notFoundError('LineItem', lineItemId);
    return toLineItem(row, order.currency);
  }

  async create(context: PlatformContext, direction: Direction, orderId: string, body: LineItemBody) {
    const id = body.ID ?? newId();
    assertDateNeededNotPast(context, body.DateNeeded);
    const inputs = await this.inputsOfOrder(context, direction, orderId, body);
    const { added, order } = await this.writer.addLine(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      const others = await othersOfProduct(tx, orderId, inputs.product, undefined);
      const values = pricedLine(context, order, body, inputs, others);
      try {
        return await repository.insertLineItemRow(tx, { orderId, id, ...values, dateAdded: context.now });
      } catch (error) {
        if (isUniqueViolation(error)) throw idExistsError('LineItem', id);
        throw error;
      }
    });
    // The line as recalculated (a line-level promotion may discount it), without reading it back.
    return toLineItem(added, order.currency);
  }

  /**
   * The line's inputs before the order is locked. Outgoing orders are the caller's own (anyone else
   * gets NotFound), so the caller is the order's user and the order need not be read first; it is
   * read only when the inputs fail, so that a missing order still answers NotFound before them.
   */
  private async inputsOfOrder(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    body: LineItemBody,
  ) {
    if (direction === 'Outgoing' && !isAdmin(context)) {
      try {
        return await this.inputsOf(context, body);
      } catch (error) {
        await this.access.orderRow(context, direction, orderId);
        throw error;
      }
    }
    return this.inputsOf(
      ownerContext(context, await this.access.orderRow(context, direction, orderId)),
      body,
    );
  }

  async save(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    body: LineItemBody,
  ) {
    const existing = await repository.findLineItemRow(this.db, orderId, lineItemId);
    if (!existing) return this.create(context, direction, orderId, { ...body, ID: lineItemId });
    // Only a changed date is checked: a line whose date has since passed may still change its quantity.
    if (body.DateNeeded && new Date(body.DateNeeded).getTime() !== existing.dateNeeded?.getTime()) {
      assertDateNeededNotPast(context, body.DateNeeded);
    }
    const before = await this.access.orderRow(context, direction, orderId);
    const inputs = await this.inputsOf(ownerContext(context, before), body);
    await this.writer.changeLines(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      if (body.ProductID !== existing.productId) {
        throw new HttpError(
          400,
          'LineItem.CannotChangeProductID',
          'Cannot change the Product ID of an existing Line Item.',
        );
      }
      // Read again under the lock: the Subtotal moves by what the line had when it changes.
      const line = await repository.findLineItemRow(tx, orderId, lineItemId);
      if (!line) throw notFoundError('LineItem', lineItemId);
      const others = await othersOfProduct(tx, orderId, inputs.product, lineItemId);
      const values = pricedLine(context, order, body, inputs, others);
      await repository.updateLineItemRow(tx, orderId, lineItemId, values);
      return {
        result: undefined,
        delta: { lineItemCount: 0, subtotal: values.lineSubtotal - line.lineSubtotal },
      };
    });
    return this.get(context, direction, orderId, lineItemId);
  }

  async patch(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    patch: Record<string, unknown>,
  ) {
    const current = await this.get(context, direction, orderId, lineItemId);
    const order = await this.access.orderRow(context, direction, orderId);
    // After submit an order admin may still annotate lines (e.g. the ERP line number in xp).
    if (
      !may('edit', order.status) &&
      isOrderAdmin(context) &&
      Object.keys(patch).every((key) => key === 'xp')
    ) {
      const merged = applyPatch(current, patch);
      await repository.updateLineItemRow(this.db, orderId, lineItemId, {
        xp: (merged.xp ?? {}) as Record<string, unknown>,
      });
      return this.get(context, direction, orderId, lineItemId);
    }
    const merged = parseEntity(LineItemBody, applyPatch(current, patch));
    // Keep the price unless the caller overrides it: the stored UnitPrice is an output, not a request.
    const unitPriceChanged = 'UnitPrice' in patch;
    return this.save(context, direction, orderId, lineItemId, {
      ...merged,
      UnitPrice: unitPriceChanged ? merged.UnitPrice : undefined,
    });
  }

  async delete(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
  ): Promise<void> {
    await this.writer.changeLines(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      const deleted = await repository.deleteLineItemRow(tx, orderId, lineItemId);
      if (!deleted) throw notFoundError('LineItem', lineItemId);
      return { result: undefined, delta: { lineItemCount: -1, subtotal: -deleted.lineSubtotal } };
    });
  }

  /** `PUT …/lineitems/{id}/shipto`: a one-off shipping address of one line. */
  async setShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    address: Record<string, unknown>,
  ) {
    await this.changeLine(context, direction, orderId, lineItemId, () => ({
      shippingAddressId: (address.ID as string | undefined) ?? null,
      shippingAddress: address,
    }));
    return this.get(context, direction, orderId, lineItemId);
  }

  /**
   * `PATCH …/lineitems/{id}/shipto`: a partial change of the line's one-off shipping address; not of one
   * set by ID (`ShippingAddress.CannotPatchSetByID`, as for the order: the line's own code is for a
   * missing one, `LineItem.CannotPatchShippingAddressIfMissing`).
   */
  async patchShippingAddress(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    patch: Record<string, unknown>,
  ) {
    await this.changeLine(context, direction, orderId, lineItemId, (line) => {
      if (line.shippingAddressId) throw setByIdError('ShippingAddress', line.shippingAddressId);
      if (!line.shippingAddress) {
        throw new HttpError(
          400,
          'LineItem.CannotPatchShippingAddressIfMissing',
          'Line Item does not have a Shipping Address to modify. Use PUT to create one.',
        );
      }
      return { shippingAddress: patchedAddress(line.shippingAddress, patch) };
    });
    return this.get(context, direction, orderId, lineItemId);
  }

  /** Writes columns of one line of an Unsubmitted order under its lock (the totals follow). */
  private async changeLine(
    context: PlatformContext,
    direction: Direction,
    orderId: string,
    lineItemId: string,
    values: (line: repository.LineItemRow) => Partial<repository.NewLineItemRow>,
  ) {
    await this.writer.changeLines(context, direction, orderId, async (tx, order) => {
      assertMay('edit', order.status);
      const line = await repository.findLineItemRow(tx, orderId, lineItemId);
      if (!line) throw notFoundError('LineItem', lineItemId);
      await repository.updateLineItemRow(tx, orderId, lineItemId, values(line));
      return { result: undefined, delta: { lineItemCount: 0, subtotal: 0 } };
    });
  }

  /**
   * `GET /lineitems/{direction}` (LineItems.ListAcrossOrders): the lines of the orders the caller's
   * order list shows in that direction (same scope), each with its OrderID and Order. `buyerID`, `from`
   * and `to` (DateCreated of the order) narrow it; `supplierID` matches nothing, lines have no supplier.
   */
  async listAcrossOrders(
    context: PlatformContext,
    direction: Direction,
    options: ListOptions,
    narrow: { buyerID?: string; supplierID?: string; from?: string; to?: string },
  ) {
    const { rows, totalCount } = await repository.listLineItemsAcrossOrders(
      this.db,
      options,
      await this.access.listScope(context, direction),
      {
        buyerId: narrow.buyerID,
        supplierId: narrow.supplierID,
        from: narrow.from === undefined ? undefined : isoDate('from', narrow.from),
        to: narrow.to === undefined ? undefined : isoDate('to', narrow.to),
      },
    );
    return {
      Meta: listMeta(options, totalCount, rows.length),
      Items: rows.map(({ line, order }) => ({
        ...toLineItem(line, order.currency),
        OrderID: order.id,
        Order: toOrder(order),
      })),
    };
  }

  /** What a line needs from other modules, as the order's user (`owner`) sees them. */
  async inputsOf(owner: PlatformContext, body: LineItemBody): Promise<LineInputs> {
    const product = await this.catalog.getMyProduct(owner, body.ProductID);
    await this.catalog.assertOrderable(owner, product);
    const specs = chooseSpecs(await this.catalog.specsForProduct(owner, product.ID), body.Specs ?? []);
    const shipping = body.ShippingAddressID
      ? addressSnapshot(await this.addresses.getMine(owner, body.ShippingAddressID))
      : (body.ShippingAddress ?? null);
    return { product, specs, shipping };
  }
}

/**
 * Column values of a line, priced inside the order's transaction: `others` is the quantity of the
 * product on the order's other lines, read under the lock (cumulative price breaks).
 */
export function pricedLine(
  context: PlatformContext,
  order: repository.OrderRow,
  body: LineItemBody,
  { product, specs, shipping }: LineInputs,
  others: number,
  subscription = false,
): Omit<repository.PricedLineItemRow, 'orderId' | 'id' | 'dateAdded'> {
  const override = body.UnitPrice === null || body.UnitPrice === undefined ? null : body.UnitPrice;
  if (override !== null && !hasAnyRole(context, ['OverrideUnitPrice'])) {
    throw forbidden('Auth.InsufficientRoles', 'Setting UnitPrice needs the OverrideUnitPrice role.', {
      SufficientRoles: ['OverrideUnitPrice'],
    });
  }
  const price = priceLine({
    product,
    quantity: body.Quantity,
    cumulativeQuantity: others + body.Quantity,
    specs,
    currency: order.currency,
    now: context.now,
    overrideUnitPrice: override === null ? null : toMinorUnits(override, order.currency),
    subscription,
  });
  return {
    productId: product.ID,
    quantity: body.Quantity,
    unitPrice: price.unitPrice,
    lineSubtotal: price.lineSubtotal,
    promotionDiscount: 0,
    lineTotal: lineTotal(price.lineSubtotal, 0),
    priceScheduleId: price.priceScheduleId,
    isOnSale: price.isOnSale,
    priceOverridden: price.priceOverridden,
    specs: specs as unknown as Record<string, unknown>[],
    product: productSnapshot(product),
    shippingAddressId:
      body.ShippingAddressID ??
      (shipping ? ((shipping.ID as string | undefined) ?? null) : order.shippingAddressId),
    shippingAddress: shipping as Record<string, unknown> | null,
    costCenter: body.CostCenter ?? null,
    dateNeeded: body.DateNeeded ? new Date(body.DateNeeded) : null,
    xp: (body.xp ?? {}) as Record<string, unknown>,
  };
}

/**
 * The quantity of the product on the order's other lines, which only cumulative price breaks read:
 * summed in SQL then, not read at all otherwise.
 */
async function othersOfProduct(
  tx: Executor,
  orderId: string,
  product: BuyerProduct,
  exceptLineItemId: string | undefined,
): Promise<number> {
  if (!product.PriceSchedule?.UseCumulativeQuantity) return 0;
  return repository.quantityOfProduct(tx, orderId, product.ID, exceptLineItemId);
}

/** A requested delivery date (`DateNeeded`) is today or later (UTC day); the past is InvalidRequest. */
function assertDateNeededNotPast(context: PlatformContext, dateNeeded: string | null | undefined): void {
  if (!dateNeeded) return;
  const today = new Date(context.now);
  today.setUTCHours(0, 0, 0, 0);
  if (new Date(dateNeeded).getTime() < today.getTime()) {
    throw invalidRequest('DateNeeded cannot be in the past.', { Field: 'DateNeeded' });
  }
}

/** A date of a list's query string (`from`, `to`); anything else is InvalidRequest. */
function isoDate(name: string, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidRequest(`${name} expects a date.`, { Field: name });
  return date.toISOString();
}

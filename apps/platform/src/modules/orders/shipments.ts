import { Shipment, type ShipmentItem } from '@actuate/contracts';
import { type Database, HttpError } from '@actuate/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import { isoOrNull } from '../../shared/dates.ts';
import { notFoundError } from '../../shared/errors.ts';
import { type ListDefinition, type ListOptions, listMeta } from '../../shared/list/list-query.ts';
import { toLineItem } from './entities.ts';
import { assertMay, statusAfter } from './order-process.ts';
import * as repository from './repository.ts';
import { orders, shipmentItems, shipments } from './schema.ts';

type ShipmentRow = typeof shipments.$inferSelect;

const toShipment = (row: ShipmentRow) => ({
  ID: row.id,
  BuyerID: row.buyerId,
  Shipper: row.shipper,
  DateShipped: isoOrNull(row.dateShipped),
  DateDelivered: isoOrNull(row.dateDelivered),
  TrackingNumber: row.trackingNumber,
  Cost: row.cost === null ? null : Number(row.cost),
  Account: row.account,
  FromAddressID: row.fromAddressId,
  ToAddressID: row.toAddressId,
  FromAddress: row.fromAddress,
  ToAddress: row.toAddress,
  xp: row.xp,
});

const shipmentList: ListDefinition = {
  fields: {
    ID: { column: shipments.id, type: 'text' },
    BuyerID: { column: shipments.buyerId, type: 'text' },
    Shipper: { column: shipments.shipper, type: 'text' },
    TrackingNumber: { column: shipments.trackingNumber, type: 'text' },
    DateShipped: { column: shipments.dateShipped, type: 'date' },
    DateDelivered: { column: shipments.dateDelivered, type: 'date' },
  },
  xp: shipments.xp,
  searchOn: ['ID', 'TrackingNumber', 'Shipper'],
  defaultSort: ['!DateShipped'],
};

/** Shipments with items of orders that belong to the user. */
const ofUser = (userId: string) =>
  sql`exists (select 1 from ${shipmentItems} si join ${orders} o on o.id = si.order_id where si.shipment_id = ${shipments.id} and o.from_user_id = ${userId})`;

/** Shipments holding items of one order. */
const ofOrder = (orderId: string) =>
  sql`exists (select 1 from ${shipmentItems} si where si.shipment_id = ${shipments.id} and si.order_id = ${orderId})`;

/**
 * Shipments and their items. Shipping an item raises its line's QuantityShipped; an order whose
 * lines are all shipped becomes Completed (docs/domain.md#orders).
 */
export class ShipmentsService {
  readonly store: CrudStore<Shipment & Record<string, unknown>, ReturnType<typeof toShipment>>;

  constructor(private readonly db: Database) {
    this.store = new CrudStore(db, {
      objectType: 'Shipment',
      table: shipments,
      idColumn: shipments.id,
      idKey: 'id',
      list: shipmentList,
      schema: Shipment as never,
      toEntity: (row) => toShipment(row as ShipmentRow),
      toValues: (body) => ({
        buyerId: body.BuyerID ?? null,
        shipper: body.Shipper ?? null,
        dateShipped: body.DateShipped ? new Date(body.DateShipped) : null,
        dateDelivered: body.DateDelivered ? new Date(body.DateDelivered) : null,
        trackingNumber: body.TrackingNumber ?? null,
        cost: body.Cost === null || body.Cost === undefined ? null : String(body.Cost),
        account: body.Account ?? null,
        fromAddressId: body.FromAddressID ?? null,
        toAddressId: body.ToAddressID ?? null,
        fromAddress: (body.FromAddress ?? null) as Record<string, unknown> | null,
        toAddress: (body.ToAddress ?? null) as Record<string, unknown> | null,
        xp: (body.xp ?? {}) as Record<string, unknown>,
      }),
    });
  }

  listMine(context: PlatformContext, options: ListOptions) {
    return this.store.list(options, undefined, ofUser(context.caller.userId));
  }

  async getMine(context: PlatformContext, shipmentId: string) {
    const page = await this.store.list(
      { page: 1, pageSize: 1, sortBy: [], filters: [{ field: 'ID', value: escapeFilter(shipmentId) }] },
      undefined,
      ofUser(context.caller.userId),
    );
    const shipment = page.Items[0];
    if (!shipment) throw notFoundError('Shipment', shipmentId);
    return shipment;
  }

  /** Shipments of an order the caller may already read. */
  listOfOrder(orderId: string, options: ListOptions) {
    return this.store.list(options, undefined, ofOrder(orderId));
  }

  /** The items of a shipment; a buyer sees only the items of their own orders. */
  async listItems(context: PlatformContext, shipmentId: string, options: ListOptions) {
    await this.store.get(shipmentId);
    const items = await this.itemsOf(context, shipmentId);
    const start = (options.page - 1) * options.pageSize;
    const slice = items.slice(start, start + options.pageSize);
    return { Meta: listMeta(options, items.length, slice.length), Items: slice };
  }

  /** `GET /shipments/{id}/items/{orderID}/{lineItemID}`: one item (NotFound for a line not in it). */
  async getItem(context: PlatformContext, shipmentId: string, orderId: string, lineItemId: string) {
    await this.store.get(shipmentId);
    const [item] = await this.itemsOf(context, shipmentId, { orderId, lineItemId });
    if (!item) throw notFoundError('ShipmentItem', `${orderId}/${lineItemId}`);
    return item;
  }

  /**
   * `PUT /shipments/{id}/shipfrom` and `/shipto`: a one-off address on the shipment; as for orders, an
   * address with an ID sets FromAddressID / ToAddressID to it.
   */
  async setAddress(shipmentId: string, end: 'From' | 'To', address: Record<string, unknown>) {
    return this.store.patch(shipmentId, {
      [`${end}Address`]: address,
      [`${end}AddressID`]: (address.ID as string | undefined) ?? null,
    });
  }

  /** ShipmentItem entities of a shipment (one item when `only` names it), ordered by order and line. */
  private async itemsOf(
    context: PlatformContext,
    shipmentId: string,
    only?: { orderId: string; lineItemId: string },
  ) {
    const mineOnly = context.caller.type === 'buyer';
    const rows = await this.db
      .select({ item: shipmentItems, order: orders })
      .from(shipmentItems)
      .innerJoin(orders, eq(orders.id, shipmentItems.orderId))
      .where(
        and(
          eq(shipmentItems.shipmentId, shipmentId),
          mineOnly ? eq(orders.fromUserId, context.caller.userId) : undefined,
          only ? eq(shipmentItems.orderId, only.orderId) : undefined,
          only ? eq(shipmentItems.lineItemId, only.lineItemId) : undefined,
        ),
      )
      .orderBy(shipmentItems.orderId, shipmentItems.lineItemId);
    const items = [];
    for (const { item, order } of rows) {
      const line = await repository.findLineItemRow(this.db, item.orderId, item.lineItemId);
      const entity = line ? toLineItem(line, order.currency) : undefined;
      items.push({
        OrderID: item.orderId,
        LineItemID: item.lineItemId,
        QuantityShipped: item.quantityShipped,
        UnitPrice: entity?.UnitPrice ?? null,
        CostCenter: entity?.CostCenter ?? null,
        DateNeeded: entity?.DateNeeded ?? null,
        Product: entity?.Product ?? null,
        Specs: entity?.Specs ?? [],
        LineItem: entity ?? null,
        xp: {},
      });
    }
    return items;
  }

  /** Ships a quantity of a line: the order must be Open and the line must have that much left. */
  async addItem(context: PlatformContext, shipmentId: string, body: ShipmentItem) {
    await this.store.get(shipmentId);
    await this.db.transaction(async (tx) => {
      const order = await repository.findOrderRow(tx, body.OrderID, true);
      if (!order) throw notFoundError('Order', body.OrderID);
      assertMay('ship', order.status);
      const line = await repository.findLineItemRow(tx, body.OrderID, body.LineItemID);
      if (!line) throw notFoundError('LineItem', body.LineItemID);
      const remaining = line.quantity - line.quantityShipped;
      if (body.QuantityShipped > remaining) {
        // OrderCloud publishes no code for shipping more than is left; ours names it.
        throw new HttpError(
          400,
          'Shipment.QuantityExceedsRemaining',
          `Only ${remaining} of line ${line.id} are left to ship.`,
          {
            Remaining: remaining,
          },
        );
      }
      await tx
        .insert(shipmentItems)
        .values({
          shipmentId,
          orderId: body.OrderID,
          lineItemId: body.LineItemID,
          quantityShipped: body.QuantityShipped,
        })
        .onConflictDoUpdate({
          target: [shipmentItems.shipmentId, shipmentItems.orderId, shipmentItems.lineItemId],
          set: { quantityShipped: sql`${shipmentItems.quantityShipped} + ${body.QuantityShipped}` },
        });
      await repository.updateLineItemRow(tx, order.id, line.id, {
        quantityShipped: line.quantityShipped + body.QuantityShipped,
      });
      const lines = await repository.allLineItems(tx, order.id);
      if (lines.every((candidate) => candidate.quantityShipped >= candidate.quantity)) {
        await repository.updateOrderRow(tx, order.id, {
          status: statusAfter('ship'),
          dateCompleted: context.now,
          lastUpdated: context.now,
        });
      }
    });
    const [item] = await this.itemsOf(context, shipmentId, {
      orderId: body.OrderID,
      lineItemId: body.LineItemID,
    });
    return item;
  }

  async deleteItem(
    _context: PlatformContext,
    shipmentId: string,
    orderId: string,
    lineItemId: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(shipmentItems)
        .where(
          and(
            eq(shipmentItems.shipmentId, shipmentId),
            eq(shipmentItems.orderId, orderId),
            eq(shipmentItems.lineItemId, lineItemId),
          ),
        )
        .returning();
      if (!removed) throw notFoundError('ShipmentItem', `${orderId}/${lineItemId}`);
      const line = await repository.findLineItemRow(tx, orderId, lineItemId);
      if (line) {
        await repository.updateLineItemRow(tx, orderId, lineItemId, {
          quantityShipped: Math.max(0, line.quantityShipped - removed.quantityShipped),
        });
      }
    });
  }
}

/** An ID as an exact filter value (no wildcard or operator meaning). */
const escapeFilter = (value: string) => value.replace(/[\\|*!<>]/g, (char) => `\\${char}`);

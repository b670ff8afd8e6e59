/** OrderCloud Shipment and ShipmentItem with the ERP extension. */
import { z } from 'zod';
import { HttpUrl, Id, IsoDateTime, NonEmptyString } from '../validation.ts';
import { Address } from './address.ts';
import { AnyXp, Decimal, NonNegativeDecimal } from './common.ts';
import { LineItemProduct, LineItemSpec } from './line-item.ts';

/** What the ERP stores on a shipment: its shipment id, its containers and a carrier link. */
export const ShipmentXp = z.looseObject({
  ErpShipmentId: NonEmptyString,
  ErpContainerIds: z.array(NonEmptyString),
  TrackingUrl: HttpUrl.nullish(),
});
export type ShipmentXp = z.infer<typeof ShipmentXp>;

export const Shipment = z.object({
  ID: Id.optional(),
  BuyerID: Id.nullish(),
  Shipper: z.string().nullish(),
  DateShipped: IsoDateTime.nullish(),
  DateDelivered: IsoDateTime.nullish(),
  TrackingNumber: z.string().nullish(),
  Cost: NonNegativeDecimal.nullish(),
  Account: z.string().nullish(),
  FromAddressID: Id.nullish(),
  ToAddressID: Id.nullish(),
  /** Read-only. */
  FromAddress: Address.nullish(),
  /** Read-only. */
  ToAddress: Address.nullish(),
  xp: ShipmentXp.nullish(),
});
export type Shipment = z.infer<typeof Shipment>;

/** A quantity of one line item in a shipment. The read-only fields are copied from the line. */
export const ShipmentItem = z.object({
  OrderID: Id,
  LineItemID: Id,
  QuantityShipped: z.int().min(1),
  UnitPrice: Decimal.nullish(),
  CostCenter: z.string().nullish(),
  DateNeeded: IsoDateTime.nullish(),
  Product: LineItemProduct.nullish(),
  Specs: z.array(LineItemSpec).optional(),
  xp: AnyXp.nullish(),
});
export type ShipmentItem = z.infer<typeof ShipmentItem>;

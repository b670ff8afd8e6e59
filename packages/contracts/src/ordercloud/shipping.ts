/** Ship methods and ship estimates (docs/domain.md, Checkout integration and webhooks). */
import { z } from 'zod';
import { CurrencyCode, Id, NonEmptyString } from '../validation.ts';
import { AnyXp, Count, NonNegativeDecimal } from './common.ts';

/** Our ship method extension: the currency its Cost is in. */
export const ShipMethodXp = z.looseObject({
  Currency: CurrencyCode,
});
export type ShipMethodXp = z.infer<typeof ShipMethodXp>;

export const ShipMethod = z.object({
  ID: Id,
  Name: NonEmptyString,
  Cost: NonNegativeDecimal,
  EstimatedTransitDays: Count,
  xp: ShipMethodXp.nullish(),
});
export type ShipMethod = z.infer<typeof ShipMethod>;

/** A quantity of one line item covered by a ship estimate. */
export const ShipEstimateItem = z.object({
  LineItemID: Id,
  Quantity: z.int().min(1),
});
export type ShipEstimateItem = z.infer<typeof ShipEstimateItem>;

/** The ship methods offered for a group of line items, and the one the buyer chose. */
export const ShipEstimate = z.object({
  ID: Id,
  SelectedShipMethodID: Id.nullish(),
  ShipEstimateItems: z.array(ShipEstimateItem),
  ShipMethods: z.array(ShipMethod),
  xp: AnyXp.nullish(),
});
export type ShipEstimate = z.infer<typeof ShipEstimate>;

/**
 * Answer of the ShippingRates integration route. OrderCloud adds the read-only HttpStatusCode,
 * UnhandledErrorBody and Succeeded when it stores the answer on the worksheet.
 */
export const ShipEstimateResponse = z.object({
  ShipEstimates: z.array(ShipEstimate),
  xp: AnyXp.nullish(),
  HttpStatusCode: z.int().nullish(),
  UnhandledErrorBody: z.string().nullish(),
  Succeeded: z.boolean().nullish(),
});
export type ShipEstimateResponse = z.infer<typeof ShipEstimateResponse>;

/** The buyer's choice of ship method for one estimate. */
export const ShipMethodSelection = z.object({
  ShipEstimateID: Id,
  ShipMethodID: Id,
});
export type ShipMethodSelection = z.infer<typeof ShipMethodSelection>;

/** Body of `POST orders/{direction}/{orderID}/shipmethods`. */
export const OrderShipMethodSelection = z.object({
  ShipMethodSelections: z.array(ShipMethodSelection),
});
export type OrderShipMethodSelection = z.infer<typeof OrderShipMethodSelection>;

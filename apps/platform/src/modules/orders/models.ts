import { Address, LineItem, Order, Payment, PaymentTransaction } from '@actuate/contracts';
import { z } from 'zod';
import { boundedQuantity } from '../../shared/quantities.ts';

export const DIRECTIONS = ['Incoming', 'Outgoing', 'All'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The path segment, case-insensitive as OrderCloud accepts it. */
export const DirectionParam = z
  .string()
  .transform((value) => DIRECTIONS.find((direction) => direction.toLowerCase() === value.toLowerCase()))
  .pipe(z.enum(DIRECTIONS, { message: 'direction must be Incoming, Outgoing or All' }));

/** An order as written; its ID may hold `{incrementorID}` tokens for human order numbers. */
export const OrderBody = Order.extend({
  ID: z
    .string()
    .regex(
      /^[A-Za-z0-9_{}-]+$/,
      'ID may contain only letters, digits, hyphen, underscore and {incrementor} tokens',
    )
    .optional(),
});
export type OrderBody = z.infer<typeof OrderBody>;

/**
 * A line item as written (orders, the cart, subscription items): Quantity at most 9999; its lower bound
 * is checked by the pricing rules (LineItem.QuantityMustBePositive).
 */
export const LineItemBody = LineItem.extend({ Quantity: boundedQuantity() });
export type LineItemBody = z.infer<typeof LineItemBody>;

export const PaymentBody = Payment;
export type PaymentBody = z.infer<typeof PaymentBody>;

export const TransactionBody = PaymentTransaction;
export type TransactionBody = z.infer<typeof TransactionBody>;

export const AddressBody = Address;

/** What `PATCH …/fromuser` may change of the order's user (guest checkout). */
export const FromUserPatch = z.object({
  FirstName: z.string().optional(),
  LastName: z.string().optional(),
  Email: z.email().optional(),
});
export const FROM_USER_FIELDS: string[] = Object.keys(FromUserPatch.shape);

export const OrderApprovalInfo = z.object({
  Comments: z.string().nullish(),
  AllowResubmit: z.boolean().nullish(),
});
export type OrderApprovalInfo = z.infer<typeof OrderApprovalInfo>;

export const ShipMethodSelections = z.object({
  ShipMethodSelections: z
    .array(z.object({ ShipEstimateID: z.string().min(1), ShipMethodID: z.string().min(1) }))
    .min(1),
});

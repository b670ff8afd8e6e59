/** OrderCloud error body: `{Errors: [{ErrorCode, Message, Data}]}`. */
import { z } from 'zod';
import { NonEmptyString } from '../validation.ts';

export const OrderCloudError = z.object({
  /** Dotted code, e.g. `Order.CannotSubmitBadStatus` or `Auth.InsufficientRoles`. */
  ErrorCode: NonEmptyString,
  Message: z.string(),
  /** Details that depend on the error code. */
  Data: z.unknown().optional(),
});
export type OrderCloudError = z.infer<typeof OrderCloudError>;

export const OrderCloudErrorBody = z.object({
  Errors: z.array(OrderCloudError).min(1),
});
export type OrderCloudErrorBody = z.infer<typeof OrderCloudErrorBody>;

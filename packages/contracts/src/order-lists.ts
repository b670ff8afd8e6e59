import { z } from 'zod';
import { MAX_ITEM_NUMBER_LENGTH, MAX_QUICK_ORDER_QUANTITY } from './quick-order.ts';

/*
 * Order lists (requisition lists): named lists of sales items a buyer keeps to order again, private
 * or shared with their company (the middleware's `/order-lists…`). Who owns a list and which company
 * sees it come from the buyer's platform token, never from these bodies.
 */

/** Lines one list may hold; a write that would pass it is a 400 (`list-full`). */
export const MAX_ORDER_LIST_LINES = 200;
/** Lists one user may own. */
export const MAX_ORDER_LISTS_PER_USER = 100;
export const MAX_ORDER_LIST_NAME_LENGTH = 80;

/** A spec of a configured line, as the platform keeps it on a line item (`Specs`). */
export const OrderListSpec = z.object({
  SpecID: z.string().min(1).max(100),
  OptionID: z.string().max(100).nullish(),
  Value: z.string().max(2000).nullish(),
});
export type OrderListSpec = z.infer<typeof OrderListSpec>;

export const OrderListLineInput = z.object({
  productId: z.string().trim().min(1).max(MAX_ITEM_NUMBER_LENGTH).describe('The sales item number'),
  quantity: z.number().int().min(1).max(MAX_QUICK_ORDER_QUANTITY),
  specs: z.array(OrderListSpec).max(50).default([]).describe('The configuration a configured line keeps'),
});
export type OrderListLineInput = z.input<typeof OrderListLineInput>;

const Name = z.string().trim().min(1).max(MAX_ORDER_LIST_NAME_LENGTH);

export const CreateOrderList = z.object({
  name: Name,
  shared: z.boolean().default(false),
  lines: z.array(OrderListLineInput).max(MAX_ORDER_LIST_LINES).default([]),
});
export type CreateOrderList = z.input<typeof CreateOrderList>;

export const UpdateOrderList = z
  .object({ name: Name.optional(), shared: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.shared !== undefined, 'Send a name or shared.');
export type UpdateOrderList = z.input<typeof UpdateOrderList>;

export const AddOrderListLines = z.object({
  lines: z.array(OrderListLineInput).min(1).max(MAX_ORDER_LIST_LINES),
});
export type AddOrderListLines = z.input<typeof AddOrderListLines>;

export const SetOrderListLineQuantity = z.object({
  quantity: z.number().int().min(1).max(MAX_QUICK_ORDER_QUANTITY),
});

export const OrderListToCart = z.object({
  lineIds: z
    .array(z.uuid())
    .min(1)
    .max(MAX_ORDER_LIST_LINES)
    .optional()
    .describe('Only these lines; all when left out'),
});
export type OrderListToCart = z.input<typeof OrderListToCart>;

export const OrderListSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  shared: z.boolean(),
  mine: z.boolean().describe('Whether the caller owns it (only the owner edits it)'),
  ownerName: z
    .string()
    .nullable()
    .describe('The owner’s name as the platform knew it when the list was saved'),
  lineCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type OrderListSummary = z.infer<typeof OrderListSummary>;

export const OrderListIndex = z.object({
  mine: z.array(OrderListSummary),
  shared: z.array(OrderListSummary).describe('Lists colleagues of the same company share'),
});
export type OrderListIndex = z.infer<typeof OrderListIndex>;

export const ORDER_LIST_LINE_STATES = ['ok', 'notOrderable', 'notVisible'] as const;

export const OrderListLine = z.object({
  id: z.uuid(),
  productId: z.string(),
  quantity: z.number().int(),
  specs: z.array(OrderListSpec),
  productName: z.string().nullable(),
  status: z
    .enum(ORDER_LIST_LINE_STATES)
    .describe(
      'As the caller sees the item now: orderable, out of sale (with state and successor), or no longer in their catalogue',
    ),
  productState: z.string().nullable(),
  successor: z.string().nullable(),
});
export type OrderListLine = z.infer<typeof OrderListLine>;

export const OrderListDetail = OrderListSummary.extend({ lines: z.array(OrderListLine) });
export type OrderListDetail = z.infer<typeof OrderListDetail>;

export const OrderListCartResult = z.object({
  orderId: z.string().nullable(),
  added: z.number().int(),
  skipped: z
    .array(z.object({ lineId: z.uuid(), reason: z.string() }))
    .describe('Lines not added: `notOrderable`, `notVisible`, or the platform’s ErrorCode'),
});
export type OrderListCartResult = z.infer<typeof OrderListCartResult>;

import { z } from 'zod';

/*
 * Quick order: many "sales item number, quantity" lines checked in one call and the valid ones added
 * to the cart in one go (the middleware's `/quick-order/…`). The storefront parses what the buyer
 * pasted, typed or uploaded into these lines; the middleware decides every line's fate.
 */

/** Lines one request may hold; more is a 400 (`too-many-lines`). */
export const MAX_QUICK_ORDER_LINES = 500;
/** The largest quantity of one line (the storefront's cart limit as well). */
export const MAX_QUICK_ORDER_QUANTITY = 9999;
/** Characters of one typed item number the middleware looks at (longer is never an item). */
export const MAX_ITEM_NUMBER_LENGTH = 40;

export const QuickOrderLine = z.object({
  salesItemNumber: z
    .string()
    .max(MAX_ITEM_NUMBER_LENGTH)
    .describe('The sales item number as the buyer typed it (trimmed and upper-cased before it is looked up)'),
  quantity: z.number().int().describe('Whole pieces; 1 to 9999'),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLine>;

export const QuickOrderRequest = z.object({
  lines: z.array(QuickOrderLine).min(1).max(MAX_QUICK_ORDER_LINES),
});
export type QuickOrderRequest = z.infer<typeof QuickOrderRequest>;

/** What the middleware found of one line; `ok` lines are the ones an add puts in the cart. */
export const QUICK_ORDER_LINE_STATUSES = [
  'ok',
  /** Not a sales item the shop knows (close matches the buyer sees are suggested). */
  'unknown',
  /** A sales item, but not in the buyer's catalogue. */
  'notVisible',
  /** Blocked, phased out or coming soon for the buyer's sales company (the successor is named). */
  'notOrderable',
  /** The quantity breaks the price schedule's rules or the shop's 1…9999. */
  'quantity',
] as const;
export type QuickOrderLineStatus = (typeof QUICK_ORDER_LINE_STATUSES)[number];

export const QuickOrderLineReport = z.object({
  line: z.number().int().describe('1-based position in the request'),
  salesItemNumber: z.string().describe('The normalised item number'),
  quantity: z.number().int(),
  status: z.enum(QUICK_ORDER_LINE_STATUSES),
  productName: z.string().nullable(),
  suggestions: z
    .array(z.string())
    .describe('Item numbers the buyer sees that are one edit away (unknown and not-visible lines)'),
  productState: z.string().nullable().describe('The product state of a not-orderable line'),
  successor: z.string().nullable().describe('The successor the ERP named for a not-orderable line'),
  quantityRule: z
    .object({
      code: z.enum(['range', 'min', 'max', 'restricted']),
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      allowed: z.array(z.number().int()).describe('The allowed quantities of a restricted schedule'),
    })
    .nullable(),
});
export type QuickOrderLineReport = z.infer<typeof QuickOrderLineReport>;

export const QuickOrderReport = z.object({
  lines: z.array(QuickOrderLineReport),
  valid: z.number().int().describe('How many lines are ok'),
  invalid: z.number().int(),
});
export type QuickOrderReport = z.infer<typeof QuickOrderReport>;

export const QuickOrderAddResult = QuickOrderReport.extend({
  orderId: z.string().nullable().describe('The cart the ok lines went into (null when none was ok)'),
  added: z.number().int().describe('Lines written to the cart'),
  failed: z
    .array(z.object({ line: z.number().int(), errorCode: z.string() }))
    .describe('Ok lines the platform still refused when written (its ErrorCode)'),
  replayed: z.boolean().describe('True when this Idempotency-Key was already used: the first answer again'),
});
export type QuickOrderAddResult = z.infer<typeof QuickOrderAddResult>;

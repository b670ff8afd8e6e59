import { z } from 'zod';
import { minorUnitDigits } from '../../payments/currencies.ts';
import type { Amount } from '../../payments/models.ts';

const url = z.url({ protocol: /^https?$/ }).max(2048);
const chargeAmount = z.object({
  amount: z.string().regex(/^\d{1,12}(\.\d{1,3})?$/),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
});

/**
 * The checkout-session payload the widget has the gateway sign (spec §3 "Cart wallet checkout
 * session"): what the simulator reads of it. Other fields (merchantMetadata, addressDetails…) pass.
 */
export const checkoutPayloadSchema = z.looseObject({
  storeId: z.string().min(1).max(256),
  chargePermissionType: z.enum(['OneTime', 'Recurring']).optional(),
  webCheckoutDetails: z.looseObject({
    checkoutReviewReturnUrl: url.optional(),
    checkoutResultReturnUrl: url.optional(),
    checkoutCancelUrl: url.optional(),
    checkoutMode: z.literal('ProcessOrder').optional(),
  }),
  paymentDetails: z
    .looseObject({
      chargeAmount,
      paymentIntent: z.string().max(32).optional(),
      presentmentCurrency: z.string().max(3).optional(),
    })
    .optional(),
  recurringMetadata: z.unknown().optional(),
});
export type CheckoutPayload = z.infer<typeof checkoutPayloadSchema>;

/** Amazon's decimal amount ("10.50") as the gateway's minor units; undefined if it has too many decimals. */
export function minorUnits(amount: { amount: string; currencyCode: string }): Amount | undefined {
  const digits = minorUnitDigits(amount.currencyCode);
  const [whole = '0', fraction = ''] = amount.amount.split('.');
  if (fraction.length > digits) return undefined;
  return { currency: amount.currencyCode, value: Number(whole + fraction.padEnd(digits, '0')) };
}

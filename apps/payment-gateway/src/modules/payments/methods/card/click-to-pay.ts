import { z } from 'zod';
import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { detectBrands } from '../../../cards/brands.ts';
import { resolveClickToPayCard } from '../../../sdk-simulators/clicktopay/service.ts';
import { acquirerOutcome, EXPIRED_CARD, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type { MethodDecision } from '../types.ts';

const reference = z.string().min(1).max(4096);
const clickToPayFields = z.object({
  srcScheme: z.enum(['visa', 'mc']),
  srcCorrelationId: reference,
  srcTokenReference: reference.optional(),
  srcCheckoutPayload: reference.optional(),
  srcDigitalCardId: reference.optional(),
});

/** A card payment from Click to Pay: `paymentMethod.srcScheme` is set. */
export const isClickToPay = (method: PaymentRequest['paymentMethod']) => 'srcScheme' in method;

/**
 * A Click to Pay payment: the sealed references of the scheme sandbox name the card; they must be
 * unexpired and issued for this merchant account (else 422, nothing changes). Our choice for 3-D
 * Secure: none (frictionless). The shopper was authenticated by the scheme (one-time code or a
 * remembered device) and the checkout confirmed in its DCF, which stands in for the cryptogram a real
 * scheme adds; the acquirer rules (holder-name triggers do not apply, expiry does) stay the card's.
 */
export function decideClickToPay(
  tokenKey: Buffer,
  context: MerchantContext,
  request: PaymentRequest,
): MethodDecision {
  const parsed = clickToPayFields.safeParse(request.paymentMethod);
  if (!parsed.success)
    throw gatewayError.unprocessable('000', 'Invalid Click to Pay fields (srcScheme, srcCorrelationId).');
  const fields = parsed.data;
  if (fields.srcScheme === 'visa' && !fields.srcCheckoutPayload && !fields.srcTokenReference)
    throw gatewayError.unprocessable(
      '000',
      'Visa Click to Pay needs srcCheckoutPayload or srcTokenReference.',
    );
  if (fields.srcScheme === 'mc' && !fields.srcDigitalCardId)
    throw gatewayError.unprocessable('000', 'Mastercard Click to Pay needs srcDigitalCardId.');
  const resolved = resolveClickToPayCard(tokenKey, context.merchant.account, fields, context.now);
  if (!resolved.ok) throw gatewayError.unprocessable('000', resolved.error);
  const card = resolved.value;
  // No security code in Click to Pay: the scheme vouches for the card, so only brand and expiry count.
  const brand = detectBrands(card.number).find((rule) => rule.brand === card.scheme)?.brand ?? card.scheme;
  const expired =
    Number(card.expiryYear) * 12 + Number(card.expiryMonth) - 1 <
    context.now.getUTCFullYear() * 12 + context.now.getUTCMonth();
  return {
    paymentMethodType: 'scheme',
    brand,
    lastFour: card.number.slice(-4),
    acquirer:
      expired || card.status !== 'ACTIVE' ? EXPIRED_CARD : acquirerOutcome(undefined, request.additionalData),
    triggers: modificationTriggers(undefined),
    threeDs: 'none',
    methodDetails: { clickToPay: fields.srcScheme },
  };
}

import { gatewayError } from '../../../shared/errors.ts';
import type { PaymentRequest } from '../models.ts';

/**
 * The shopper's stored instrument a family looks up (`find` by shopperReference, `accept` narrows it
 * to the family's own kind); without a shopperReference or a match: the reference's 422 `800`.
 */
export async function storedInstrumentOrRefuse<T>(
  request: PaymentRequest,
  find: (shopperReference: string) => Promise<T | undefined>,
  accept: (found: T) => boolean = () => true,
): Promise<T> {
  const found = request.shopperReference ? await find(request.shopperReference) : undefined;
  if (found === undefined || !accept(found))
    throw gatewayError.unprocessable(
      '800',
      'Contract not found: unknown storedPaymentMethodId for this shopperReference.',
    );
  return found;
}

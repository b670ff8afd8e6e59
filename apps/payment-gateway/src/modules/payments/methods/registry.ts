import { gatewayError } from '../../../shared/errors.ts';
import { CARD_LIKE_MODIFICATIONS, type MethodModifications, type PaymentMethodFamily } from './types.ts';

/** The method families the gateway supports; a new family registers here. */
export class PaymentMethodRegistry {
  constructor(readonly families: PaymentMethodFamily[]) {}

  familyFor(type: string): PaymentMethodFamily {
    const family = this.families.find((candidate) => candidate.handles(type));
    if (!family) throw gatewayError.unprocessable('905', `Payment method type ${type} is not supported.`);
    return family;
  }

  /** What a stored payment's method allows; a type no family handles any more is card-like. */
  modificationsOf(type: string): MethodModifications {
    const family = this.families.find((candidate) => candidate.handles(type));
    return family?.modifications?.(type) ?? CARD_LIKE_MODIFICATIONS;
  }
}

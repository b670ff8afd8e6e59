import { gatewayError } from '../../../shared/errors.ts';
import type { PaymentMethodFamily } from './types.ts';

/** The method families the gateway supports; a new family registers here. */
export class PaymentMethodRegistry {
  constructor(readonly families: PaymentMethodFamily[]) {}

  familyFor(type: string): PaymentMethodFamily {
    const family = this.families.find((candidate) => candidate.handles(type));
    if (!family) throw gatewayError.unprocessable('905', `Payment method type ${type} is not supported.`);
    return family;
  }
}

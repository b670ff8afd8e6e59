import type { Database } from '@actuate/service-kit';
import type { GatewayKeys } from '../crypto/service.ts';
import { findPaymentByReference, listOpenShopperSteps, type PaymentRow } from '../payments/repository.ts';
import { returnAddress } from './actions.ts';
import { pspReferenceOfStepToken, stepPageUrl } from './tokens.ts';

/** Finds payments from simulator-page tokens, and lists the open ones for the sandbox. */
export class ShopperStepService {
  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly publicUrl: string,
  ) {}

  /** The payment a page token names, if it waits (or waited) for a shopper step. */
  async paymentOfToken(token: string) {
    const pspReference = pspReferenceOfStepToken(this.keys.tokenKey, token);
    const payment = pspReference ? await findPaymentByReference(this.db, pspReference) : undefined;
    return payment?.shopperStep ? { payment, step: payment.shopperStep } : undefined;
  }

  /** Where a redirected shopper goes back to, with the result to submit as details. */
  returnAddress(payment: PaymentRow) {
    return returnAddress(this.keys.tokenKey, payment);
  }

  /**
   * A merchant's open steps (newest 100), or those of a merchant or PSP reference, however old: the
   * reference is matched in the query, not among the newest 100.
   */
  async openSteps(merchantAccount: string, reference?: string) {
    const open = await listOpenShopperSteps(this.db, merchantAccount, 100, reference || undefined);
    return open.map((payment) => ({
      payment,
      url: stepPageUrl(this.publicUrl, this.keys.tokenKey, payment.pspReference),
    }));
  }
}

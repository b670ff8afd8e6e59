/**
 * The pre-submit webhook (a pre-hook on `v1/orders/{direction}/{orderID}/submit`, domain facts A5):
 * the last look at an order before the platform submits it. Each refusal is a buyer-facing message.
 */
import type { Order, Payment, PreSubmitWebhookPayload, PreSubmitWebhookResponse } from '@actuate/contracts';
import { isHttpError } from '@actuate/service-kit';
import type { CustomerCompany, CustomerDirectory } from '../../shared/customers.ts';
import type { PlatformClient } from '../../shared/platform-client.ts';

export interface PolicyVersions {
  terms: number;
  privacy: number;
}

/**
 * Whether a card payment of the order is authorised at the gateway for at least the order total
 * (minor units); provided by the payments module.
 */
export type CardAuthorisationCheck = (order: Order, payment: Payment) => Promise<boolean>;

export const PRE_SUBMIT_MESSAGES = {
  orderNotFound: 'We could not find this order. Please reload your cart and try again.',
  companyUnknown:
    'Your company account is not fully set up yet, so orders cannot be placed. Please contact customer service.',
  creditHold:
    'Your company account is on credit hold, so new orders cannot be placed right now. Please contact your sales representative or our accounts department.',
  registrationIncomplete:
    'Your user account is still being set up. You can place orders as soon as your registration is complete.',
  termsNotAccepted:
    'Our terms and conditions have changed. Please read and accept the current terms and conditions before placing your order.',
  privacyNotAccepted:
    'Our privacy policy has changed. Please read and accept the current privacy policy before placing your order.',
  purchaseOrderWithoutReference:
    'Payment by purchase order needs your purchase order number. Please enter it as the customer reference and submit again.',
  cardNotAuthorised:
    'Your card payment has not been authorised for the order total. Please complete the card payment and submit again.',
  unavailable: 'We cannot check your order right now. Please try again in a moment.',
  ok: 'The order can be submitted.',
} as const;

function refuse(message: string): PreSubmitWebhookResponse {
  return { proceed: false, body: { Status: 'Failure', Message: message } };
}

export class PreSubmitService {
  private cardCheck: CardAuthorisationCheck | undefined;

  constructor(
    private readonly platform: PlatformClient,
    private readonly customers: CustomerDirectory,
    private readonly versions: PolicyVersions,
  ) {}

  useCardAuthorisationCheck(check: CardAuthorisationCheck): void {
    this.cardCheck = check;
  }

  async check(payload: PreSubmitWebhookPayload): Promise<PreSubmitWebhookResponse> {
    const orderId = payload.RouteParams.orderID;
    const order = await this.platform.getOrder(orderId);
    if (!order) return refuse(PRE_SUBMIT_MESSAGES.orderNotFound);

    let company: CustomerCompany;
    try {
      company = await this.customers.company(order.FromCompanyID);
    } catch (error) {
      if (isHttpError(error) && error.status === 422) return refuse(PRE_SUBMIT_MESSAGES.companyUnknown);
      throw error;
    }
    if (company.creditHold) return refuse(PRE_SUBMIT_MESSAGES.creditHold);

    const userXp = (order.FromUser?.xp ?? {}) as Record<string, unknown>;
    if (userXp.Kind === 'Pending' || userXp.Kind === 'Anonymous') {
      return refuse(PRE_SUBMIT_MESSAGES.registrationIncomplete);
    }
    if (!acceptedAtLeast(userXp.TermsVersionApproved, this.versions.terms)) {
      return refuse(PRE_SUBMIT_MESSAGES.termsNotAccepted);
    }
    if (!acceptedAtLeast(userXp.PrivacyVersionApproved, this.versions.privacy)) {
      return refuse(PRE_SUBMIT_MESSAGES.privacyNotAccepted);
    }

    const payments = await this.platform.listPayments(orderId);
    const reference = order.xp?.CustomerReference?.trim();
    if (payments.some((payment) => payment.Type === 'PurchaseOrder') && !reference) {
      return refuse(PRE_SUBMIT_MESSAGES.purchaseOrderWithoutReference);
    }
    for (const payment of payments.filter((candidate) => candidate.Type === 'CreditCard')) {
      const authorised = this.cardCheck ? await this.cardCheck(order, payment) : false;
      if (!authorised) return refuse(PRE_SUBMIT_MESSAGES.cardNotAuthorised);
    }
    // A purchase order is paid on invoice: with its reference checked it is accepted here, since the
    // platform submits only orders whose payments are all Accepted (domain facts A7; the pre-hook runs
    // before that check).
    for (const payment of payments) {
      if (payment.Type === 'PurchaseOrder' && !payment.Accepted && payment.ID) {
        await this.platform.patchPayment(orderId, payment.ID, { Accepted: true });
      }
    }
    return { proceed: true, body: { Status: 'Success', Message: PRE_SUBMIT_MESSAGES.ok } };
  }
}

function acceptedAtLeast(value: unknown, current: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= current;
}

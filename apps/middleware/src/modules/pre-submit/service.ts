/**
 * The pre-submit webhook (a pre-hook on `v1/orders/{direction}/{orderID}/submit`, see docs/domain.md):
 * the last look at an order before the platform submits it. Each refusal is a buyer-facing message
 * (English) with a stable `Code`, by which a storefront tells it in the buyer's language.
 */
import {
  earliestDeliveryDay,
  isOnOrAfterDay,
  ORDERABLE_PRODUCT_STATE,
  type Order,
  type Payment,
  type PreSubmitWebhookPayload,
  type PreSubmitWebhookResponse,
  productStateFor,
  toMinorUnits,
  transitDaysOfLine,
} from '@actuate/contracts';
import { isHttpError } from '@actuate/service-kit';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CustomerCompany, CustomerDirectory } from '../../shared/customers.ts';

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
  spendingAccountExceeded:
    'Your budget does not cover this order. Please choose another payment method or ask your buyer administrator to top it up.',
  cardNotAuthorised:
    'Your card payment has not been authorised for the order total. Please complete the card payment and submit again.',
  itemNotOrderable:
    'Your order contains an item that can no longer be ordered (blocked or phased out). Please remove it or replace it with its successor and submit again.',
  dateNeededTooEarly:
    'A requested delivery date is earlier than we can deliver with the chosen shipping. Please choose a later date and submit again.',
  quoteNotUsable:
    'The quote this order was made from can no longer be used (it has expired or was used already). Please ask for a new quote or order at your own prices from a new cart.',
  unavailable: 'We cannot check your order right now. Please try again in a moment.',
  ok: 'The order can be submitted.',
} as const;

/** A refusal's stable code (a key of PRE_SUBMIT_MESSAGES): storefronts translate by it. */
export type PreSubmitRefusalCode = Exclude<keyof typeof PRE_SUBMIT_MESSAGES, 'ok'>;

export function refuse(code: PreSubmitRefusalCode): PreSubmitWebhookResponse {
  return { proceed: false, body: { Status: 'Failure', Message: PRE_SUBMIT_MESSAGES[code], Code: code } };
}

export class PreSubmitService {
  private cardCheck: CardAuthorisationCheck | undefined;
  private quoteCheck: ((order: Order) => Promise<boolean>) | undefined;

  constructor(
    private readonly platform: PlatformClient,
    private readonly customers: CustomerDirectory,
    private readonly versions: PolicyVersions,
  ) {}

  useCardAuthorisationCheck(check: CardAuthorisationCheck): void {
    this.cardCheck = check;
  }

  /** The quotes module: whether an order naming a quote (`xp.QuoteID`) may use it now. */
  useQuoteCheck(check: (order: Order) => Promise<boolean>): void {
    this.quoteCheck = check;
  }

  async check(payload: PreSubmitWebhookPayload): Promise<PreSubmitWebhookResponse> {
    const orderId = payload.RouteParams.orderID;
    const order = await this.platform.getOrder(orderId);
    if (!order) return refuse('orderNotFound');

    let company: CustomerCompany;
    try {
      company = await this.customers.company(order.FromCompanyID);
    } catch (error) {
      if (isHttpError(error) && error.status === 422) return refuse('companyUnknown');
      throw error;
    }
    if (company.creditHold) return refuse('creditHold');

    const userXp = (order.FromUser?.xp ?? {}) as Record<string, unknown>;
    if (userXp.Kind === 'Pending' || userXp.Kind === 'Anonymous') {
      return refuse('registrationIncomplete');
    }
    if (!acceptedAtLeast(userXp.TermsVersionApproved, this.versions.terms)) {
      return refuse('termsNotAccepted');
    }
    if (!acceptedAtLeast(userXp.PrivacyVersionApproved, this.versions.privacy)) {
      return refuse('privacyNotAccepted');
    }

    if (!(await this.allOrderable(orderId, company.salesCompanyId))) return refuse('itemNotOrderable');
    if (await this.asksForDeliveryTooEarly(orderId)) return refuse('dateNeededTooEarly');
    if (this.quoteCheck && !(await this.quoteCheck(order))) return refuse('quoteNotUsable');

    const payments = await this.platform.listPayments(orderId);
    const reference = order.xp?.CustomerReference?.trim();
    if (payments.some((payment) => payment.Type === 'PurchaseOrder') && !reference) {
      return refuse('purchaseOrderWithoutReference');
    }
    for (const payment of payments.filter((candidate) => candidate.Type === 'CreditCard')) {
      const authorised = this.cardCheck ? await this.cardCheck(order, payment) : false;
      if (!authorised) return refuse('cardNotAuthorised');
    }
    for (const payment of payments.filter((candidate) => candidate.Type === 'SpendingAccount')) {
      if (!(await this.spendingAccountCovers(order, payment))) {
        return refuse('spendingAccountExceeded');
      }
    }
    // A purchase order is paid on invoice and a budget is charged by the platform at submit: with
    // their checks passed they are accepted here, since the platform submits only orders whose
    // payments are all Accepted (docs/domain.md, Payments; the pre-hook runs before that check).
    for (const payment of payments) {
      if (ACCEPTED_ON_CHECK.has(payment.Type ?? '') && !payment.Accepted && payment.ID) {
        await this.platform.patchPayment(orderId, payment.ID, { Accepted: true });
      }
    }
    return { proceed: true, body: { Status: 'Success', Message: PRE_SUBMIT_MESSAGES.ok } };
  }

  /**
   * Whether every product on the order can still be ordered by the company's sales company, read
   * from the product as it is now (an item blocked after it was put in the cart is caught here).
   */
  private async allOrderable(orderId: string, salesCompanyId: string): Promise<boolean> {
    const lines = await this.platform.listAll<{ ProductID: string }>(
      `/v1/orders/All/${encodeURIComponent(orderId)}/lineitems`,
    );
    for (const productId of new Set(lines.map((line) => line.ProductID))) {
      const product = await this.platform.send<{ xp?: Record<string, unknown> }>(
        'GET',
        `/v1/products/${encodeURIComponent(productId)}`,
      );
      if (product.status === 404) return false;
      if (product.status !== 200) throw new Error(`platform product ${productId}: ${product.status}`);
      if (productStateFor(product.body.xp, salesCompanyId) !== ORDERABLE_PRODUCT_STATE) return false;
    }
    return true;
  }

  /**
   * Whether a line asks for delivery before its earliest day: today plus the transit days of its
   * chosen ship method (delivery-dates.ts; the shop has no per-item lead time). The platform itself
   * refuses only a date in the past.
   */
  private async asksForDeliveryTooEarly(orderId: string): Promise<boolean> {
    const worksheet = await this.platform.getWorksheet(orderId);
    const today = new Date();
    return (worksheet?.LineItems ?? []).some(
      (line) =>
        line.DateNeeded &&
        !isOnOrAfterDay(
          line.DateNeeded,
          earliestDeliveryDay(today, transitDaysOfLine(worksheet?.ShipEstimateResponse, line.ID ?? '')),
        ),
    );
  }

  /**
   * Whether the budget's balance covers the payment (or the order total), or an assignment lets it be
   * exceeded. The platform charges and re-checks it atomically at submit (`Payment.ExceedsBalance`);
   * this check is there to give the buyer a clear message first.
   */
  private async spendingAccountCovers(order: Order, payment: Payment): Promise<boolean> {
    const buyerId = encodeURIComponent(order.FromCompanyID ?? '');
    const accountId = payment.SpendingAccountID;
    if (!accountId) return false;
    const account = await this.platform.send<{ Balance?: number }>(
      'GET',
      `/v1/buyers/${buyerId}/spendingaccounts/${encodeURIComponent(accountId)}`,
    );
    if (account.status !== 200) return false;
    const currency = order.Currency ?? 'DKK';
    const amount = toMinorUnits(payment.Amount ?? order.Total ?? 0, currency);
    if (toMinorUnits(account.body.Balance ?? 0, currency) >= amount) return true;
    const assignments = await this.platform.expect<{
      Items: { SpendingAccountID: string; UserID?: string | null; AllowExceed?: boolean }[];
    }>('GET', `/v1/buyers/${buyerId}/spendingaccounts/assignments?pageSize=100`);
    return assignments.Items.some(
      (assignment) =>
        assignment.SpendingAccountID === accountId &&
        assignment.AllowExceed === true &&
        (!assignment.UserID || assignment.UserID === order.FromUserID),
    );
  }
}

/** Payment types whose acceptance is this check's to give (cards are accepted on authorisation). */
const ACCEPTED_ON_CHECK = new Set(['PurchaseOrder', 'SpendingAccount']);

function acceptedAtLeast(value: unknown, current: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= current;
}

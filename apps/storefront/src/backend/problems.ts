import type en from '../../messages/en.json';
import { platformError } from './sdk';

/*
 * Every refusal a buyer can meet, in the buyer's words: the platform's ErrorCode, the middleware's
 * pre-submit refusal (`Webhook.ProceedFalse`, its `Data.Body.Code`) and the middleware's or price
 * service's problem type behind a failed checkout integration (`IntegrationEvent.ErrorResponse`,
 * `Data.Body.type`), each to the key of a `Problems` text that says what to do next. Anything not
 * listed is the generic text with a reference (see problem-message.ts); never the service's own prose,
 * which is written for developers.
 */

export type ProblemKey = keyof (typeof en)['Problems'];

/** Where the refusal happened: a few codes mean something else there (`NotFound` of a promotion code). */
export type ProblemContext = 'promotion' | 'shop';

/** The platform's ErrorCodes a buyer's own calls can receive. */
export const PLATFORM_PROBLEMS: Readonly<Record<string, ProblemKey>> = {
  'Promotion.NotActive': 'promotionUnknown',
  'Promotion.OwnerIDMustMatchOrderToCompanyID': 'promotionUnknown',
  'Promotion.Expired': 'promotionExpired',
  'Promotion.NotYetValid': 'promotionNotYetValid',
  'Promotion.ExceedsUsageLimit': 'promotionUsedUp',
  'Promotion.AlreadyAdded': 'promotionAlreadyApplied',
  'Promotion.CannotCombine': 'promotionCannotCombine',
  'Promotion.NotEligible': 'promotionNotEligible',
  'Order.CannotApplyPromoBadStatus': 'orderNotEditable',
  'Order.CannotModifySubmittedOrder': 'orderNotEditable',
  'Order.CannotSubmitBadStatus': 'orderNotEditable',
  'Cart.MustBeUnsubmitted': 'orderNotEditable',
  'Cart.Busy': 'cartBusy',
  'LineItem.QuantityMustBePositive': 'quantityNotAllowed',
  'PriceSchedule.QuantityNotAllowed': 'quantityNotAllowed',
  'PriceSchedule.CannotExceedMax': 'quantityNotAllowed',
  'PriceSchedule.CannotBeLessThanMin': 'quantityNotAllowed',
  'PriceSchedule.CumulativeCannotExceedMax': 'quantityNotAllowed',
  'PriceSchedule.CumulativeCannotBeLessThanMin': 'quantityNotAllowed',
  'PriceSchedule.CumulativeQuantityNotAllowed': 'quantityNotAllowed',
  'Pricing.NoApplicablePriceBreak': 'quantityNotAllowed',
  'Order.ProductsNotFound': 'itemNotAvailable',
  'LineItem.SpecNotAssigned': 'itemNotAvailable',
  'LineItem.SpecOptionNotFound': 'itemNotAvailable',
  'LineItem.RequiredSpecMissing': 'itemNotAvailable',
  'Order.CannotSubmitWithNoLineItems': 'cartEmpty',
  'Order.CannotSubmitUncalculatedOrder': 'checkoutIncomplete',
  'IntegrationEvent.MustCalculateShipping': 'checkoutIncomplete',
  'IntegrationEvent.MustHaveShipEstimates': 'checkoutIncomplete',
  'Order.CannotSubmitWithUnaccceptedPayments': 'paymentNotAccepted',
  'Payment.ExceedsBalance': 'budgetExceeded',
  'Payment.CannotUseExpiredSpendingAccount': 'budgetExpired',
  'Payment.InvalidSpendingAccountID': 'budgetUnavailable',
  'Payment.SpendingAccountIdMissing': 'budgetUnavailable',
  'Order.CurrencyMismatch': 'currencyMismatch',
  'Auth.InsufficientRoles': 'notAllowed',
  'Forbidden.OwnedField': 'notAllowed',
  'Order.NotEligibleToApprove': 'approvalNotPossible',
  'Order.MustBeAwaitingApproval': 'approvalNotPossible',
  'Order.CannotCancelInCurrentStatus': 'cancelNotPossible',
  'Webhook.Failed': 'checkUnavailable',
  'IntegrationEvent.NotConfigured': 'checkoutUnavailable',
  'IntegrationEvent.ErrorResponse': 'checkoutUnavailable',
  InvalidRequest: 'invalidInput',
  'Product.NotOrderable': 'itemNotOrderable',
};

/** Codes that mean something else in a context. */
const CONTEXT_PROBLEMS: Readonly<Record<ProblemContext, Readonly<Record<string, ProblemKey>>>> = {
  promotion: { NotFound: 'promotionUnknown' },
  shop: {},
};

/** The middleware's pre-submit refusals (`Data.Body.Code` of `Webhook.ProceedFalse`). */
export const PRE_SUBMIT_PROBLEMS: Readonly<Record<string, ProblemKey>> = {
  orderNotFound: 'orderNotFound',
  companyUnknown: 'companyUnknown',
  creditHold: 'creditHold',
  registrationIncomplete: 'registrationIncomplete',
  termsNotAccepted: 'termsNotAccepted',
  privacyNotAccepted: 'privacyNotAccepted',
  purchaseOrderWithoutReference: 'purchaseOrderWithoutReference',
  spendingAccountExceeded: 'budgetExceeded',
  cardNotAuthorised: 'cardNotAuthorised',
  itemNotOrderable: 'itemNotOrderable',
  dateNeededTooEarly: 'dateNeededTooEarly',
  quoteNotUsable: 'quoteNotUsable',
  unavailable: 'checkUnavailable',
};

/**
 * The problem types of the middleware's checkout integration (`urn:actuate:problem:<type>`, price
 * service refusals prefixed `price-`) a buyer can act on.
 */
export const INTEGRATION_PROBLEMS: Readonly<Record<string, ProblemKey>> = {
  'price-country-not-served': 'countryNotServed',
  'price-unknown-country': 'countryNotServed',
  'price-shipment-too-heavy': 'shipmentTooHeavy',
  'no-ship-method': 'noShipMethod',
  'price-ship-method-not-found': 'noShipMethod',
  'price-sales-item-not-found': 'itemCannotBePriced',
  'price-no-valid-price': 'itemCannotBePriced',
  'price-no-active-sales-items': 'itemCannotBePriced',
  'price-product-family-not-found': 'itemCannotBePriced',
  'not-a-sales-item': 'itemCannotBePriced',
  'empty-order': 'cartEmpty',
  'unsupported-currency': 'currencyNotSupported',
  'price-currency-not-found': 'currencyNotSupported',
  'price-no-exchange-rate': 'currencyNotSupported',
};

const lookup = (table: Readonly<Record<string, ProblemKey>>, key: unknown): ProblemKey | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;

function bodyOf(data: unknown): Record<string, unknown> | undefined {
  const body = (data as { Body?: unknown } | undefined)?.Body;
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

/** The buyer's text for a thrown error, or undefined when only the generic text fits. */
export function problemKeyOf(error: unknown, context: ProblemContext = 'shop'): ProblemKey | undefined {
  const { code, data } = platformError(error);
  if (!code) return undefined;
  if (code === 'Webhook.ProceedFalse') return lookup(PRE_SUBMIT_PROBLEMS, bodyOf(data)?.Code);
  if (code === 'IntegrationEvent.ErrorResponse') {
    const type = bodyOf(data)?.type;
    const short = typeof type === 'string' ? type.replace(/^urn:actuate:problem:/, '') : undefined;
    return lookup(INTEGRATION_PROBLEMS, short) ?? PLATFORM_PROBLEMS[code];
  }
  return lookup(CONTEXT_PROBLEMS[context], code) ?? lookup(PLATFORM_PROBLEMS, code);
}

/** Texts that name a reference the buyer can quote (the refusal is unexpected, so it is logged). */
export const REFERENCED_PROBLEMS: ReadonlySet<ProblemKey> = new Set([
  'generic',
  'invalidInput',
  'checkoutUnavailable',
]);

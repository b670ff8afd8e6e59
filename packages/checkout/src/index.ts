import {
  type Checkout,
  type CheckoutOptions,
  createCheckout as createCheckoutCore,
} from './core/checkout.ts';
import { registerDefaultActions } from './core/default-actions.ts';

/**
 * Creates a checkout (sessions flow with `session`, advanced flow with `onSubmit`), with the
 * redirect and 3-D Secure 2 actions registered.
 */
export function createCheckout(options: CheckoutOptions): Promise<Checkout> {
  return createCheckoutCore(options, registerDefaultActions);
}

export { loadDonation } from './catalogue/donation.ts';
export { paymentMethodCatalogue } from './catalogue/index.ts';
export { type ElementOptions, PaymentElement } from './components/base/payment-element.tsx';
export { Card, type CardOptions, CustomCard, type CustomCardOptions } from './components/card/index.ts';
export type { DonationSettings, DonationType } from './components/donation/amounts.ts';
export type { DonationCampaignProps, DonationOptions } from './components/donation/index.ts';
export { Dropin, type DropinOptions, type LazyPaymentMethodComponent } from './components/dropin/index.ts';
export { Redirect } from './components/redirect/index.ts';
export { ThreeDS2Challenge, ThreeDS2DeviceFingerprint } from './components/threeds2/index.ts';
export { type Amount, formatAmount, minorUnitDivider } from './core/amount.ts';
export type {
  AddressLookupResult,
  CallbackActions,
  CheckoutCallbacks,
  DonationCallbacks,
  DonationState,
  ElementStatus,
} from './core/callbacks.ts';
export type { ActionHandler, Checkout, CheckoutOptions } from './core/checkout.ts';
export { CheckoutError, type CheckoutErrorType, IMPLEMENTATION_ERRORS } from './core/errors.ts';
export type { Translations } from './core/i18n/en-US.ts';
export type { MethodTranslations } from './core/i18n/i18n.ts';
export type { CheckoutTheme, FieldStyle, SecuredFieldStyles } from './core/theme.ts';
export type {
  AdditionalDetailsData,
  ElementState,
  Order,
  PaymentAction,
  PaymentData,
  PaymentMethod,
  PaymentMethodsResponse,
  PaymentResponse,
  ResultCode,
  StoredPaymentMethod,
} from './core/types.ts';

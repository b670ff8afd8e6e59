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
// Option and event types of the lazily loaded wallets (their classes come through paymentMethodCatalogue).
export type {
  AmazonPayConfiguration,
  ButtonColor as AmazonPayButtonColor,
  ChargePermissionType,
  Placement as AmazonPayPlacement,
  ProductType as AmazonPayProductType,
  RecurringMetadata,
} from './components/amazonpay/config.ts';
export type { AmazonPay, AmazonPayGate, AmazonPayOptions } from './components/amazonpay/index.ts';
export type {
  ApplePayAuthorizedEvent,
  ApplePayContactField,
  ApplePayLineItem,
  ApplePayPayment,
  ApplePayPaymentContact,
  ApplePayPaymentToken,
  ApplePayShippingMethod,
} from './components/applepay/apple-pay-js.ts';
// The device wallet loads lazily (catalogue/applepay.ts); its types are public here.
export type {
  ApplePay,
  ApplePayButtonColor,
  ApplePayButtonType,
  ApplePayOptions,
} from './components/applepay/index.ts';
export type { WalletAddress } from './components/applepay/payment-request.ts';
export { type ElementOptions, PaymentElement } from './components/base/payment-element.tsx';
export type { BinLookupBrand, BinLookupResponse } from './components/card/bin-lookup.ts';
export { Card, type CardOptions, CustomCard, type CustomCardOptions } from './components/card/index.ts';
// Types only: the class is loaded on demand through paymentMethodCatalogue.
export type { CashAppPay, CashAppPayOptions } from './components/cashapp/index.ts';
export type {
  ClickToPay,
  ClickToPayConfiguration,
  ClickToPayOptions,
  ClickToPaySchemeIds,
  CtpState,
} from './components/clicktopay/index.ts';
export type { ClickToPayScheme } from './components/clicktopay/scheme-sdks.ts';
export type { ClickToPayTimeoutError } from './components/clicktopay/service.ts';
export type { ClickToPayCheckoutPayload } from './components/clicktopay/shopper-cards.ts';
export type { DonationSettings, DonationType } from './components/donation/amounts.ts';
export type { Donation, DonationCampaignProps, DonationOptions } from './components/donation/index.ts';
export {
  Dropin,
  type DropinOptions,
  type LazyPaymentMethodComponent,
  type PaymentMethodComponent,
} from './components/dropin/index.ts';
export type { PaymentAddress, WalletAddress as GooglePayAddress } from './components/googlepay/address.ts';
export { GooglePay, type GooglePayOptions } from './components/googlepay/index.ts';
export type { WalletPaymentData, WalletPaymentDataError } from './components/googlepay/wallet-api.ts';
export type { AddressField, BillingAddressMode } from './components/internal/address/address-rules.ts';
export type { FieldPolicy, FieldType } from './components/internal/secured-fields/controller.ts';
export { PAYPAL_ERRORS, PayPal, type PayPalOptions } from './components/paypal/index.ts';
export type { ButtonStyle as PayPalButtonStyle, PayPalIntent } from './components/paypal/settings.ts';
export { Redirect } from './components/redirect/index.ts';
export type { RedirectOptions } from './components/redirect/redirect.tsx';
export { ThreeDS2Challenge, ThreeDS2DeviceFingerprint } from './components/threeds2/index.ts';
export type { ThreeDS2Options } from './components/threeds2/threeds2-elements.tsx';
export { type Amount, formatAmount, minorUnitDivider } from './core/amount.ts';
export type { AnalyticsOptions } from './core/analytics.ts';
export type {
  AddressLookupResult,
  CallbackActions,
  CheckoutCallbacks,
  DonationCallbacks,
  DonationState,
  ElementHandle,
  ElementStatus,
} from './core/callbacks.ts';
export type { ActionElement, ActionHandler, Checkout, CheckoutOptions } from './core/checkout.ts';
export { CheckoutError, type CheckoutErrorType, IMPLEMENTATION_ERRORS } from './core/errors.ts';
export type { TranslationKey, Translations } from './core/i18n/en-US.ts';
export type { MethodTranslations } from './core/i18n/i18n.ts';
export { SHIPPED_LOCALES } from './core/i18n/locales.ts';
export type { RiskOptions } from './core/risk.ts';
export { type SandboxSdkName, sandboxSdkUrls } from './core/sdk-urls.ts';
export type { SessionReference } from './core/session.ts';
export type { CheckoutTheme, FieldStyle, SecuredFieldStyles } from './core/theme.ts';
export type {
  AdditionalDetailsData,
  BalanceCheckResponse,
  ComponentData,
  ElementState,
  InstallmentOptions,
  Order,
  PaymentAction,
  PaymentData,
  PaymentMethod,
  PaymentMethodsResponse,
  PaymentResponse,
  ResultCode,
  StoredPaymentMethod,
} from './core/types.ts';

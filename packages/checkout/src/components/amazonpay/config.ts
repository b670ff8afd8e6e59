import { type Amount, minorUnitDivider } from '../../core/amount.ts';

/** Amazon Pay's regions and their ledger currencies (spec §9). */
export const LEDGER_CURRENCIES = { EU: 'EUR', UK: 'GBP', US: 'USD' } as const;
export type AmazonPayRegion = keyof typeof LEDGER_CURRENCIES;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[AmazonPayRegion];

/** The region-specific script hosts; the sdkUrl name `amazonpay` overrides both. */
export const AMAZONPAY_SCRIPT_EU = 'https://static-eu.payments-amazon.com/checkout.js';
export const AMAZONPAY_SCRIPT_US = 'https://static-na.payments-amazon.com/checkout.js';

export const SUPPORTED_LOCALES_EU = ['en_GB', 'de_DE', 'fr_FR', 'it_IT', 'es_ES'] as const;
export const SUPPORTED_LOCALES_US = ['en_US'] as const;
export type CheckoutLanguage = (typeof SUPPORTED_LOCALES_EU)[number] | (typeof SUPPORTED_LOCALES_US)[number];

export const UTILITY_PATHS = {
  signString: 'v1/AmazonPayUtility/signString',
  getCheckoutDetails: 'v1/AmazonPayUtility/getCheckoutDetails',
  updateCheckoutSession: 'v1/AmazonPayUtility/updateCheckoutSession',
} as const;

/** The §8 texts, logged and handed to onError. */
export const AMAZONPAY_ERRORS = {
  noSignature: 'Could not get AmazonPay signature',
  noUrl: 'Could not get the AmazonPay URL',
} as const;

/** The Amazon Pay button's colour. */
export type ButtonColor = 'Gold' | 'LightGray' | 'DarkGray';
/** Where the button sits in the shop (Amazon Pay's `placement`). */
export type Placement = 'Home' | 'Product' | 'Cart' | 'Checkout' | 'Other';
/** `PayAndShip` asks Amazon for a delivery address; `PayOnly` does not. */
export type ProductType = 'PayOnly' | 'PayAndShip';
/** One payment, or a permission for recurring charges. */
export type ChargePermissionType = 'OneTime' | 'Recurring';

/** What `/paymentMethods` gives for the method: the merchant's Amazon Pay account. */
export interface AmazonPayConfiguration {
  merchantId?: string;
  publicKeyId?: string;
  region?: AmazonPayRegion;
  storeId?: string;
}

/** How often a recurring charge permission is charged, and how much. */
export interface RecurringMetadata {
  frequency: { unit: string; value: string };
  amount: { amount: string; currencyCode: string };
}

/** The inputs of the checkout-session payload (spec §3). */
export interface PayloadInputs {
  configuration: AmazonPayConfiguration;
  checkoutMode?: 'ProcessOrder' | undefined;
  returnUrl: string;
  cancelUrl?: string | undefined;
  chargePermissionType?: ChargePermissionType | undefined;
  recurringMetadata?: RecurringMetadata | undefined;
  merchantMetadata?: Record<string, unknown> | undefined;
  deliverySpecifications?: Record<string, unknown> | undefined;
  addressDetails?: Record<string, unknown> | undefined;
}

export const scriptUrlFor = (region: AmazonPayRegion | undefined) =>
  region === 'US' ? AMAZONPAY_SCRIPT_US : AMAZONPAY_SCRIPT_EU;

/** The widget locale (`de-DE`, `en_US`) as a language the region's Amazon pages speak, else its fallback. */
export function checkoutLanguage(locale: string, region: AmazonPayRegion | undefined): CheckoutLanguage {
  const candidate = locale.replace('-', '_');
  const supported: readonly string[] = region === 'US' ? SUPPORTED_LOCALES_US : SUPPORTED_LOCALES_EU;
  if (supported.includes(candidate)) return candidate as CheckoutLanguage;
  return region === 'US' ? 'en_US' : 'en_GB';
}

/** Amazon's decimal amount: `{ amount: '10.5', currencyCode: 'EUR' }` for 1050 EUR minor units. */
export function chargeAmount(amount: Amount) {
  return { amount: String(amount.value / minorUnitDivider(amount.currency)), currencyCode: amount.currency };
}

/**
 * The checkout-session payload the gateway signs and the SDK starts from. ProcessOrder (drop-in)
 * charges at Amazon and returns to the result URL; otherwise the buyer comes back to review.
 */
export function checkoutPayload(inputs: PayloadInputs, amount: Amount | undefined) {
  const payNow = inputs.checkoutMode === 'ProcessOrder';
  const charge = payNow && amount ? chargeAmount(amount) : undefined;
  return {
    storeId: inputs.configuration.storeId,
    ...(inputs.chargePermissionType ? { chargePermissionType: inputs.chargePermissionType } : {}),
    webCheckoutDetails: {
      ...(payNow
        ? { checkoutResultReturnUrl: inputs.returnUrl }
        : { checkoutReviewReturnUrl: inputs.returnUrl }),
      ...(inputs.cancelUrl ? { checkoutCancelUrl: inputs.cancelUrl } : {}),
      ...(payNow ? { checkoutMode: 'ProcessOrder' } : {}),
    },
    ...(charge
      ? {
          paymentDetails: {
            chargeAmount: charge,
            paymentIntent: 'Confirm',
            presentmentCurrency: charge.currencyCode,
            totalOrderAmount: charge,
          },
        }
      : {}),
    ...(inputs.recurringMetadata ? { recurringMetadata: inputs.recurringMetadata } : {}),
    ...(inputs.merchantMetadata ? { merchantMetadata: inputs.merchantMetadata } : {}),
    ...(inputs.deliverySpecifications ? { deliverySpecifications: inputs.deliverySpecifications } : {}),
    ...(inputs.addressDetails ? { addressDetails: inputs.addressDetails } : {}),
  };
}

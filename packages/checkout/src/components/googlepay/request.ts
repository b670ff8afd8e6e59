import { type Amount, minorUnitDivider } from '../../core/amount.ts';

/** The wallet API's version this component speaks (spec §9). */
export const API_VERSION = 2;
export const API_VERSION_MINOR = 0;
/** The gateway name in the tokenization specification. */
export const TOKENIZATION_GATEWAY = 'adyen';
export const DEFAULT_SDK_URL = 'https://pay.google.com/gp/p/js/pay.js';
export const DEFAULT_AUTH_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const;
export const DEFAULT_CARD_NETWORKS = ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'] as const;
/** How long isAvailable() waits for the wallet's answer (spec §9, availability check time-out). */
export const AVAILABILITY_TIMEOUT_MS = 5000;

/** The 31 languages the wallet's button is drawn in (spec §5); others: the wallet's own default. */
const BUTTON_LANGUAGES = new Set(
  'en ar bg ca cs da de el es et fi fr hr id it ja ko ms nl no pl pt ru sk sl sr sv th tr uk zh'.split(' '),
);

/** The button's two-letter locale for a widget locale, or undefined when the wallet has none. */
export function buttonLocale(locale: string | undefined): string | undefined {
  const language = (locale ?? '').slice(0, 2).toLowerCase();
  return BUTTON_LANGUAGES.has(language) ? language : undefined;
}

/** PRODUCTION for a production or live environment name, else TEST (spec §9). */
export function walletEnvironment(name: string | undefined): 'TEST' | 'PRODUCTION' {
  const lower = (name ?? '').toLowerCase();
  return lower === 'production' || lower.includes('live') ? 'PRODUCTION' : 'TEST';
}

/** The gateway's brand names → the wallet's card networks. */
const NETWORK_OF_BRAND: Record<string, string> = {
  amex: 'AMEX',
  discover: 'DISCOVER',
  interac: 'INTERAC',
  jcb: 'JCB',
  mc: 'MASTERCARD',
  visa: 'VISA',
  elo: 'ELO',
  elodebit: 'ELO',
};

/** The merchant's networks, else those of the entry's brands, else the defaults. */
export function cardNetworks(allowed: string[] | undefined, brands: string[] | undefined): string[] {
  if (allowed?.length) return allowed;
  const mapped = [...new Set((brands ?? []).map((brand) => NETWORK_OF_BRAND[brand]).filter(Boolean))];
  return mapped.length ? (mapped as string[]) : [...DEFAULT_CARD_NETWORKS];
}

/** The decimal price string the wallet shows (minor units → "10.00"). */
export function decimalPrice(amount: Amount): string {
  const divider = minorUnitDivider(amount.currency);
  const decimals = Math.round(Math.log10(divider));
  return (amount.value / divider).toFixed(decimals);
}

export interface RequestSettings {
  merchantId: string;
  gatewayMerchantId: string;
  merchantName?: string | undefined;
  merchantOrigin?: string | undefined;
  authJwt?: string | undefined;
  amount: Amount;
  countryCode: string | undefined;
  totalPriceStatus: 'NOT_CURRENTLY_KNOWN' | 'ESTIMATED' | 'FINAL';
  totalPriceLabel?: string | undefined;
  transactionInfo?: Record<string, unknown> | undefined;
  allowedAuthMethods: string[];
  allowedCardNetworks: string[];
  allowCreditCards: boolean;
  allowPrepaidCards: boolean;
  assuranceDetailsRequired: boolean;
  billingAddressRequired: boolean;
  billingAddressParameters?: Record<string, unknown> | undefined;
  emailRequired: boolean;
  shippingAddressRequired: boolean;
  shippingAddressParameters?: Record<string, unknown> | undefined;
  shippingOptionRequired: boolean;
  shippingOptionParameters?: Record<string, unknown> | undefined;
  callbackIntents: string[];
  existingPaymentMethodRequired: boolean;
}

const cardParameters = (settings: RequestSettings) => ({
  allowedAuthMethods: settings.allowedAuthMethods,
  allowedCardNetworks: settings.allowedCardNetworks,
});

/** The availability question (isReadyToPay): the card methods the page accepts. */
export function readyToPayRequest(settings: RequestSettings) {
  return {
    apiVersion: API_VERSION,
    apiVersionMinor: API_VERSION_MINOR,
    allowedPaymentMethods: [{ type: 'CARD', parameters: cardParameters(settings) }],
    existingPaymentMethodRequired: settings.existingPaymentMethodRequired,
  };
}

/** The sheet's request (loadPaymentData): merchant, total, card methods, what to collect, callbacks. */
export function paymentDataRequest(settings: RequestSettings) {
  // PAYMENT_AUTHORIZATION is always asked for: the payment is made while the sheet is open.
  const callbackIntents = [...new Set([...settings.callbackIntents, 'PAYMENT_AUTHORIZATION'])];
  return {
    apiVersion: API_VERSION,
    apiVersionMinor: API_VERSION_MINOR,
    merchantInfo: {
      merchantId: settings.merchantId,
      ...(settings.merchantName ? { merchantName: settings.merchantName } : {}),
      ...(settings.merchantOrigin ? { merchantOrigin: settings.merchantOrigin } : {}),
      ...(settings.authJwt ? { authJwt: settings.authJwt } : {}),
    },
    transactionInfo: {
      ...(settings.countryCode ? { countryCode: settings.countryCode } : {}),
      currencyCode: settings.amount.currency,
      totalPrice: decimalPrice(settings.amount),
      totalPriceStatus: settings.totalPriceStatus,
      ...(settings.totalPriceLabel ? { totalPriceLabel: settings.totalPriceLabel } : {}),
      ...settings.transactionInfo,
    },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          ...cardParameters(settings),
          allowCreditCards: settings.allowCreditCards,
          allowPrepaidCards: settings.allowPrepaidCards,
          assuranceDetailsRequired: settings.assuranceDetailsRequired,
          billingAddressRequired: settings.billingAddressRequired,
          ...(settings.billingAddressParameters
            ? { billingAddressParameters: settings.billingAddressParameters }
            : {}),
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: TOKENIZATION_GATEWAY, gatewayMerchantId: settings.gatewayMerchantId },
        },
      },
    ],
    emailRequired: settings.emailRequired,
    shippingAddressRequired: settings.shippingAddressRequired,
    ...(settings.shippingAddressParameters
      ? { shippingAddressParameters: settings.shippingAddressParameters }
      : {}),
    shippingOptionRequired: settings.shippingOptionRequired,
    ...(settings.shippingOptionParameters
      ? { shippingOptionParameters: settings.shippingOptionParameters }
      : {}),
    callbackIntents,
  };
}

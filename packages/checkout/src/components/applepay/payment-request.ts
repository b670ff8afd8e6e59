import { type Amount, minorUnitDivider } from '../../core/amount.ts';
import type {
  ApplePayContactField,
  ApplePayLineItem,
  ApplePayPaymentContact,
  ApplePayPaymentRequest,
  ApplePaySessionClass,
  ApplePayShippingMethod,
} from './apple-pay-js.ts';

/** The newest Apple Pay JS version the component speaks; older devices get the highest they support. */
export const LATEST_APPLE_PAY_VERSION = 14;

/** Highest version the device supports, from 14 down; undefined when none (or the SDK throws). */
export function resolveSupportedVersion(
  session: Pick<ApplePaySessionClass, 'supportsVersion'>,
  latest = LATEST_APPLE_PAY_VERSION,
): number | undefined {
  try {
    for (let version = latest; version > 0; version--) if (session.supportsVersion(version)) return version;
  } catch (error) {
    console.warn(error);
  }
  return undefined;
}

const BRAND_TO_NETWORK: Record<string, string> = {
  mc: 'masterCard',
  amex: 'amex',
  visa: 'visa',
  elodebit: 'elo',
  elo: 'elo',
  interac: 'interac',
  discover: 'discover',
  jcb: 'jcb',
  electron: 'electron',
  maestro: 'maestro',
  girocard: 'girocard',
  cartebancaire: 'cartesBancaires',
  eftpos_australia: 'eftpos',
};

/** The gateway's card brands as Apple's network names, once each; unknown brands are left out. */
export function brandsToNetworks(brands: readonly string[]): string[] {
  const networks: string[] = [];
  for (const brand of brands) {
    const network = BRAND_TO_NETWORK[brand];
    if (network && !networks.includes(network)) networks.push(network);
  }
  return networks;
}

/** Minor units as Apple's decimal string ("10.00"). */
export function decimalAmount(amount: Amount): string {
  const divider = minorUnitDivider(amount.currency);
  const digits = Math.round(Math.log10(divider));
  return (amount.value / divider).toFixed(digits);
}

export interface PaymentRequestInput {
  amount: Amount;
  countryCode: string | undefined;
  totalPriceLabel: string | undefined;
  totalPriceStatus: 'final' | 'pending';
  merchantCapabilities: string[];
  supportedNetworks: string[];
  lineItems?: ApplePayLineItem[] | undefined;
  shippingMethods?: ApplePayShippingMethod[] | undefined;
  shippingType?: string | undefined;
  shippingContactEditingMode?: string | undefined;
  supportedCountries?: string[] | undefined;
  requiredBillingContactFields?: ApplePayContactField[] | undefined;
  requiredShippingContactFields?: ApplePayContactField[] | undefined;
  billingContact?: ApplePayPaymentContact | undefined;
  shippingContact?: ApplePayPaymentContact | undefined;
  applicationData?: string | undefined;
}

/** The `ApplePayPaymentRequest` of a session; members the merchant did not set are left out. */
export function buildPaymentRequest(input: PaymentRequestInput): ApplePayPaymentRequest {
  if (!input.countryCode)
    console.warn('Apple Pay: set countryCode in the checkout configuration or the session.');
  const optional = {
    lineItems: input.lineItems,
    shippingMethods: input.shippingMethods,
    shippingType: input.shippingType,
    shippingContactEditingMode: input.shippingContactEditingMode,
    supportedCountries: input.supportedCountries,
    requiredBillingContactFields: input.requiredBillingContactFields,
    requiredShippingContactFields: input.requiredShippingContactFields,
    billingContact: input.billingContact,
    shippingContact: input.shippingContact,
    applicationData: input.applicationData,
  };
  return {
    countryCode: input.countryCode ?? '',
    currencyCode: input.amount.currency,
    total: {
      label: input.totalPriceLabel ?? '',
      amount: decimalAmount(input.amount),
      type: input.totalPriceStatus,
    },
    merchantCapabilities: input.merchantCapabilities,
    supportedNetworks: input.supportedNetworks,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}

/** An address as the gateway takes it, mapped from a wallet's contact. */
export interface WalletAddress {
  city: string | undefined;
  country: string | undefined;
  houseNumberOrName: string;
  postalCode: string | undefined;
  street: string | undefined;
  stateOrProvince?: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * A wallet contact as the payments call's address. The house number stays in `street`;
 * `houseNumberOrName` is the fixed placeholder 'ZZ', which address verification ignores.
 */
export function contactToAddress(
  contact: ApplePayPaymentContact | undefined,
  isDeliveryAddress = false,
): WalletAddress | undefined {
  if (!contact) return undefined;
  return {
    city: contact.locality,
    country: contact.countryCode,
    houseNumberOrName: 'ZZ',
    postalCode: contact.postalCode,
    street: contact.addressLines?.join(' ').trim(),
    ...(contact.administrativeArea ? { stateOrProvince: contact.administrativeArea } : {}),
    ...(isDeliveryAddress ? { firstName: contact.givenName, lastName: contact.familyName } : {}),
  };
}

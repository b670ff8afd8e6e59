import type { SecuredFieldStyles } from '../../core/theme.ts';
import type { InstallmentOptions } from '../../core/types.ts';
import type { ElementOptions } from '../base/payment-element.tsx';
import type { ClickToPayConfiguration, ClickToPaySchemeIds } from '../clicktopay/create-service.ts';
import type { AddressData, AddressField, BillingAddressMode } from '../internal/address/address-rules.ts';
import type { FieldPolicy, FieldType } from '../internal/secured-fields/controller.ts';
import type { BinLookupResponse } from './bin-lookup.ts';

export interface CardOptions extends ElementOptions {
  /** Accepted brands; default mc, visa, amex (or the brands of the scheme payment method). */
  brands?: string[];
  hasHolderName?: boolean;
  holderNameRequired?: boolean;
  hideCVC?: boolean;
  billingAddressRequired?: boolean;
  billingAddressMode?: BillingAddressMode;
  billingAddressRequiredFields?: AddressField[];
  billingAddressAllowedCountries?: string[];
  /** Prefilled values. */
  data?: { holderName?: string; billingAddress?: AddressData };
  enableStoreDetails?: boolean;
  installmentOptions?: InstallmentOptions;
  showInstallmentAmounts?: boolean;
  /** 'auto' shows the Brazilian CPF/CNPJ field when the card lookup asks for it. */
  socialSecurityNumberMode?: 'auto' | 'show' | 'hide';
  /** Shows the Korean tax-number field for Korean cards. */
  /**
   * From the card's /paymentMethods entry: Korean authentication and the Click to Pay scheme ids
   * (visaSrciDpaId, visaSrcInitiatorId, mcDpaId, mcSrcClientId), which turn the Click to Pay panel on.
   */
  configuration?: { koreanAuthenticationRequired?: boolean } & ClickToPaySchemeIds;
  /** Click to Pay: shopperEmail (default: the session's), locale, merchantDisplayName, disableOtpAutoFocus, onTimeout. */
  clickToPayConfiguration?: ClickToPayConfiguration;
  countryCode?: string;
  /**
   * The inputs inside the secured frames per state: `base`, `error` (while invalid), `validated`,
   * `placeholder`; over the checkout's `theme` and `styles`. Only allowlisted properties apply.
   */
  styles?: SecuredFieldStyles;
  autoFocus?: boolean;
  disableBinLookup?: boolean;
  showBrandIcon?: boolean;
  showBrandsUnderCardNumber?: boolean;
  fundingSource?: 'credit' | 'debit';
  /** 3DS2 challenge window size '01'…'05'. */
  challengeWindowSize?: string;
  /** Stored card: from storedPaymentMethods. */
  storedPaymentMethodId?: string;
  id?: string;
  brand?: string;
  lastFour?: string;
  expiryMonth?: string;
  expiryYear?: string;
  holderName?: string;
  supportedShopperInteractions?: string[];
  /** Stored card: ask for the expiry date as well. */
  storedCardRequiresExpiry?: boolean;
  txVariant?: string;
  /** The gateway's BIN lookup answered for the first digits (brands, issuer facts). */
  onBinLookup?(result: BinLookupResponse): void;
  /** The number's brand changed, with the security-code and expiry policies it brings. */
  onBrand?(event: { brand: string | null; cvcPolicy: FieldPolicy; expiryDatePolicy: FieldPolicy }): void;
  /** A secured field became valid (with the number's last four digits) or stopped being valid. */
  onFieldValid?(event: { fieldType: FieldType; valid: boolean; endDigits?: string }): void;
  /** Every secured-field frame is configured. */
  onConfigSuccess?(): void;
  /** A field gained the focus. */
  onFocus?(event: { fieldType: string }): void;
  /** A field lost the focus. */
  onBlur?(event: { fieldType: string }): void;
}

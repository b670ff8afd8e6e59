import type { ElementOptions } from '../../base/payment-element.tsx';
import type { AddressData } from '../address/address-rules.ts';
import type { BankAccount, CompanyDetails, PersonalDetails, PersonalField } from './validate.ts';

export type SectionVisibility = 'editable' | 'readOnly' | 'hidden';
export type SectionName =
  | 'companyDetails'
  | 'personalDetails'
  | 'billingAddress'
  | 'deliveryAddress'
  | 'bankAccount';
export type Visibility = Record<SectionName, SectionVisibility>;

export interface OpenInvoiceData {
  companyDetails?: CompanyDetails;
  personalDetails?: PersonalDetails;
  billingAddress?: AddressData;
  deliveryAddress?: AddressData;
  bankAccount?: BankAccount;
}

export interface OpenInvoiceOptions extends ElementOptions {
  /** The payment-method type (from the /paymentMethods entry); defaults to the element's type. */
  type?: string;
  name?: string;
  /** Prefills the form; a hidden or readOnly section sends these values as they are. */
  data?: OpenInvoiceData;
  /** Per section: editable, readOnly or hidden (defaults per method). */
  visibility?: Partial<Visibility>;
  /** The shopper's country (consent links, the address's first country); default the checkout's. */
  countryCode?: string;
}

/** What a method folder decides about the shared form; what it leaves out takes the usual default. */
export interface OpenInvoiceDefaults {
  /** The sections that differ from DEFAULT_VISIBILITY. */
  visibility?: Partial<Visibility>;
  /** The personal fields asked (default: all of them). */
  personalFields?: readonly PersonalField[];
  billingCountries?: readonly string[];
  deliveryCountries?: readonly string[];
  /** A consent checkbox with the provider's terms, linked per country and language. */
  consent?: { provider: string; url(country: string, language: string): string | undefined };
  /** The method's own line above the form (a key of its translations). */
  introKey?: string;
  introValues?: Record<string, string>;
}

/** Most methods ask the shopper's details and addresses, and no company or bank account. */
export const DEFAULT_VISIBILITY: Visibility = {
  companyDetails: 'hidden',
  personalDetails: 'editable',
  billingAddress: 'editable',
  deliveryAddress: 'editable',
  bankAccount: 'hidden',
};

export const ALL_PERSONAL_FIELDS: readonly PersonalField[] = [
  'firstName',
  'lastName',
  'gender',
  'dateOfBirth',
  'shopperEmail',
  'telephoneNumber',
];

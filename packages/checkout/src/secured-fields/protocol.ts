/**
 * The postMessage protocol between a secured-field frame (gateway origin) and the widget (merchant
 * page). Every message is a JSON string; every message carries the field's random `numKey`.
 * See README.md in this folder.
 */
import type { SanitizedFieldStyles } from './frame-styles.ts';

/** The secured fields, by the request field their blob goes into. */
export type FieldType =
  | 'encryptedCardNumber'
  | 'encryptedExpiryDate'
  | 'encryptedExpiryMonth'
  | 'encryptedExpiryYear'
  | 'encryptedSecurityCode'
  | 'encryptedBankAccountNumber'
  | 'encryptedBankLocationId';

export const FIELD_TYPES: readonly FieldType[] = [
  'encryptedCardNumber',
  'encryptedExpiryDate',
  'encryptedExpiryMonth',
  'encryptedExpiryYear',
  'encryptedSecurityCode',
  'encryptedBankAccountNumber',
  'encryptedBankLocationId',
];

/** Whether a field must be filled in, may be, or is not shown (security code, expiry date). */
export type FieldPolicy = 'required' | 'optional' | 'hidden';

/** Parent → frame. */
export type ParentMessage =
  | {
      action: 'config';
      numKey: string;
      fieldType: FieldType;
      txVariant?: string;
      /** Brands the merchant accepts; other brands give `cc.num.903`. */
      supportedBrands?: string[];
      cvcPolicy?: FieldPolicy;
      expiryDatePolicy?: FieldPolicy;
      placeholder?: string;
      ariaLabel?: string;
      /**
       * The input's look per state, e.g. `{ base: { "font-size": "16px" }, error: { color: "#b3261e" } }`
       * (frame-styles.ts: only allowlisted properties and values are applied).
       */
      styles?: SanitizedFieldStyles;
    }
  | { action: 'focus'; numKey: string; focus: boolean }
  | {
      action: 'brand';
      numKey: string;
      brand: string;
      cvcPolicy?: FieldPolicy;
      expiryDatePolicy?: FieldPolicy;
    }
  | { action: 'validate'; numKey: string }
  | { action: 'destroy'; numKey: string };

export interface EncryptedBlob {
  /** The request field the blob goes into, e.g. `encryptedExpiryMonth`. */
  type:
    | 'encryptedCardNumber'
    | 'encryptedExpiryMonth'
    | 'encryptedExpiryYear'
    | 'encryptedSecurityCode'
    | 'encryptedBankAccountNumber'
    | 'encryptedBankLocationId';
  blob: string;
}

/** Frame → parent. */
export type FrameMessage =
  | { action: 'config'; numKey: string; fieldType: FieldType }
  | { action: 'focus'; numKey: string; fieldType: FieldType; focus: boolean }
  | { action: 'touch'; numKey: string; fieldType: FieldType }
  | { action: 'shifttab'; numKey: string; fieldType: FieldType }
  | { action: 'enterKeyPressed'; numKey: string; fieldType: FieldType }
  | { action: 'autoComplete'; numKey: string; fieldType: FieldType; name: 'cc-name'; value: string }
  | {
      action: 'binValue';
      numKey: string;
      fieldType: 'encryptedCardNumber';
      /** JWE of `{bin}`: for `v3/bin/binLookup`; the digits themselves never leave the frame. */
      encryptedBin: string;
      uuid: string;
    }
  | {
      action: 'brand';
      numKey: string;
      fieldType: 'encryptedCardNumber';
      brand: string | null;
      cvcPolicy: FieldPolicy;
      expiryDatePolicy: FieldPolicy;
      cvcLength: number;
    }
  | {
      action: 'encryption';
      numKey: string;
      fieldType: FieldType;
      encrypted: EncryptedBlob[];
      /** Card number only: its brand and last four digits. */
      brand?: string;
      endDigits?: string;
    }
  | {
      action: 'validation';
      numKey: string;
      fieldType: FieldType;
      /** A code listed in the README (e.g. `cc.num.902`), or `''` while the input is incomplete but fine. */
      error: string;
      /** True when a value encrypted earlier is no longer valid: the parent must drop its blob. */
      revoked: boolean;
    };

/** The frame's page configuration, injected by the gateway as JSON. */
export interface FramePageConfig {
  publicKey: JsonWebKey;
  parentOrigin: string;
  brands: BrandRule[];
}

export interface BrandRule {
  brand: string;
  prefixes: (string | [string, string])[];
  lengths: number[];
  cvcLength: number;
  cvcPolicy: FieldPolicy;
  expiryDatePolicy: FieldPolicy;
  luhn: boolean;
}

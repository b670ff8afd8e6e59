import { z } from 'zod';
import type { FraudResult } from './schema.ts';

/** Money in minor units (docs/domain.md, money, errors, idempotency). */
export const amountSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code'),
  value: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type Amount = z.infer<typeof amountSchema>;

/** A partial-payment order as the client passes it back: `orderData` changes with every payment. */
export const orderReferenceSchema = z.object({
  pspReference: z.string().min(1).max(64),
  orderData: z.string().min(1).max(16_384),
});
export type OrderReference = z.infer<typeof orderReferenceSchema>;

/** Card fields the frames encrypt; unknown fields of other method families pass through. */
export const paymentMethodSchema = z.looseObject({
  type: z.string().min(1).max(64).default('scheme'),
  brand: z.string().max(64).optional(),
  holderName: z.string().max(128).optional(),
  encryptedCardNumber: z.string().max(8192).optional(),
  encryptedExpiryMonth: z.string().max(8192).optional(),
  encryptedExpiryYear: z.string().max(8192).optional(),
  encryptedSecurityCode: z.string().max(8192).optional(),
  storedPaymentMethodId: z.string().max(64).optional(),
  recurringDetailReference: z.string().max(64).optional(),
  checkoutAttemptId: z.string().max(256).optional(),
});

export const browserInfoSchema = z.looseObject({
  acceptHeader: z.string().optional(),
  colorDepth: z.number().optional(),
  javaEnabled: z.boolean().optional(),
  language: z.string().optional(),
  screenHeight: z.number().optional(),
  screenWidth: z.number().optional(),
  timeZoneOffset: z.number().optional(),
  userAgent: z.string().optional(),
});

export const authenticationDataSchema = z.looseObject({
  attemptAuthentication: z.enum(['always', 'never']).optional(),
  authenticationOnly: z.boolean().optional(),
  threeDSRequestData: z
    .looseObject({
      nativeThreeDS: z.enum(['preferred', 'disabled']).optional(),
      threeDSVersion: z.string().optional(),
      challengeWindowSize: z.enum(['01', '02', '03', '04', '05']).optional(),
    })
    .optional(),
});

/** The parts of a payment a session fixes and the browser's state data cannot override. */
export const paymentCoreSchema = z.looseObject({
  paymentMethod: paymentMethodSchema,
  browserInfo: browserInfoSchema.optional(),
  origin: z.string().max(512).optional(),
  channel: z.enum(['iOS', 'Android', 'Web']).optional(),
  storePaymentMethod: z.boolean().optional(),
  authenticationData: authenticationDataSchema.optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
  riskData: z.unknown().optional(),
  billingAddress: z.unknown().optional(),
  clientStateDataIndicator: z.boolean().optional(),
});

/** `POST /payments` (docs/domain.md, sessions and payments). */
export const paymentRequestSchema = paymentCoreSchema.extend({
  amount: amountSchema,
  merchantAccount: z.string().min(1),
  reference: z.string().min(1).max(256),
  returnUrl: z.string().min(1).max(1024).optional(),
  shopperReference: z.string().min(1).max(256).optional(),
  shopperInteraction: z.enum(['Ecommerce', 'ContAuth', 'Moto', 'POS']).optional(),
  recurringProcessingModel: z.enum(['CardOnFile', 'Subscription', 'UnscheduledCardOnFile']).optional(),
  captureDelayHours: z.number().int().min(0).max(168).optional(),
  countryCode: z.string().length(2).optional(),
  shopperLocale: z.string().max(16).optional(),
  shopperEmail: z.string().max(320).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** The partial-payment order this payment belongs to (from `POST /orders`). */
  order: orderReferenceSchema.optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** `POST /payments/details` (docs/domain.md, sessions and payments). */
export const paymentDetailsRequestSchema = z.looseObject({
  details: z.record(z.string(), z.string().max(16_384)),
  paymentData: z.string().max(16_384).optional(),
  authenticationData: z.unknown().optional(),
});
export type PaymentDetailsRequest = z.infer<typeof paymentDetailsRequestSchema>;

/** An action object (docs/domain.md, sessions and payments): what the widget does next. */
export type PaymentAction =
  | {
      type: 'threeDS2';
      subtype: 'fingerprint' | 'challenge';
      paymentMethodType: string;
      token: string;
      paymentData: string;
      authorisationToken: string;
    }
  | {
      type: 'redirect';
      method: 'GET' | 'POST';
      url: string;
      data?: Record<string, string>;
      paymentMethodType: string;
    }
  | { type: 'bankTransfer' | 'voucher'; paymentMethodType: string; [key: string]: unknown }
  | {
      type: 'qrCode' | 'await';
      paymentMethodType: string;
      /** What the QR code holds (qrCode only). */
      qrCodeData?: string;
      /** The simulator page where the sandbox's "phone" approves, refuses or lets the payment lapse. */
      url: string;
      /** For `services/PaymentInitiation/v1/status`. */
      paymentData: string;
      expiresAt: string;
    }
  | {
      type: 'sdk';
      paymentMethodType: string;
      /** What the page's SDK opens: a payment-account wallet's order (`token`) or an in-page widget's data. */
      sdkData: Record<string, unknown>;
      /** Goes back with the shopper's approval or the widget's result to `/payments/details`. */
      paymentData: string;
    };

export interface PaymentResponse {
  resultCode: string;
  pspReference?: string;
  merchantReference: string;
  amount?: Amount;
  action?: PaymentAction;
  refusalReason?: string;
  refusalReasonCode?: string;
  paymentMethod?: { type: string; brand?: string };
  additionalData?: Record<string, string>;
  /** The partial-payment order after this payment: new orderData and the remaining amount. */
  order?: PaymentOrderState;
  /** The risk checks that refused the payment (refusalReason FRAUD). */
  fraudResult?: FraudResult;
  /** Lets the merchant ask for a donation with this payment's method (`POST /donations`). */
  donationToken?: string;
}

export interface PaymentOrderState extends OrderReference {
  amount: Amount;
  remainingAmount: Amount;
  expiresAt: string;
  reference: string;
}

import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShopperStep } from './methods/types.ts';

/** The reference's `fraudResult`: the total score and each check that fired. */
export interface FraudResult {
  accountScore: number;
  results: { FraudCheckResult: { accountScore: number; checkId: number; name: string } }[];
}

export type PaymentStatus = 'authenticating' | 'authorised' | 'refused' | 'error' | 'received' | 'cancelled';

/** A payment and its money state, in minor units. No card number or security code is kept. */
export const payments = pgTable(
  'payments',
  {
    pspReference: text('psp_reference').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    sessionId: text('session_id'),
    merchantReference: text('merchant_reference').notNull(),
    currency: text('currency').notNull(),
    amountValue: bigint('amount_value', { mode: 'number' }).notNull(),
    paymentMethodType: text('payment_method_type').notNull(),
    brand: text('brand'),
    lastFour: text('last_four'),
    status: text('status').$type<PaymentStatus>().notNull(),
    resultCode: text('result_code').notNull(),
    refusalReason: text('refusal_reason'),
    refusalReasonCode: text('refusal_reason_code'),
    /** The acquirer's answer decided at request time, applied once authentication succeeds. */
    acquirerResponseCode: integer('acquirer_response_code').notNull(),
    rawResponseCode: text('raw_response_code'),
    rawResponseText: text('raw_response_text'),
    capturedValue: bigint('captured_value', { mode: 'number' }).notNull().default(0),
    refundedValue: bigint('refunded_value', { mode: 'number' }).notNull().default(0),
    /** What a cancel after partial captures released: it can no longer be captured. */
    releasedValue: bigint('released_value', { mode: 'number' }).notNull().default(0),
    captureFails: boolean('capture_fails').notNull().default(false),
    refundFails: boolean('refund_fails').notNull().default(false),
    /** Hours until automatic capture; null for manual capture, 0 for immediate. */
    captureDelayHours: integer('capture_delay_hours'),
    shopperReference: text('shopper_reference'),
    storedPaymentMethodId: text('stored_payment_method_id'),
    /** Card facts sealed for storing once authorised (storePaymentMethod across a 3DS flow). */
    sealedStoreDraft: text('sealed_store_draft'),
    threeDsTransactionId: text('threeds_transaction_id'),
    /** Where a redirect step sends the shopper back (the request's or the session's returnUrl). */
    returnUrl: text('return_url'),
    /** The shopper step the payment waits for (redirect, transfer, voucher); null once it had none. */
    shopperStep: jsonb('shopper_step').$type<ShopperStep>(),
    /** The method family's facts about the payment (mandate, issuer, transfer reference). */
    methodDetails: jsonb('method_details').$type<Record<string, unknown>>(),
    /** The widget's device fingerprint (riskData.clientData); null when none came or it timed out. */
    deviceFingerprint: text('device_fingerprint'),
    /** Keyed hash of the card number (never the number) for the velocity rule; null for other methods. */
    cardHash: text('card_hash'),
    /** The risk checks that refused the payment (the reference's `fraudResult`); null otherwise. */
    fraudResult: jsonb('fraud_result').$type<FraudResult>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_session_idx').on(table.sessionId),
    index('payments_merchant_reference_idx').on(table.merchantAccount, table.merchantReference),
    // The dashboard lists a merchant's payments newest first.
    index('payments_merchant_created_idx').on(table.merchantAccount, table.createdAt),
    // The velocity rule counts a device's cards per merchant within a window.
    index('payments_merchant_device_idx').on(table.merchantAccount, table.deviceFingerprint, table.createdAt),
  ],
);

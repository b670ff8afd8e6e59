/** OrderCloud Payment, PaymentTransaction and SpendingAccount (docs/domain.md, Payments). */
import { z } from 'zod';
import { PaymentType } from '../enums.ts';
import { CurrencyCode, Id, IsoDateTime, NonEmptyString, PspReference } from '../validation.ts';
import { AnyXp, Decimal } from './common.ts';

/** Where to pay by bank transfer. Only presence is checked, not the format. */
export const BankTransferDetails = z.object({
  Iban: NonEmptyString,
  Bic: NonEmptyString,
  Reference: NonEmptyString,
});
export type BankTransferDetails = z.infer<typeof BankTransferDetails>;

/** Our payment extension: the payment provider's reference and, for transfers, the bank details. */
export const PaymentXp = z.looseObject({
  PspReference: PspReference.nullish(),
  BankTransferDetails: BankTransferDetails.nullish(),
});
export type PaymentXp = z.infer<typeof PaymentXp>;

/** One attempt against the payment (authorisation, capture, refund with a negative Amount, …). */
export const PaymentTransaction = z.object({
  ID: Id.optional(),
  /** Free text, e.g. "CreditCard" or "Refund". */
  Type: NonEmptyString,
  DateExecuted: IsoDateTime.nullish(),
  Currency: CurrencyCode.nullish(),
  Amount: Decimal.nullish(),
  Succeeded: z.boolean().optional(),
  ResultCode: z.string().nullish(),
  ResultMessage: z.string().nullish(),
  xp: AnyXp.nullish(),
});
export type PaymentTransaction = z.infer<typeof PaymentTransaction>;

/**
 * A payment of an order. Amount null means "the order total minus the other payments"; every
 * payment must be Accepted before the order can be submitted.
 */
export const Payment = z.object({
  ID: Id.optional(),
  Type: PaymentType,
  CreditCardID: Id.nullish(),
  SpendingAccountID: Id.nullish(),
  Description: z.string().nullish(),
  /** Read-only: the order's currency. */
  Currency: CurrencyCode.nullish(),
  Amount: Decimal.nullish(),
  Accepted: z.boolean().nullish(),
  OrderReturnID: Id.nullish(),
  /** Read-only. */
  DateCreated: IsoDateTime.nullish(),
  /** Read-only. */
  Transactions: z.array(PaymentTransaction).optional(),
  xp: PaymentXp.nullish(),
});
export type Payment = z.infer<typeof Payment>;

export const SpendingAccount = z.object({
  ID: Id.optional(),
  Name: NonEmptyString,
  Balance: Decimal,
  AllowAsPaymentMethod: z.boolean().optional(),
  RedemptionCode: z.string().nullish(),
  StartDate: IsoDateTime.nullish(),
  EndDate: IsoDateTime.nullish(),
  xp: AnyXp.nullish(),
});
export type SpendingAccount = z.infer<typeof SpendingAccount>;

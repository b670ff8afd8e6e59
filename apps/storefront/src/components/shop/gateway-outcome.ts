/*
 * What the storefront makes of the widget's answers (Adyen Checkout result codes): a payment the
 * gateway holds as pending still places the order, with the transfer instructions it was shown.
 */

/** Result codes whose money is still to come; the order is placed with its payment pending. */
const PENDING_RESULT_CODES = new Set(['Received', 'Pending', 'PresentToShopper']);

export const isPendingResult = (resultCode: string | undefined): boolean =>
  resultCode !== undefined && PENDING_RESULT_CODES.has(resultCode);

/** What the shopper is asked to transfer to, as the middleware keeps it on the payment. */
export interface TransferInstructions {
  paymentMethod?: string;
  beneficiary?: string;
  iban?: string;
  bic?: string;
  reference?: string;
}

const LIMITS = { paymentMethod: 64, beneficiary: 140, iban: 34, bic: 11, reference: 64 } as const;

/**
 * The instructions of a presented action (a bank transfer's beneficiary, IBAN, BIC, reference);
 * undefined for any other action. Only short strings are taken over.
 */
export function transferInstructionsOf(action: unknown): TransferInstructions | undefined {
  if (!action || typeof action !== 'object') return undefined;
  const fields = action as Record<string, unknown>;
  if (fields.type !== 'bankTransfer') return undefined;
  const source: Record<keyof typeof LIMITS, unknown> = {
    paymentMethod: fields.paymentMethodType,
    beneficiary: fields.beneficiary,
    iban: fields.iban,
    bic: fields.bic,
    reference: fields.reference,
  };
  const instructions: TransferInstructions = {};
  for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
    const value = source[key];
    if (typeof value === 'string' && value.trim() && value.trim().length <= LIMITS[key]) {
      instructions[key] = value.trim();
    }
  }
  return Object.keys(instructions).length > 0 ? instructions : undefined;
}

/** The payment states the middleware writes (`xp.PaymentStatus`), each with its message key. */
export const PAYMENT_STATES = [
  'Pending',
  'Authorised',
  'Refused',
  'Expired',
  'ChargebackNotified',
  'ChargedBack',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentStateOf = (value: unknown): PaymentState | undefined =>
  PAYMENT_STATES.find((state) => state === value);

/** Instructions read back from a payment's `xp.TransferInstructions` (anything else is dropped). */
export function storedInstructions(value: unknown): TransferInstructions | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const fields = value as Record<string, unknown>;
  return transferInstructionsOf({ ...fields, type: 'bankTransfer', paymentMethodType: fields.paymentMethod });
}

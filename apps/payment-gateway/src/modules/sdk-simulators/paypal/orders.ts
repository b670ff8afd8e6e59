import type { Database } from '@actuate/service-kit';
import { gatewayError } from '../../../shared/errors.ts';
import type { MerchantService } from '../../merchants/service.ts';
import { minorUnitDigits } from '../../payments/currencies.ts';
import { findPaymentByReference, type PaymentRow, updatePayment } from '../../payments/repository.ts';
import type { PaymentService } from '../../payments/service.ts';
import { isOpen } from '../../shopper-steps/actions.ts';
import { pspReferenceOfSdkOrder } from '../../shopper-steps/tokens.ts';
import type { VaultService } from '../../vault/service.ts';

/** The sandbox's PayPal buyer accounts the pop-up offers; `declined`: their funding source refuses. */
export const SANDBOX_BUYERS = {
  standard: {
    payerId: 'SBXBUYER000001',
    email: 'buyer@sandbox.actuate.test',
    name: 'Sandbox Buyer',
    declined: false,
  },
  declined: {
    payerId: 'SBXBUYER000002',
    email: 'declined@sandbox.actuate.test',
    name: 'Declined Buyer',
    declined: true,
  },
} as const;
export type SandboxBuyer = keyof typeof SANDBOX_BUYERS;

/** The express pop-up's shipping options (minor units of the order's currency). */
export const SHIPPING_OPTIONS = [
  { id: 'standard', label: 'Standard shipping', value: 0 },
  { id: 'express', label: 'Express shipping', value: 1000 },
] as const;

/** What the simulated pop-up shows of an order, in the shape of PayPal's Orders API (v2). */
export interface SandboxOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE' | 'TOKENIZE';
  express: boolean;
  purchase_units: { reference_id: string; amount: { currency_code: string; value: string } }[];
  shipping_options?: { id: string; label: string; value: string; selected: boolean }[];
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
}

/**
 * The PayPal simulator's server side: the order behind an `sdk` action (its id is a token the gateway
 * signed naming the payment), the shopper's approval or cancel in the pop-up, and express shipping
 * choices that change the order's amount.
 */
export class SandboxPayPalOrders {
  constructor(
    private readonly deps: {
      db: Database;
      tokenKey: Buffer;
      payments: PaymentService;
      merchants: MerchantService;
      vault: VaultService;
    },
  ) {}

  async describe(orderId: string): Promise<SandboxOrder> {
    return describeOrder(orderId, await this.paymentOf(orderId));
  }

  /** Records who approved the order; `/payments/details` then authorises it for that payer only. */
  async approve(orderId: string, buyer: SandboxBuyer) {
    const payment = await this.openPayment(orderId);
    const account = SANDBOX_BUYERS[buyer];
    const step = sdkStep(payment);
    await updatePayment(this.deps.db, payment.pspReference, {
      shopperStep: { ...step, approval: { payerId: account.payerId, declined: account.declined } },
      // A tokenising payment stores the agreement with the payer who approved it.
      ...(payment.sealedStoreDraft
        ? {
            sealedStoreDraft: this.deps.vault.sealWalletAgreement({
              wallet: 'paypal',
              payerId: account.payerId,
              payerEmail: account.email,
            }),
          }
        : {}),
    });
    return { orderID: orderId, payerID: account.payerId };
  }

  /** The shopper closed the pop-up: the payment ends Cancelled. */
  async cancel(orderId: string) {
    const payment = await this.paymentOf(orderId);
    const merchant = await this.deps.merchants.findMerchant(payment.merchantAccount);
    if (!merchant) throw gatewayError.notFound('No such order.');
    await this.deps.payments.completeShopperStep(merchant, payment.pspReference, 'cancel', new Date());
  }

  /** Express: the shopper picked a shipping option; its price replaces the previous one in the amount. */
  async chooseShipping(orderId: string, optionId: string): Promise<SandboxOrder> {
    const payment = await this.openPayment(orderId);
    const option = SHIPPING_OPTIONS.find((candidate) => candidate.id === optionId);
    if (!option) throw gatewayError.validation(`Unknown shipping option ${optionId}.`);
    const step = sdkStep(payment);
    const amountValue = payment.amountValue - (step.shipping?.value ?? 0) + option.value;
    const shopperStep = { ...step, shipping: { optionId: option.id, value: option.value } };
    await updatePayment(this.deps.db, payment.pspReference, { amountValue, shopperStep });
    return describeOrder(orderId, { ...payment, amountValue, shopperStep });
  }

  private async paymentOf(orderId: string): Promise<PaymentRow> {
    const pspReference = pspReferenceOfSdkOrder(this.deps.tokenKey, orderId);
    const payment = pspReference ? await findPaymentByReference(this.deps.db, pspReference) : undefined;
    if (!payment || payment.shopperStep?.kind !== 'sdk') throw gatewayError.notFound('No such order.');
    return payment;
  }

  private async openPayment(orderId: string): Promise<PaymentRow> {
    const payment = await this.paymentOf(orderId);
    if (!isOpen(payment))
      throw gatewayError.unprocessable(
        '15_002',
        `The order is closed: the payment is ${payment.resultCode}.`,
      );
    return payment;
  }
}

function sdkStep(payment: PaymentRow) {
  const step = payment.shopperStep;
  if (step?.kind !== 'sdk') throw new Error('not a wallet order');
  return step;
}

function describeOrder(orderId: string, payment: PaymentRow): SandboxOrder {
  const step = sdkStep(payment);
  const digits = minorUnitDigits(payment.currency);
  const decimal = (value: number) => (value / 10 ** digits).toFixed(digits);
  const express = payment.methodDetails?.subtype === 'express';
  const buyer = Object.values(SANDBOX_BUYERS).find((account) => account.payerId === step.approval?.payerId);
  const status = isOpen(payment)
    ? step.approval
      ? 'APPROVED'
      : 'CREATED'
    : payment.status === 'authorised'
      ? 'COMPLETED'
      : 'VOIDED';
  return {
    id: orderId,
    status,
    intent: payment.amountValue === 0 ? 'TOKENIZE' : 'CAPTURE',
    express,
    purchase_units: [
      {
        reference_id: payment.merchantReference,
        amount: { currency_code: payment.currency, value: decimal(payment.amountValue) },
      },
    ],
    ...(express
      ? {
          shipping_options: SHIPPING_OPTIONS.map((option) => ({
            id: option.id,
            label: option.label,
            value: decimal(option.value),
            selected: (step.shipping?.optionId ?? 'standard') === option.id,
          })),
        }
      : {}),
    ...(buyer
      ? {
          payer: {
            payer_id: buyer.payerId,
            email_address: buyer.email,
            name: { given_name: buyer.name.split(' ')[0] ?? '', surname: buyer.name.split(' ')[1] ?? '' },
          },
        }
      : {}),
  };
}

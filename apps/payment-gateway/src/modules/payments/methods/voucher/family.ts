import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import {
  type ListQuery,
  type MethodDecision,
  type MethodModifications,
  type PaymentMethodEntry,
  type PaymentMethodFamily,
  SETTLES_AT_ONCE,
} from '../types.ts';
import { VOUCHER_METHODS, type VoucherMethod, voucherMethod, voucherOffered } from './catalogue.ts';
import {
  boletoReference,
  dragonpayReference,
  MULTIBANCO_ENTITY,
  maskTelephoneNumber,
  multibancoReference,
  randomDigits,
} from './references.ts';
import { checkVoucherShopper, type VoucherShopper } from './shopper-fields.ts';
import { newVoucherId, voucherPdfUrl } from './voucher-token.ts';

const DAY_MS = 86_400_000;

/** Paid in cash or by the shopper's own transfer: settled once paid, and nothing to pay back through the method. */
export const VOUCHER_MODIFICATIONS: MethodModifications = {
  ...SETTLES_AT_ONCE,
  refund: false,
  partialRefund: false,
};

/** What the voucher PDF prints besides the action: the barcode's digits and the shopper's details. */
export interface VoucherDetails {
  voucherId: string;
  /** The digits the barcode encodes and its symbology (the barcode endpoint's names); absent: no barcode. */
  barcode?: { data: string; type: 'BT_Int2of5A' | 'BT_Code128C' };
  shopperName?: string;
  issuerName?: string;
}

/** The method-specific fields of the voucher action: its reference and what goes with it. */
function referenceFields(method: VoucherMethod, shopper: VoucherShopper, amount: number, expiresAt: Date) {
  switch (method.kind) {
    case 'boleto': {
      const { line, barcode } = boletoReference(amount, expiresAt);
      return { fields: { reference: line }, barcode: { data: barcode, type: 'BT_Int2of5A' as const } };
    }
    case 'multibanco':
      return { fields: { entity: MULTIBANCO_ENTITY, reference: multibancoReference(amount) } };
    case 'oxxo': {
      const reference = randomDigits(14);
      return {
        fields: { reference, alternativeReference: randomDigits(10) },
        barcode: { data: reference, type: 'BT_Code128C' as const },
      };
    }
    case 'doku': {
      const reference = randomDigits(16);
      return { fields: { reference }, barcode: { data: reference, type: 'BT_Code128C' as const } };
    }
    case 'dragonpay':
      return {
        fields: {
          reference: dragonpayReference(),
          ...(shopper.issuer ? { issuer: shopper.issuer.id } : {}),
        },
      };
    case 'econtext': {
      const reference = randomDigits(13);
      return {
        fields: {
          reference,
          ...(method.type === 'econtext_stores' ? { collectionInstitutionNumber: '58091' } : {}),
          ...(shopper.telephoneNumber
            ? { maskedTelephoneNumber: maskTelephoneNumber(shopper.telephoneNumber) }
            : {}),
        },
        barcode: { data: reference, type: 'BT_Code128C' as const },
      };
    }
  }
}

/** The methods whose shoppers get printed steps on the gateway's instructions page. */
const HAS_INSTRUCTIONS = new Set(['doku', 'oxxo', 'dragonpay', 'econtext']);

/**
 * Vouchers (Boleto, Doku, OXXO, Multibanco, Dragonpay, Econtext): the shopper gets a reference and
 * a PDF to pay at a shop, ATM or bank within days. The payment is `PresentToShopper` until the
 * sandbox's pending page marks it paid (AUTHORISATION) or lets it expire (OFFER_CLOSED).
 */
export class VoucherFamily implements PaymentMethodFamily {
  readonly name = 'voucher';

  constructor(
    private readonly tokenKey: Buffer,
    private readonly publicUrl: string,
  ) {}

  handles(type: string) {
    return voucherMethod(type) !== undefined;
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    return VOUCHER_METHODS.filter((method) =>
      voucherOffered(method, query.countryCode, query.amount?.currency),
    ).map((method) => ({
      type: method.type,
      name: method.name,
      ...(method.issuers ? { issuers: method.issuers.map((issuer) => ({ ...issuer })) } : {}),
    }));
  }

  modifications(): MethodModifications {
    return VOUCHER_MODIFICATIONS;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const type = request.paymentMethod.type;
    const method = voucherMethod(type);
    if (!method) throw gatewayError.unprocessable('905', `Payment method type ${type} is not supported.`);
    const { currency, value } = request.amount;
    if (currency !== method.currency)
      throw gatewayError.unprocessable('905', `${method.name} takes ${method.currency} only.`);
    if (method.maxValue !== undefined && value > method.maxValue)
      throw gatewayError.unprocessable(
        '137',
        `Invalid amount specified: ${method.name} takes at most ${method.maxValue} minor units of ${method.currency}.`,
      );
    if (request.countryCode && request.countryCode.toUpperCase() !== method.country)
      throw gatewayError.unprocessable('905', `${method.name} is offered in ${method.country} only.`);
    const shopper = checkVoucherShopper(method, request as unknown as Record<string, unknown>);
    const expiresAt = new Date(context.now.getTime() + method.validDays * DAY_MS);
    const { fields, barcode } = referenceFields(method, shopper, value, expiresAt);
    const voucherId = newVoucherId();
    const shopperName = [shopper.firstName, shopper.lastName].filter(Boolean).join(' ') || undefined;
    const details: VoucherDetails = {
      voucherId,
      ...(barcode ? { barcode } : {}),
      ...(shopperName ? { shopperName } : {}),
      ...(shopper.issuer ? { issuerName: shopper.issuer.name } : {}),
    };
    return {
      paymentMethodType: type,
      // The sandbox pays out what the shopper paid; the last name can still trigger a refusal.
      acquirer: acquirerOutcome(shopper.lastName, request.additionalData),
      triggers: modificationTriggers(shopper.lastName),
      threeDs: 'none',
      methodDetails: { ...details, reference: fields.reference },
      shopperStep: {
        kind: 'present',
        resultCode: 'PresentToShopper',
        expiresAt: expiresAt.toISOString(),
        action: {
          type: 'voucher',
          paymentMethodType: type,
          ...fields,
          expiresAt: expiresAt.toISOString(),
          initialAmount: { currency, value },
          totalAmount: { currency, value },
          merchantName: context.merchant.account,
          merchantReference: request.reference,
          downloadUrl: voucherPdfUrl(this.publicUrl, this.tokenKey, voucherId),
          ...(HAS_INSTRUCTIONS.has(method.kind)
            ? { instructionsUrl: `${this.publicUrl}/vouchers/instructions/${type}` }
            : {}),
          ...(shopperName && method.kind === 'doku' ? { shopperName } : {}),
          ...(shopper.shopperEmail ? { shopperEmail: shopper.shopperEmail } : {}),
        },
      },
    };
  }
}

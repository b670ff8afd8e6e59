import { type Amount, formatAmount } from '../../../core/amount.ts';
import type { Checkout } from '../../../core/checkout.ts';
import { logoUrl } from '../../../core/environment.ts';
import type { PaymentAction } from '../../../core/types.ts';
import { barcodeUrl, boletoBarcodeDigits } from './barcode.ts';
import type { VoucherDetail, VoucherViewProps } from './voucher-view.tsx';

/** The voucher families whose actions the general voucher knows, by their `paymentMethodType`. */
export type VoucherFamily = 'boleto' | 'doku' | 'oxxo' | 'multibanco' | 'dragonpay' | 'econtext';

const FAMILY_NAMES: Record<VoucherFamily, string> = {
  boleto: 'Boleto Bancário',
  doku: 'DOKU',
  oxxo: 'OXXO',
  multibanco: 'Multibanco',
  dragonpay: 'Dragonpay',
  econtext: 'Econtext',
};

export function voucherFamily(paymentMethodType: string | undefined): VoucherFamily | undefined {
  const type = paymentMethodType ?? '';
  if (type.startsWith('boletobancario') || type === 'primeiropay_boleto') return 'boleto';
  if (type === 'doku' || type.startsWith('doku_')) return 'doku';
  if (type === 'oxxo' || type === 'multibanco') return type;
  if (type === 'dragonpay' || type.startsWith('dragonpay_')) return 'dragonpay';
  if (type === 'econtext' || type.startsWith('econtext_')) return 'econtext';
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

export const amountOf = (value: unknown): Amount | undefined => {
  const amount = value as Partial<Amount> | undefined;
  return typeof amount?.value === 'number' && typeof amount.currency === 'string'
    ? { value: amount.value, currency: amount.currency }
    : undefined;
};

/**
 * An expiry as the shopper reads it in their language: a plain date ("2026-12-01") stays that calendar
 * day; a time of day is shown when the gateway gives one.
 */
export function formatExpiry(value: string, locale: string): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    ...(dateOnly ? {} : { timeStyle: 'short' }),
  }).format(date);
}

/** The reference's barcode: Interleaved 2 of 5 for a boleto's digits, Code 128 for OXXO's. */
function barcodeOf(checkout: Checkout, family: VoucherFamily | undefined, action: PaymentAction) {
  const reference = text(action.reference);
  if (!reference) return undefined;
  if (family === 'boleto') {
    const digits = boletoBarcodeDigits(reference);
    return digits ? barcodeUrl(checkout.loadingContext, 'BT_Int2of5A', digits) : undefined;
  }
  if (family === 'oxxo') {
    const data = text(action.alternativeReference) ?? reference;
    return /^\d+$/.test(data) ? barcodeUrl(checkout.loadingContext, 'BT_Code128C', data) : undefined;
  }
  return undefined;
}

/** Label/value rows of the action's extra fields, in the order a shopper needs them at the till. */
function detailsOf(checkout: Checkout, action: PaymentAction): VoucherDetail[] {
  const { i18n } = checkout;
  const expiresAt = text(action.expiresAt);
  const initialAmount = amountOf(action.initialAmount);
  const rows: [string, string | undefined, boolean][] = [
    ['voucher.entity', text(action.entity), true],
    ['voucher.alternativeReference', text(action.alternativeReference), true],
    ['voucher.collectionInstitutionNumber', text(action.collectionInstitutionNumber), true],
    ['voucher.expiresAt', expiresAt && formatExpiry(expiresAt, i18n.locale), false],
    ['voucher.initialAmount', initialAmount && formatAmount(initialAmount, i18n.locale), false],
    ['voucher.merchantName', text(action.merchantName), false],
    ['voucher.shopperName', text(action.shopperName), false],
    ['voucher.shopperEmail', text(action.shopperEmail), false],
    ['voucher.telephoneNumber', text(action.maskedTelephoneNumber), false],
  ];
  const own = rows.flatMap(([key, value, copy]) =>
    value ? [{ label: i18n.get(key), value, ...(copy ? { copy } : {}) }] : [],
  );
  const given = Array.isArray(action.voucherDetails)
    ? (action.voucherDetails as { label?: unknown; value?: unknown }[]).flatMap((entry) => {
        const label = text(entry.label);
        const value = text(entry.value);
        return label && value ? [{ label, value }] : [];
      })
    : [];
  return [...own, ...given];
}

/** Everything the voucher view shows of a `voucher` action, with the method family's wording. */
export function voucherContent(
  checkout: Checkout,
  action: PaymentAction,
): Omit<VoucherViewProps, 'checkout' | 'children'> {
  const { i18n, loadingContext } = checkout;
  const type = action.paymentMethodType ?? '';
  const family = voucherFamily(type);
  const issuer = text(action.issuer);
  const name = family ? FAMILY_NAMES[family] : type;
  const surcharge = amountOf(action.surcharge);
  const instructionsUrl = text(action.instructionsUrl);
  const downloadUrl = text(action.downloadUrl) ?? text(action.url);
  return {
    imageUrl: text(action.imageUrl) ?? (type ? logoUrl(loadingContext, type) : undefined),
    imageAlt: name,
    issuerImageUrl:
      text(action.issuerImageUrl) ?? (issuer ? logoUrl(loadingContext, type, issuer) : undefined),
    issuerImageAlt: issuer ? i18n.get('voucher.issuerLogo', { issuer }) : undefined,
    title: i18n.get('voucher.title', { method: name }),
    introduction: text(action.introduction) ?? i18n.get(`voucher.introduction.${family ?? 'default'}`),
    instructionsUrl,
    amount: amountOf(action.totalAmount) ?? amountOf(action.amount),
    surcharge: surcharge?.value ? surcharge : undefined,
    reference: text(action.reference),
    referenceLabel: i18n.get(family === 'boleto' ? 'voucher.reference.boleto' : 'voucher.reference'),
    barcodeUrl: barcodeOf(checkout, family, action),
    details: detailsOf(checkout, action),
    downloadUrl,
    downloadLabel: text(action.downloadButtonText),
  };
}

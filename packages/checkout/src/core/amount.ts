/** Amounts are integers in minor units (docs/domain.md, Money, errors, idempotency). */
export interface Amount {
  value: number;
  currency: string;
}

const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'IDR',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** How many minor units make one major unit: 1, 10 (MRO), 100 (most) or 1000. */
export function minorUnitDivider(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 1;
  if (THREE_DECIMAL.has(code)) return 1000;
  if (code === 'MRO') return 10;
  return 100;
}

/** An amount in minor units as the locale writes it (`€10.00`). */
export function formatAmount(amount: Amount, locale: string): string {
  const divider = minorUnitDivider(amount.currency);
  const digits = Math.round(Math.log10(divider));
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: amount.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount.value / divider);
  } catch {
    return `${(amount.value / divider).toFixed(digits)} ${amount.currency}`;
  }
}

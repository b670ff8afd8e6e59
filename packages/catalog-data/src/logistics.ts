/**
 * Shipping and VAT: ship methods with transit days per destination and cost by weight band, VAT
 * rates per country and the tax groups that decide whether VAT is charged (domestic), shifted to
 * the buyer (EU reverse charge) or not charged (export outside the EU).
 */
import type { TaxGroupId } from './customers.ts';

export interface WeightBand {
  /** The band applies up to and including this shipment weight in kg. */
  maxWeightKg: number;
  /** Cost in minor units per currency. */
  costDkk: number;
  costEur: number;
}

export interface ShipMethod {
  id: string;
  name: string;
  description: string;
  /** Business days to each destination country (two-letter code); a missing country is not served. */
  estimatedTransitDays: Record<string, number>;
  /** Ascending bands; a shipment heavier than the last band cannot use the method. */
  weightBands: WeightBand[];
}

const DESTINATIONS = ['DK', 'DE', 'NL', 'BE', 'SE', 'FI', 'AT', 'PL', 'NO'] as const;

function transitDays(
  base: number,
  extra: Partial<Record<(typeof DESTINATIONS)[number], number>>,
): Record<string, number> {
  return Object.fromEntries(DESTINATIONS.map((country) => [country, base + (extra[country] ?? 0)]));
}

export const SHIP_METHODS: readonly ShipMethod[] = [
  {
    id: 'STANDARD-PARCEL',
    name: 'Standard parcel',
    description: 'Parcel service, delivered on business days; up to 31.5 kg per shipment.',
    estimatedTransitDays: transitDays(2, { DK: -1, FI: 1, NO: 2, PL: 1, AT: 1 }),
    weightBands: [
      { maxWeightKg: 5, costDkk: 9_500, costEur: 1_290 },
      { maxWeightKg: 15, costDkk: 14_500, costEur: 1_950 },
      { maxWeightKg: 31.5, costDkk: 22_500, costEur: 2_990 },
    ],
  },
  {
    id: 'EXPRESS',
    name: 'Express (next business day)',
    description: 'Express courier, next business day within the EU mainland when ordered before 14:00.',
    estimatedTransitDays: transitDays(1, { FI: 1, NO: 1 }),
    weightBands: [
      { maxWeightKg: 5, costDkk: 24_500, costEur: 3_290 },
      { maxWeightKg: 15, costDkk: 36_500, costEur: 4_890 },
      { maxWeightKg: 31.5, costDkk: 52_500, costEur: 6_990 },
    ],
  },
  {
    id: 'PALLET-FREIGHT',
    name: 'Pallet freight',
    description: 'Palletised road freight with tail-lift delivery; for heavy or large orders.',
    estimatedTransitDays: transitDays(3, { DK: -1, DE: -1, FI: 2, NO: 2, PL: 1 }),
    weightBands: [
      { maxWeightKg: 300, costDkk: 95_000, costEur: 12_800 },
      { maxWeightKg: 1000, costDkk: 165_000, costEur: 22_200 },
      { maxWeightKg: 2500, costDkk: 285_000, costEur: 38_300 },
    ],
  },
];

/** Cost of a shipment of the given weight, or null when the method cannot carry it. */
export function shippingCost(method: ShipMethod, weightKg: number, currency: 'DKK' | 'EUR'): number | null {
  const band = method.weightBands.find((candidate) => weightKg <= candidate.maxWeightKg);
  if (!band) return null;
  return currency === 'DKK' ? band.costDkk : band.costEur;
}

export interface VatRate {
  countryCode2: string;
  /** Standard rate in basis points (2,500 = 25 %). */
  standardRateBasisPoints: number;
  euMember: boolean;
}

export const VAT_RATES: readonly VatRate[] = [
  { countryCode2: 'DK', standardRateBasisPoints: 2500, euMember: true },
  { countryCode2: 'DE', standardRateBasisPoints: 1900, euMember: true },
  { countryCode2: 'NL', standardRateBasisPoints: 2100, euMember: true },
  { countryCode2: 'BE', standardRateBasisPoints: 2100, euMember: true },
  { countryCode2: 'SE', standardRateBasisPoints: 2500, euMember: true },
  { countryCode2: 'FI', standardRateBasisPoints: 2550, euMember: true },
  { countryCode2: 'AT', standardRateBasisPoints: 2000, euMember: true },
  { countryCode2: 'PL', standardRateBasisPoints: 2300, euMember: true },
  { countryCode2: 'NO', standardRateBasisPoints: 2500, euMember: false },
];

export interface TaxGroup {
  /** At most 10 characters. */
  id: TaxGroupId;
  name: string;
  /**
   * domestic: charge the VAT of `vatCountryCode2`; reverseCharge: 0 % and the buyer accounts for
   * VAT (intra-EU B2B with a valid VAT number); export: 0 %, outside the EU.
   */
  kind: 'domestic' | 'reverseCharge' | 'export';
  vatCountryCode2: string | null;
  /** Text the invoice must carry, if any. */
  invoiceNote: string | null;
}

export const TAX_GROUPS: readonly TaxGroup[] = [
  { id: 'DK-DOM', name: 'Denmark, domestic', kind: 'domestic', vatCountryCode2: 'DK', invoiceNote: null },
  { id: 'DE-DOM', name: 'Germany, domestic', kind: 'domestic', vatCountryCode2: 'DE', invoiceNote: null },
  { id: 'NL-DOM', name: 'Netherlands, domestic', kind: 'domestic', vatCountryCode2: 'NL', invoiceNote: null },
  { id: 'SE-DOM', name: 'Sweden, domestic', kind: 'domestic', vatCountryCode2: 'SE', invoiceNote: null },
  {
    id: 'EU-RC',
    name: 'EU reverse charge',
    kind: 'reverseCharge',
    vatCountryCode2: null,
    invoiceNote:
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  },
  {
    id: 'EXPORT',
    name: 'Export outside the EU',
    kind: 'export',
    vatCountryCode2: null,
    invoiceNote: 'Export of goods outside the EU, exempt from VAT.',
  },
];

/** VAT rate in basis points that applies to a tax group (0 for reverse charge and export). */
export function vatRateBasisPointsFor(taxGroupId: string): number {
  const group = TAX_GROUPS.find((candidate) => candidate.id === taxGroupId);
  if (!group) throw new RangeError(`Unknown tax group ${taxGroupId}`);
  if (group.kind !== 'domestic') return 0;
  return VAT_RATES.find((rate) => rate.countryCode2 === group.vatCountryCode2)?.standardRateBasisPoints ?? 0;
}

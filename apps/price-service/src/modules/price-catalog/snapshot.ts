/**
 * The in-process price snapshot: every price fact of one price-catalog version, indexed for the
 * hot calls (no SQL per price). Built by `PriceCatalog` from the owning modules' services.
 */
import type { DatedRate } from '../currency/service.ts';
import type { ShipMethodEntry } from '../shipping/service.ts';
import type { SalesCompanyEntry, TaxGroupEntry, VatRateEntry } from '../tax/service.ts';

export interface PriceListEntry {
  id: string;
  currency: string;
  validFromMs: number;
  /** Exclusive; null = open-ended. */
  validToMs: number | null;
}

export interface ItemEntry {
  salesItemNumber: string;
  familyId: string;
  priceListId: string;
  /** Gross price, DKK minor units. */
  grossPrice: number;
  active: boolean;
  shipWeightGrams: number;
  /** The item's break schedule (own, else family's) resolved at load; null = none; undefined = not resolved. */
  resolvedBreaks?: readonly BreakEntry[] | null;
}

export interface FamilyEntry {
  id: string;
  productFamilyGroup: string;
  basePrice: number;
  /** facet → value label → markup (DKK minor units), every offered value. */
  markups: Map<string, Map<string, number>>;
  /** Active items on the family's quantity-break schedule, ascending by gross price. */
  ordinaryActive: ItemEntry[];
  /** Active items with their own quantity-break schedule (priced one by one). */
  specialActive: ItemEntry[];
}

export interface BreakEntry {
  minQuantity: number;
  discountBasisPoints: number;
}

export interface NetPriceEntry {
  id: string;
  salesItemNumber: string;
  currency: 'DKK' | 'EUR';
  price: number;
  validFromMs: number;
  validToMs: number | null;
}

export interface PriceSnapshot {
  version: number;
  priceLists: Map<string, PriceListEntry>;
  families: Map<string, FamilyEntry>;
  items: Map<string, ItemEntry>;
  /** `${salesCompanyId}|${customerErpId}|${group}` ('' erp id = company default) → basis points. */
  discounts: Map<string, number>;
  /** `${salesCompanyId}|${customerErpId}` → sales item number → agreements. */
  netPrices: Map<string, Map<string, NetPriceEntry[]>>;
  /** `family:<id>` / `item:<number>` → breaks ascending by minQuantity. */
  breaks: Map<string, BreakEntry[]>;
  rates: DatedRate[];
  vatRates: Map<string, VatRateEntry>;
  taxGroups: Map<string, TaxGroupEntry>;
  salesCompanies: Map<string, SalesCompanyEntry>;
  shipMethods: Map<string, ShipMethodEntry>;
}

export const familyScheduleKey = (familyId: string) => `family:${familyId}`;
export const itemScheduleKey = (salesItemNumber: string) => `item:${salesItemNumber}`;

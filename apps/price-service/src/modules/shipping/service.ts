/**
 * Shipping price: the ship method's weight band that carries the order's total weight (the first
 * band whose upper limit ≥ the weight), in the order currency. Weights are integer grams.
 */
import type { PriceCurrency } from '@actuate/contracts';
import type { Executor } from '@actuate/service-kit';
import type { PriceContext } from '../../shared/context.ts';
import * as repository from './repository.ts';

export interface WeightBandEntry {
  maxWeightGrams: number;
  costDkk: number;
  costEur: number;
}
export interface ShipMethodEntry {
  id: string;
  name: string;
  countries: ReadonlySet<string>;
  description: string;
  /** Business days to each destination country with an estimate. */
  transitDays: Readonly<Record<string, number>>;
  /** Place in the list offered to the buyer. */
  position: number;
  /** Ascending by maxWeightGrams. */
  bands: WeightBandEntry[];
}

export type ShippingQuote =
  | { ok: true; cost: number }
  | { ok: false; reason: 'country-not-served' | 'shipment-too-heavy'; maxWeightGrams?: number };

export function quoteShipping(
  method: ShipMethodEntry,
  country: string,
  weightGrams: number,
  currency: PriceCurrency,
): ShippingQuote {
  if (!method.countries.has(country)) return { ok: false, reason: 'country-not-served' };
  const band = method.bands.find((candidate) => weightGrams <= candidate.maxWeightGrams);
  if (!band) {
    return {
      ok: false,
      reason: 'shipment-too-heavy',
      maxWeightGrams: method.bands.at(-1)?.maxWeightGrams ?? 0,
    };
  }
  return { ok: true, cost: currency === 'DKK' ? band.costDkk : band.costEur };
}

export async function loadShipMethods(executor: Executor): Promise<Map<string, ShipMethodEntry>> {
  // One after the other: they share the loading transaction's single connection.
  const methods = await repository.listMethods(executor);
  const bands = await repository.listBands(executor);
  const result = new Map<string, ShipMethodEntry>();
  for (const method of methods) {
    result.set(method.id, {
      id: method.id,
      name: method.name,
      countries: new Set(method.countries),
      description: method.description,
      transitDays: method.transitDays,
      position: method.position,
      bands: [],
    });
  }
  for (const band of bands) result.get(band.shipMethodId)?.bands.push(band);
  for (const method of result.values()) method.bands.sort((a, b) => a.maxWeightGrams - b.maxWeightGrams);
  return result;
}

export interface ShipMethodInput {
  id: string;
  name: string;
  countries: string[];
  /** Kept empty, without estimates and at position 0 when not given. */
  description?: string | undefined;
  transitDays?: Record<string, number> | undefined;
  position?: number | undefined;
  bands: WeightBandEntry[];
}

/** Replaces each given method (name, countries and every band). */
export const replaceShipMethods = (executor: Executor, methods: readonly ShipMethodInput[]) =>
  repository.replaceMethods(executor, methods);

/** The ship methods in the order they are offered to the buyer (position, then id). */
export function offeredShipMethods(methods: ReadonlyMap<string, ShipMethodEntry>): ShipMethodEntry[] {
  return [...methods.values()].sort(
    (a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The ship methods as the price cache holds them. */
export interface ShipMethodSource {
  snapshot(): Promise<{ shipMethods: ReadonlyMap<string, ShipMethodEntry> }>;
}

export class ShipMethodService {
  constructor(private readonly source: ShipMethodSource) {}

  async list(_context: PriceContext): Promise<ShipMethodEntry[]> {
    return offeredShipMethods((await this.source.snapshot()).shipMethods);
  }
}

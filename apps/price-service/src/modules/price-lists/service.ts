/**
 * Gross price lists: families with their option markups, sales items with their DKK gross price on
 * a dated price list. The gross price of a configuration is the item's list price with the markup of
 * each re-chosen option swapped: gross − markup(item's value) + markup(chosen value), per facet.
 */
import {
  badRequest,
  type Database,
  type Executor,
  err,
  notFound,
  ok,
  type Result,
} from '@actuate/service-kit';
import type { PriceContext } from '../../shared/context.ts';
import type { PriceCatalog } from '../price-catalog/service.ts';
import {
  type FamilyEntry,
  type ItemEntry,
  itemScheduleKey,
  type PriceListEntry,
} from '../price-catalog/snapshot.ts';
import * as repository from './repository.ts';

export type GrossPriceFailure =
  | { code: 'unknown-option'; facet: string }
  | { code: 'unknown-option-value'; facet: string; value: string; allowed: string[] };

export interface GrossPrice {
  /** Gross price of the configuration, DKK minor units (the item's list price with the options swapped). */
  price: number;
  /** The family's base price. */
  basePrice: number;
  /** price − basePrice: what the configuration's options add. */
  markupPrice: number;
}

/** Gross price of an item re-configured with `options` (facet → value label). */
export function grossPriceOfConfiguration(
  family: FamilyEntry,
  item: ItemEntry,
  itemConfiguration: Readonly<Record<string, string>>,
  options: Readonly<Record<string, string>>,
): Result<GrossPrice, GrossPriceFailure> {
  let price = item.grossPrice;
  for (const [facet, value] of Object.entries(options)) {
    const values = family.markups.get(facet);
    if (!values) return err({ code: 'unknown-option', facet });
    const chosen = values.get(value);
    if (chosen === undefined) {
      return err({ code: 'unknown-option-value', facet, value, allowed: [...values.keys()] });
    }
    const current = itemConfiguration[facet];
    price += chosen - (current === undefined ? 0 : (values.get(current) ?? 0));
  }
  return ok({ price, basePrice: family.basePrice, markupPrice: price - family.basePrice });
}

export async function loadPriceLists(executor: Executor, itemSchedules: ReadonlySet<string>) {
  // One after the other: they share the loading transaction's single connection.
  const lists = await repository.listPriceLists(executor);
  const familyRows = await repository.listFamilies(executor);
  const markupRows = await repository.listMarkups(executor);
  const itemRows = await repository.listItems(executor);
  const priceLists = new Map<string, PriceListEntry>(
    lists.map((list) => [
      list.id,
      {
        id: list.id,
        currency: list.currency,
        validFromMs: list.validFrom.getTime(),
        validToMs: list.validTo ? list.validTo.getTime() : null,
      },
    ]),
  );
  const families = new Map<string, FamilyEntry>();
  for (const row of familyRows) {
    families.set(row.id, {
      id: row.id,
      productFamilyGroup: row.productFamilyGroup,
      basePrice: row.basePrice,
      markups: new Map(),
      ordinaryActive: [],
      specialActive: [],
    });
  }
  for (const row of markupRows) {
    const markups = families.get(row.familyId)?.markups;
    if (!markups) continue;
    const values = markups.get(row.facet) ?? new Map<string, number>();
    markups.set(row.facet, values);
    values.set(row.value, row.markup);
  }
  const items = new Map<string, ItemEntry>();
  for (const row of itemRows) {
    const item: ItemEntry = { ...row };
    items.set(item.salesItemNumber, item);
    const family = families.get(item.familyId);
    if (!family || !item.active) continue;
    if (itemSchedules.has(itemScheduleKey(item.salesItemNumber))) family.specialActive.push(item);
    else family.ordinaryActive.push(item);
  }
  for (const family of families.values()) {
    family.ordinaryActive.sort(
      (a, b) => a.grossPrice - b.grossPrice || (a.salesItemNumber < b.salesItemNumber ? -1 : 1),
    );
  }
  return { priceLists, families, items };
}

const itemConfiguration = repository.itemConfiguration;
export const upsertPriceLists = repository.upsertPriceLists;
export const upsertFamilies = repository.upsertFamilies;
export const upsertMarkups = repository.upsertMarkups;
export const upsertItems = repository.upsertItems;

// --- The call (context first) ------------------------------------------------------------------

export class GrossPriceService {
  constructor(
    private readonly catalog: PriceCatalog,
    private readonly db: Database,
  ) {}

  async grossPrice(
    _context: PriceContext,
    input: { salesItemNumber: string; options: Record<string, string>; currency: string },
  ): Promise<GrossPrice> {
    const snapshot = await this.catalog.snapshot();
    const item = snapshot.items.get(input.salesItemNumber);
    const family = item && snapshot.families.get(item.familyId);
    if (!item || !family) {
      throw notFound('sales-item-not-found', `Unknown sales item ${input.salesItemNumber}.`, {
        field: 'salesItemNumber',
        value: input.salesItemNumber,
      });
    }
    const list = snapshot.priceLists.get(item.priceListId);
    if (input.currency !== list?.currency) {
      throw notFound(
        'currency-not-found',
        `No gross price list in ${input.currency}; gross prices are in DKK.`,
        {
          field: 'currency',
          value: input.currency,
        },
      );
    }
    const configuration =
      Object.keys(input.options).length === 0
        ? {}
        : ((await itemConfiguration(this.db, item.salesItemNumber)) ?? {});
    const result = grossPriceOfConfiguration(family, item, configuration, input.options);
    if (!result.ok) {
      const failure = result.error;
      throw failure.code === 'unknown-option'
        ? badRequest(failure.code, `Product family ${family.id} has no option ${failure.facet}.`, {
            field: `options.${failure.facet}`,
          })
        : badRequest(
            failure.code,
            `Option ${failure.facet} of ${family.id} has no value "${failure.value}".`,
            {
              field: `options.${failure.facet}`,
              value: failure.value,
              allowed: failure.allowed,
            },
          );
    }
    return result.value;
  }
}

/**
 * ERP item lifecycle states: one record per sales item at its factory and one per sales company
 * the item is released to. A missing sales-company record, a non-sellable lifecycle state or a
 * stopped item state makes the ERP refuse an order line (`LINE_ITEM_ERP_ISSUES` in @actuate/contracts).
 *
 * States follow the shop's product state (a discontinued item is obsolete in the ERP), plus a
 * little seeded noise on active items, as in a real ERP. The documented scenario items
 * (scenarios.ts) get exact states, and the happy-path items are released everywhere.
 */
import type { FactoryId } from './organisation.ts';
import { SALES_COMPANY_IDS } from './organisation.ts';
import { randomStream } from './random.ts';
import type { SalesItem } from './sales-items.ts';

export type ItemLifecycleState = 'Released' | 'PhaseOut' | 'Engineering' | 'Blocked' | 'Obsolete';
/** Lifecycle states in which the ERP accepts an order line. */
export const SELLABLE_LIFECYCLE_STATES: readonly ItemLifecycleState[] = ['Released', 'PhaseOut'];
/** Sales-company item state: 'Stopped' means sales are stopped although the item is released. */
export type ItemSalesState = 'Active' | 'Stopped';

export interface FactoryItemLifecycle {
  salesItemNumber: string;
  factoryId: FactoryId;
  lifecycleState: ItemLifecycleState;
}

export interface SalesCompanyItemLifecycle {
  salesItemNumber: string;
  salesCompanyId: string;
  lifecycleState: ItemLifecycleState;
  itemState: ItemSalesState;
}

export interface ItemLifecycleStates {
  factories: FactoryItemLifecycle[];
  /** An item without a record for a sales company is not set up there (MissingItemSalesCompany). */
  salesCompanies: SalesCompanyItemLifecycle[];
}

/** Exact states for one item, overriding the generated ones. */
export interface LifecycleOverride {
  factoryState?: ItemLifecycleState;
  /** Per sales company: a state, or 'missing' for no record. */
  salesCompanies?: Record<
    string,
    { lifecycleState: ItemLifecycleState; itemState: ItemSalesState } | 'missing'
  >;
}

/** Share of active items not set up at a sales company (smaller markets carry fewer variants). */
const NOT_RELEASED_SHARE: Record<string, number> = { ADK: 0.002, ADE: 0.003, ANL: 0.01, ASE: 0.015 };

export function buildItemLifecycleStates(
  salesItems: readonly SalesItem[],
  seed: number,
  overrides: ReadonlyMap<string, LifecycleOverride>,
  protectedItems: ReadonlySet<string>,
): ItemLifecycleStates {
  const random = randomStream(seed, 'lifecycle');
  const factories: FactoryItemLifecycle[] = [];
  const salesCompanies: SalesCompanyItemLifecycle[] = [];
  for (const item of salesItems) {
    const override = overrides.get(item.salesItemNumber);
    const clean = protectedItems.has(item.salesItemNumber) || override !== undefined;
    const factoryState = override?.factoryState ?? factoryStateOf(item, clean ? 1 : random.next());
    factories.push({
      salesItemNumber: item.salesItemNumber,
      factoryId: item.factoryId,
      lifecycleState: factoryState,
    });

    for (const salesCompanyId of SALES_COMPANY_IDS) {
      const roll = clean ? 1 : random.next();
      const forced = override?.salesCompanies?.[salesCompanyId];
      if (forced === 'missing') continue;
      if (forced) {
        salesCompanies.push({ salesItemNumber: item.salesItemNumber, salesCompanyId, ...forced });
        continue;
      }
      const state = salesCompanyStateOf(item, salesCompanyId, roll);
      if (state) salesCompanies.push({ salesItemNumber: item.salesItemNumber, salesCompanyId, ...state });
    }
  }
  return { factories, salesCompanies };
}

function factoryStateOf(item: SalesItem, roll: number): ItemLifecycleState {
  switch (item.productState) {
    case 'Discontinued':
      return 'Obsolete';
    case 'Blocked':
      return 'Blocked';
    case 'ComingSoon':
      return 'Engineering';
    default:
      return roll < 0.002 ? 'Blocked' : 'Released';
  }
}

function salesCompanyStateOf(
  item: SalesItem,
  salesCompanyId: string,
  roll: number,
): { lifecycleState: ItemLifecycleState; itemState: ItemSalesState } | null {
  switch (item.productState) {
    case 'Discontinued':
      return { lifecycleState: 'Obsolete', itemState: 'Stopped' };
    case 'Blocked':
      return { lifecycleState: 'Blocked', itemState: 'Stopped' };
    case 'ComingSoon':
      return { lifecycleState: 'Engineering', itemState: 'Stopped' };
  }
  const missing = NOT_RELEASED_SHARE[salesCompanyId] ?? 0;
  if (roll < missing) return null;
  if (roll < missing + 0.003) return { lifecycleState: 'Blocked', itemState: 'Active' };
  if (roll < missing + 0.006) return { lifecycleState: 'Released', itemState: 'Stopped' };
  if (roll < missing + 0.016) return { lifecycleState: 'PhaseOut', itemState: 'Active' };
  return { lifecycleState: 'Released', itemState: 'Active' };
}

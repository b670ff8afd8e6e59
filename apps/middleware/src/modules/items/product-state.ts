/**
 * The ERP's item lifecycle as the shop's `ProductState` (spec: the sales item's product extension).
 * `Active` is the only orderable state; the others tell the buyer why not: `Discontinued` (phased out
 * or obsolete, usually with a successor), `ComingSoon` (still in engineering), `Blocked` (blocked,
 * sales stopped, or not set up at the sales company).
 */
export type ProductState = 'Active' | 'Discontinued' | 'ComingSoon' | 'Blocked';

/** The ERP item as the back office answers it (`GET /erp/items/{salesItemNumber}`). */
export interface ErpItem {
  salesItemNumber: string;
  factoryLifecycleState: string | null;
  successorSalesItemNumber: string | null;
  stockQuantity: number;
  leadTimeDays: number;
  salesCompanies: { salesCompanyId: string; lifecycleState: string; itemState: string }[];
}

function stateOfLifecycle(lifecycleState: string | null): ProductState {
  switch (lifecycleState) {
    case 'Released':
      return 'Active';
    case 'PhaseOut':
    case 'Obsolete':
      return 'Discontinued';
    case 'Engineering':
      return 'ComingSoon';
    default:
      return 'Blocked';
  }
}

/** The item's state at its factory: what holds for every sales company. */
export const factoryProductState = (item: ErpItem): ProductState =>
  stateOfLifecycle(item.factoryLifecycleState);

/**
 * The state at each sales company the item is set up at (a company without an entry: not set up,
 * so not orderable there). The factory's state wins when it is not orderable.
 */
export function salesCompanyProductStates(item: ErpItem): Record<string, ProductState> {
  const atFactory = factoryProductState(item);
  const states: Record<string, ProductState> = {};
  for (const company of item.salesCompanies) {
    const own = stateOfLifecycle(company.lifecycleState);
    states[company.salesCompanyId] =
      atFactory !== 'Active'
        ? atFactory
        : own === 'Active' && company.itemState !== 'Active'
          ? 'Blocked'
          : own;
  }
  return states;
}

/** The product extension and inventory the integration writes for an ERP item. */
export function productFieldsOf(item: ErpItem, now: Date) {
  return {
    xp: {
      ProductState: factoryProductState(item),
      SalesCompanyProductStates: salesCompanyProductStates(item),
      SuccessorSalesItemNumber: item.successorSalesItemNumber,
      LeadTimeDays: item.leadTimeDays,
    },
    Inventory: {
      Enabled: true,
      // The ERP makes more to order: stock shortens the delivery, it never stops an order.
      OrderCanExceed: true,
      QuantityAvailable: item.stockQuantity,
      LastUpdated: now.toISOString(),
    },
  };
}

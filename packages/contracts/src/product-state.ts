/**
 * Whether a sales item can be ordered, read from its product extension (written by the integration
 * from the ERP). One rule for the platform, the middleware and the storefront.
 */

/** The one product state in which a sales item can be ordered; no state: the ERP has not said otherwise. */
export const ORDERABLE_PRODUCT_STATE = 'Active';

interface ProductStateXp {
  ProductState?: unknown;
  SalesCompanyProductStates?: unknown;
}

/**
 * The state of a sales item for a buyer of this sales company: its general state (at the factory)
 * when that is not orderable, else the state the ERP gave it at the sales company. A company the
 * ERP has not set the item up at cannot order it (`Blocked`).
 */
export function productStateFor(
  xp: ProductStateXp | null | undefined,
  salesCompanyId: string | undefined,
): string {
  const general = typeof xp?.ProductState === 'string' ? xp.ProductState : ORDERABLE_PRODUCT_STATE;
  const perCompany = xp?.SalesCompanyProductStates;
  if (general !== ORDERABLE_PRODUCT_STATE || !salesCompanyId) return general;
  if (typeof perCompany !== 'object' || perCompany === null) return general;
  const own = (perCompany as Record<string, unknown>)[salesCompanyId];
  return typeof own === 'string' ? own : 'Blocked';
}
